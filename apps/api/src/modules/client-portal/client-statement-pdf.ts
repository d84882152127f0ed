import PDFDocument from 'pdfkit';
import { formatMoney, isoToDisplayDate, type PortalStatement } from '@matterhorn/shared';
import { chooseDocumentFonts } from '../../lib/pdf-fonts.ts';
import { numberPdfPages } from '../../lib/pdf-pages.ts';
import { drawPdfTableRows, layoutPdfTable, PdfTable, type PdfTableColumn, type PdfTableRow } from '../../lib/pdf-table.ts';
import { pdfBytesOf } from '../../lib/pdf-bytes.ts';

const MARGIN = 40;
const FOOTER_HEIGHT = 20;
const WIDTH = 595.28 - 2 * MARGIN;
const COLUMNS: readonly PdfTableColumn[] = [
  { label: 'Date' },
  { label: 'Details', wrapWeight: 1 },
  { label: 'Invoices', align: 'right' },
  { label: 'Owed', align: 'right' },
  { label: 'Trust', align: 'right' },
  { label: 'Held in trust', align: 'right' },
];

/**
 * The client's statement of account as a PDF (pdfkit, like the invoice and the trust statement):
 * per currency, the opening balances, each line with what is owed and what is held in trust after
 * it (two balances, never netted), and the closing balances.
 */
export function buildClientStatementPdf(statement: PortalStatement): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    info: { Title: `Statement of account — ${statement.clientName}` },
  });
  const texts = [
    statement.firmName,
    statement.clientName,
    ...statement.sections.flatMap((section) => [
      section.currencySymbol,
      ...section.lines.flatMap((line) => [line.description, line.reference ?? '', line.matterName ?? '']),
    ]),
  ];
  const { regular, bold, clean } = chooseDocumentFonts(doc, texts);
  const done = pdfBytesOf(doc);

  doc.font(bold).fontSize(16).text(clean(statement.firmName));
  doc.font(bold).fontSize(13).text('Statement of account').moveDown(0.3);
  doc
    .font(regular)
    .fontSize(10)
    .text(clean(`Client: ${statement.clientName}`));
  doc.text(
    `Period: ${statement.fromDate ? isoToDisplayDate(statement.fromDate) : 'From the first entry'} to ${isoToDisplayDate(statement.toDate)}`,
  );
  doc
    .text('"Owed" is what you owe the firm on its invoices; "Held in trust" is your money the firm holds. They are kept apart.')
    .moveDown(0.8);

  if (statement.sections.length === 0) doc.font(regular).fontSize(10).text('Nothing has been invoiced or held in trust for you yet.');
  const style = { regular, bold, fontSize: 8.5, minimumFontSize: 6, padding: 3 };
  const header: PdfTableRow = { cells: COLUMNS.map((column) => column.label), isBold: true };
  for (const section of statement.sections) {
    const money = (amount: string) => clean(formatMoney(amount, section.currencySymbol));
    const rows: PdfTableRow[] = [
      { cells: ['', 'Opening balances', '', money(section.opening.owed), '', money(section.opening.heldInTrust)], isBold: true },
      ...section.lines.map((line) => ({
        cells: [
          isoToDisplayDate(line.date),
          clean([line.description, line.reference, line.matterName].filter(Boolean).join(' · ')),
          line.account === 'invoices' ? money(line.amount) : '',
          money(line.owedAfter),
          line.account === 'trust' ? money(line.amount) : '',
          money(line.heldInTrustAfter),
        ],
      })),
      { cells: ['', 'Closing balances', '', money(section.closing.owed), '', money(section.closing.heldInTrust)], isBold: true },
    ];
    const table = new PdfTable(doc, COLUMNS, layoutPdfTable(doc, COLUMNS, rows, WIDTH, style), MARGIN, style);
    if (doc.y + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc
      .font(bold)
      .fontSize(11)
      .text(clean(`In ${section.currencyCode || section.currencySymbol}`), MARGIN)
      .moveDown(0.2);
    drawPdfTableRows(doc, table, rows, header);
    doc.font(regular).fontSize(10).moveDown(0.8);
  }
  numberPdfPages(doc, { font: regular, size: 8, margin: MARGIN, prefix: `Statement of account — ${clean(statement.clientName)} — ` });
  doc.end();
  return done;
}
