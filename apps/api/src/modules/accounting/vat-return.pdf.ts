import PDFDocument from 'pdfkit';
import { formatMoney, isoToDisplayDate, VAT_DOCUMENT_LABELS, type VatReturn } from '@matterhorn/shared';
import { chooseDocumentFonts } from '../../lib/pdf-fonts.ts';
import { numberPdfPages } from '../../lib/pdf-pages.ts';
import { drawPdfTableRows, layoutPdfTable, PdfTable, type PdfTableColumn, type PdfTableRow } from '../../lib/pdf-table.ts';
import type { VatFigures } from './vat-return.rules.ts';
import { pdfBytesOf } from '../../lib/pdf-bytes.ts';

const MARGIN = 40;
const FOOTER_HEIGHT = 20;
/** Landscape A4: eleven columns of figures need the width. */
const WIDTH = 841.89 - 2 * MARGIN;
const COLUMNS: readonly PdfTableColumn[] = [
  { label: 'Invoice' },
  { label: 'Date' },
  { label: 'Client', wrapWeight: 1 },
  { label: 'Fees net', align: 'right' },
  { label: 'Tax on fees', align: 'right' },
  { label: 'Costs net', align: 'right' },
  { label: 'Tax on costs', align: 'right' },
  { label: 'Net', align: 'right' },
  { label: 'Tax', align: 'right' },
];

const amounts = (figures: VatFigures) =>
  [figures.feesNet, figures.feesTax, figures.costsNet, figures.costsTax, figures.net, figures.tax].map((value) => formatMoney(value));

export type VatReturnPdfInput = { vatReturn: VatReturn; firmName: string; printedOn: string };

/**
 * The VAT return as the firm files it: per currency, the output tax by rate with the invoices behind
 * each figure (voids negative), the totals, the VAT output account's movement and the checks with
 * PASS or FAIL. Columns are measured so no amount wraps; every page is numbered.
 */
export function buildVatReturnPdf({ vatReturn, firmName, printedOn }: VatReturnPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    info: { Title: `VAT return ${vatReturn.fromDate} to ${vatReturn.toDate}` },
  });
  const texts = [
    firmName,
    ...vatReturn.currencies.flatMap((section) =>
      section.rates.flatMap((rate) => [rate.taxName, ...rate.invoices.map((invoice) => invoice.clientName)]),
    ),
  ];
  const { regular, bold, clean } = chooseDocumentFonts(doc, texts);
  const done = pdfBytesOf(doc);

  doc.font(bold).fontSize(16).text(clean(firmName));
  doc.font(bold).fontSize(13).text('VAT return: output tax').moveDown(0.3);
  doc
    .font(regular)
    .fontSize(10)
    .text(`Period: ${isoToDisplayDate(vatReturn.fromDate)} to ${isoToDisplayDate(vatReturn.toDate)}`);
  doc.text(`Printed on ${isoToDisplayDate(printedOn)}`).moveDown(0.3);
  doc.fontSize(8.5).text(clean(vatReturn.basis), { width: WIDTH }).moveDown(0.8);
  if (vatReturn.currencies.length === 0)
    doc.fontSize(10).text('No invoice was issued or voided and nothing was posted to the VAT output account in this period.');

  const style = { regular, bold, fontSize: 8.5, minimumFontSize: 6, padding: 3 };
  const header: PdfTableRow = { cells: COLUMNS.map((column) => column.label), isBold: true };
  for (const section of vatReturn.currencies) {
    const rows: PdfTableRow[] = [];
    for (const rate of section.rates) {
      rows.push({ cells: [clean(`${rate.taxName} at ${rate.ratePercent}%`)], isBold: true });
      for (const invoice of rate.invoices) {
        const number =
          invoice.kind === 'invoice'
            ? invoice.invoiceNumber
            : `${invoice.invoiceNumber} (${VAT_DOCUMENT_LABELS[invoice.kind].toLowerCase()})`;
        rows.push({ cells: [clean(number), isoToDisplayDate(invoice.date), clean(invoice.clientName), ...amounts(invoice)] });
      }
      rows.push({ cells: ['', '', clean(`Total at ${rate.ratePercent}%`), ...amounts(rate)], isBold: true });
    }
    rows.push({ cells: ['', '', `Total ${section.currencyCode}`, ...amounts(section.totals)], isBold: true });
    const table = new PdfTable(doc, COLUMNS, layoutPdfTable(doc, COLUMNS, rows, WIDTH, style), MARGIN, style);
    if (doc.y + 80 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc.font(bold).fontSize(11).text(`${section.currencyCode}`, MARGIN).moveDown(0.2);
    drawPdfTableRows(doc, table, rows, header);
    doc.font(regular).fontSize(9).moveDown(0.4);
    doc.text(
      `VAT output account ${section.vatAccountNumber}: net credit movement in the period ${formatMoney(section.vatAccountMovement)}, of which other postings ${formatMoney(section.otherMovement)}.`,
      MARGIN,
      doc.y,
      { width: WIDTH },
    );
    for (const check of section.tieOuts) {
      doc
        .font(bold)
        .text(`${check.isPassing ? 'PASS' : 'FAIL'}: `, MARGIN, doc.y, { continued: true, width: WIDTH })
        .font(regular)
        .text(clean(`${check.name}: invoices ${formatMoney(check.expected)}, ledger ${formatMoney(check.actual)}`));
    }
    doc.moveDown(0.8);
  }
  numberPdfPages(doc, { font: regular, size: 8, margin: MARGIN, prefix: `VAT return — ${clean(firmName)} — ` });
  doc.end();
  return done;
}
