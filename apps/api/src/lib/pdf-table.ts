/** A column of a pdfkit table: its heading, its width in points, and whether its cells align right (money). */
export type PdfColumn = { readonly label: string; readonly width: number; readonly right?: boolean };

/**
 * Draws a table one row at a time from the left margin: each cell wraps within its column, the row
 * is as tall as its tallest cell, and a row near the foot of the page starts a new one.
 */
export function pdfTableRows(doc: PDFKit.PDFDocument, columns: readonly PdfColumn[], margin: number, clean: (text: string) => string) {
  return (cells: string[], font: string) => {
    if (doc.y > 780) doc.addPage();
    const y = doc.y;
    let x = margin;
    doc.font(font).fontSize(8.5);
    let height = 0;
    columns.forEach((column, index) => {
      const text = clean(cells[index] ?? '');
      const options = { width: column.width - 4, align: column.right ? ('right' as const) : ('left' as const) };
      doc.text(text, x + 2, y, options);
      height = Math.max(height, doc.heightOfString(text, options));
      x += column.width;
    });
    doc.y = y + height + 4;
    doc.x = margin;
  };
}
