/**
 * Writes "Page N of M" (after an optional prefix) centred at the foot of every page of a document
 * made with `bufferPages: true`, once all its pages exist. Call before `doc.end()`.
 */
export function numberPdfPages(doc: PDFKit.PDFDocument, options: { font: string; size: number; margin: number; prefix?: string }) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // The footer sits in the bottom margin, where pdfkit would otherwise start a new page for it.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const text = `${options.prefix ?? ''}Page ${index - range.start + 1} of ${range.count}`;
    const width = doc.page.width - 2 * options.margin;
    doc
      .font(options.font)
      .fontSize(options.size)
      .text(text, options.margin, doc.page.height - options.margin - options.size / 2, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
}
