/**
 * A column of a pdfkit table. A column with a `wrapWeight` (descriptions, names) wraps its text and
 * shares out the width the other columns leave, in proportion to its weight. Every other column
 * (dates, numbers, quantities, amounts) is as wide as its widest cell or heading, and its cells are
 * drawn on one line: an amount is never broken across lines.
 */
export type PdfTableColumn = { readonly label: string; readonly align?: 'left' | 'right'; readonly wrapWeight?: number };

/** A row's cells, one per column ('\n' starts a new line within a cell); bold for headings and totals. */
export type PdfTableRow = { readonly cells: readonly string[]; readonly isBold?: boolean };

export type PdfTableStyle = {
  readonly regular: string;
  readonly bold: string;
  /** The size the table is set in when its columns fit… */
  readonly fontSize: number;
  /** …and the smallest it shrinks to when they do not. */
  readonly minimumFontSize: number;
  /** Space inside each side of a cell. */
  readonly padding: number;
};

export type PdfTableLayout = { readonly fontSize: number; readonly widths: readonly number[] };

/** A wrapping column is at least as wide as its longest word, up to this share of the table (a URL may still break). */
const LONGEST_WORD_SHARE = 0.3;
/** What pdfkit's line wrapper may lose to rounding when a line is exactly as wide as its column. */
const SLACK = 0.5;

/**
 * The font size and column widths at which every heading and every unwrapped cell fits on one line:
 * the columns are measured with the fonts they are drawn in, and the whole table shrinks, half a
 * point at a time, until they fit. Below the minimum size nothing shrinks further and the columns
 * keep their natural widths (which no amount up to NUMERIC(16,2) reaches in these tables).
 */
export function layoutPdfTable(
  doc: PDFKit.PDFDocument,
  columns: readonly PdfTableColumn[],
  rows: readonly PdfTableRow[],
  width: number,
  style: PdfTableStyle,
): PdfTableLayout {
  // Text widths grow linearly with the size: measured once at 1 pt, scaled for each size tried.
  const natural = columns.map((column, index) => naturalWidthAtOnePoint(doc, column, index, rows, style, width));
  for (let size = style.fontSize; ; size = Math.max(style.minimumFontSize, size - 0.5)) {
    const needs = natural.map((unit) => unit * size + 2 * style.padding + SLACK);
    const spare = width - needs.reduce((total, need) => total + need, 0);
    if (spare >= 0 || size === style.minimumFontSize) return { fontSize: size, widths: shareOut(columns, needs, Math.max(spare, 0)) };
  }
}

function naturalWidthAtOnePoint(
  doc: PDFKit.PDFDocument,
  column: PdfTableColumn,
  index: number,
  rows: readonly PdfTableRow[],
  style: PdfTableStyle,
  tableWidth: number,
): number {
  const measure = (text: string, font: string) => doc.font(font).fontSize(1).widthOfString(text);
  let widest = measure(column.label, style.bold);
  const wordCap = (tableWidth * LONGEST_WORD_SHARE) / style.fontSize;
  for (const row of rows) {
    const text = row.cells[index] ?? '';
    if (!text) continue;
    const font = row.isBold ? style.bold : style.regular;
    const pieces = column.wrapWeight ? text.split(/\s+/) : text.split('\n');
    for (const piece of pieces) {
      const pieceWidth = measure(piece, font);
      widest = Math.max(widest, column.wrapWeight ? Math.min(pieceWidth, wordCap) : pieceWidth);
    }
  }
  return widest;
}

/** The spare width goes to the wrapping columns by weight, or evenly to all when none wraps. */
function shareOut(columns: readonly PdfTableColumn[], needs: number[], spare: number): number[] {
  const totalWeight = columns.reduce((total, column) => total + (column.wrapWeight ?? 0), 0);
  return needs.map((need, index) =>
    totalWeight > 0 ? need + (spare * (columns[index]!.wrapWeight ?? 0)) / totalWeight : need + spare / columns.length,
  );
}

/** Draws the rows of a laid-out table from `left`: each as tall as its tallest cell. */
export class PdfTable {
  private readonly doc: PDFKit.PDFDocument;
  private readonly columns: readonly PdfTableColumn[];
  private readonly layout: PdfTableLayout;
  private readonly left: number;
  private readonly style: PdfTableStyle;

  constructor(doc: PDFKit.PDFDocument, columns: readonly PdfTableColumn[], layout: PdfTableLayout, left: number, style: PdfTableStyle) {
    this.doc = doc;
    this.columns = columns;
    this.layout = layout;
    this.left = left;
    this.style = style;
  }

  get width(): number {
    return this.layout.widths.reduce((total, width) => total + width, 0);
  }

  private useFont(row: PdfTableRow) {
    this.doc.font(row.isBold ? this.style.bold : this.style.regular).fontSize(this.layout.fontSize);
  }

  /** The row's height, padding included. */
  heightOf(row: PdfTableRow): number {
    this.useFont(row);
    const { padding } = this.style;
    const lineHeight = this.doc.currentLineHeight(true);
    const heights = this.columns.map((column, index) => {
      const text = row.cells[index] ?? '';
      if (!text) return 0;
      if (column.wrapWeight) return this.doc.heightOfString(text, { width: this.layout.widths[index]! - 2 * padding });
      return text.split('\n').length * lineHeight;
    });
    return Math.max(lineHeight, ...heights) + 2 * padding;
  }

  /** Draws the row with its top at `y`; answers its height. */
  draw(row: PdfTableRow, y: number): number {
    const { doc } = this;
    const { padding } = this.style;
    const height = this.heightOf(row);
    this.useFont(row);
    const lineHeight = doc.currentLineHeight(true);
    let x = this.left;
    this.columns.forEach((column, index) => {
      const width = this.layout.widths[index]!;
      const text = row.cells[index] ?? '';
      if (column.wrapWeight && text) {
        doc.text(text, x + padding, y + padding, { width: width - 2 * padding, align: column.align ?? 'left' });
      } else if (text) {
        text.split('\n').forEach((line, lineIndex) => {
          const lineX = column.align === 'right' ? x + width - padding - doc.widthOfString(line) : x + padding;
          doc.text(line, lineX, y + padding + lineIndex * lineHeight, { lineBreak: false });
        });
      }
      x += width;
    });
    doc.x = this.left;
    doc.y = y + height;
    return height;
  }
}

/**
 * Draws rows from the document's y on; a row that would cross the page's bottom margin starts a new
 * page, which begins with the header again.
 */
export function drawPdfTableRows(doc: PDFKit.PDFDocument, table: PdfTable, rows: readonly PdfTableRow[], header: PdfTableRow | null) {
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  if (header) {
    if (doc.y + table.heightOf(header) + (rows[0] ? table.heightOf(rows[0]) : 0) > bottom()) doc.addPage();
    table.draw(header, doc.y);
  }
  for (const row of rows) {
    if (doc.y + table.heightOf(row) > bottom()) {
      doc.addPage();
      if (header) table.draw(header, doc.y);
    }
    table.draw(row, doc.y);
  }
}
