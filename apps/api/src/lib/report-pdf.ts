import PDFDocument from 'pdfkit';
import { chooseDocumentFonts } from './pdf-fonts.ts';
import { numberPdfPages } from './pdf-pages.ts';
import { drawPdfTableRows, layoutPdfTable, PdfTable, type PdfTableColumn, type PdfTableRow } from './pdf-table.ts';
import { pdfBytesOf } from './pdf-bytes.ts';

/** One table of a report: an optional heading above it, its columns and rows (bold for headings and totals). */
export type ReportTable = { heading: string | null; columns: readonly PdfTableColumn[]; rows: readonly PdfTableRow[] };

/**
 * An accounting report as the PDFs print it: the firm, the title, lines saying the period and the
 * basis, then its tables (one per currency, the tie-outs last).
 */
export type ReportDocument = {
  firmName: string;
  title: string;
  lines: readonly string[];
  tables: readonly ReportTable[];
  /** Paragraphs under the tables (a report's formula, date basis and rounding). */
  notes?: readonly string[];
  /** Wide tables (the general ledger) print across the page. */
  landscape?: boolean;
};

const MARGIN = 40;
const FOOTER_HEIGHT = 20;

/** The report as an A4 PDF: every column measured so no amount wraps, each table's header repeated on a new page, pages numbered. */
export function buildReportPdf(report: ReportDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: report.landscape ? 'landscape' : 'portrait',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    info: { Title: `${report.title} — ${report.firmName}` },
  });
  const texts = [
    report.firmName,
    report.title,
    ...report.lines,
    ...(report.notes ?? []),
    ...report.tables.flatMap((table) => [table.heading ?? '', ...table.rows.flatMap((row) => row.cells)]),
  ];
  const { regular, bold, clean } = chooseDocumentFonts(doc, texts);
  const done = pdfBytesOf(doc);

  const width = doc.page.width - 2 * MARGIN;
  doc.font(bold).fontSize(16).text(clean(report.firmName), { width });
  doc.font(bold).fontSize(13).text(clean(report.title), { width }).moveDown(0.3);
  doc.font(regular).fontSize(9.5);
  for (const line of report.lines) doc.text(clean(line), { width });
  doc.moveDown(0.8);

  const style = { regular, bold, fontSize: 8.5, minimumFontSize: 6, padding: 3 };
  for (const table of report.tables) {
    const rows = table.rows.map((row) => ({ ...row, cells: row.cells.map(clean) }));
    const header: PdfTableRow = { cells: table.columns.map((column) => clean(column.label)), isBold: true };
    const pdfTable = new PdfTable(doc, table.columns, layoutPdfTable(doc, table.columns, rows, width, style), MARGIN, style);
    if (doc.y + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    if (table.heading) doc.font(bold).fontSize(11).text(clean(table.heading), MARGIN, doc.y, { width }).moveDown(0.2);
    drawPdfTableRows(doc, pdfTable, rows, header);
    doc.font(regular).fontSize(10).moveDown(0.8);
  }
  doc.font(regular).fontSize(8.5);
  for (const note of report.notes ?? []) doc.text(clean(note), MARGIN, doc.y, { width }).moveDown(0.3);
  numberPdfPages(doc, { font: regular, size: 8, margin: MARGIN, prefix: `${clean(report.title)} — ${clean(report.firmName)} — ` });
  doc.end();
  return done;
}
