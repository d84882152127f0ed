import PDFDocument from 'pdfkit';
import { formatMoney, isoToDisplayDate, type WithholdingTaxSchedule } from '@matterhorn/shared';
import { csvFileStart, csvLine } from '../../lib/csv.ts';
import { chooseDocumentFonts } from '../../lib/pdf-fonts.ts';
import { numberPdfPages } from '../../lib/pdf-pages.ts';
import { drawPdfTableRows, layoutPdfTable, PdfTable, type PdfTableColumn, type PdfTableRow } from '../../lib/pdf-table.ts';
import { pdfBytesOf } from '../../lib/pdf-bytes.ts';

export const WITHHOLDING_TAX_SCHEDULE_CSV_HEADER = [
  'Currency',
  'Date',
  'Client',
  'Invoice',
  'Receipt',
  'Fee part',
  'Received',
  'WHT',
  'Credit note',
  'Credit note date',
] as const;

/** The schedule as a spreadsheet: a row per payment (reversals negative), each currency's totals and its check against 1250. */
export function withholdingTaxScheduleCsv(schedule: WithholdingTaxSchedule): string {
  let text = csvFileStart(WITHHOLDING_TAX_SCHEDULE_CSV_HEADER);
  for (const row of schedule.rows)
    text += csvLine([
      row.currencyCode,
      row.paymentDate,
      row.clientName,
      row.invoiceNumber,
      row.receiptNumber,
      row.feePart,
      row.amountReceived,
      row.withholdingTaxAmount,
      row.creditNote?.creditNoteNumber ?? (row.isReversal ? 'Reversal' : row.isReversed ? 'Reversed' : 'Outstanding'),
      row.creditNote?.issueDate ?? '',
    ]);
  for (const total of schedule.totals) {
    text += csvLine([total.currencyCode, '', 'Total', '', '', '', '', total.withholdingTaxAmount, '', '']);
    text += csvLine([total.currencyCode, '', 'Of which credit notes received', '', '', '', '', total.withCreditNote, '', '']);
    text += csvLine([total.currencyCode, '', 'Of which outstanding', '', '', '', '', total.outstanding, '', '']);
  }
  for (const check of schedule.tieOuts)
    text += csvLine([check.currencyCode, '', check.passes ? 'Check: PASS' : 'Check: FAIL', check.check, '', '', '', check.actual, '', '']);
  return text;
}

const MARGIN = 40;
const FOOTER_HEIGHT = 20;
const WIDTH = 841.89 - 2 * MARGIN;
const COLUMNS: readonly PdfTableColumn[] = [
  { label: 'Date' },
  { label: 'Client', wrapWeight: 1 },
  { label: 'Invoice' },
  { label: 'Receipt' },
  { label: 'Fee part', align: 'right' },
  { label: 'Received', align: 'right' },
  { label: 'WHT', align: 'right' },
  { label: 'Credit note', wrapWeight: 0.5 },
];

/** The schedule as the firm files it with its tax return: per currency, every payment, the totals and the check against 1250. */
export function buildWithholdingTaxSchedulePdf(schedule: WithholdingTaxSchedule, firmName: string, printedOn: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    info: { Title: `Withholding tax schedule ${schedule.fromDate} to ${schedule.toDate}` },
  });
  const { regular, bold, clean } = chooseDocumentFonts(doc, [firmName, ...schedule.rows.map((row) => row.clientName)]);
  const done = pdfBytesOf(doc);
  doc.font(bold).fontSize(16).text(clean(firmName));
  doc.font(bold).fontSize(13).text('Withholding tax schedule').moveDown(0.3);
  doc
    .font(regular)
    .fontSize(10)
    .text(`Period: ${isoToDisplayDate(schedule.fromDate)} to ${isoToDisplayDate(schedule.toDate)}`);
  doc.text(`Printed on ${isoToDisplayDate(printedOn)}`).moveDown(0.8);
  if (schedule.rows.length === 0) doc.text('No payment in this period had withholding tax deducted.');

  const style = { regular, bold, fontSize: 8.5, minimumFontSize: 6, padding: 3 };
  const header: PdfTableRow = { cells: COLUMNS.map((column) => column.label), isBold: true };
  for (const total of schedule.totals) {
    const rows: PdfTableRow[] = schedule.rows
      .filter((row) => row.currencyCode === total.currencyCode)
      .map((row) => ({
        cells: [
          isoToDisplayDate(row.paymentDate),
          clean(row.clientName),
          clean(row.invoiceNumber ?? ''),
          row.receiptNumber,
          formatMoney(row.feePart),
          formatMoney(row.amountReceived),
          formatMoney(row.withholdingTaxAmount),
          row.creditNote
            ? clean(`${row.creditNote.creditNoteNumber} (${isoToDisplayDate(row.creditNote.issueDate)})`)
            : row.isReversal
              ? 'Reversal'
              : row.isReversed
                ? 'Reversed'
                : 'Outstanding',
        ],
      }));
    rows.push({ cells: ['', `Total ${total.currencyCode}`, '', '', '', '', formatMoney(total.withholdingTaxAmount), ''], isBold: true });
    rows.push({ cells: ['', 'Credit notes received', '', '', '', '', formatMoney(total.withCreditNote), ''] });
    rows.push({ cells: ['', 'Outstanding', '', '', '', '', formatMoney(total.outstanding), ''] });
    const table = new PdfTable(doc, COLUMNS, layoutPdfTable(doc, COLUMNS, rows, WIDTH, style), MARGIN, style);
    if (doc.y + 80 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc.font(bold).fontSize(11).text(total.currencyCode, MARGIN).moveDown(0.2);
    drawPdfTableRows(doc, table, rows, header);
    doc.font(regular).fontSize(9).moveDown(0.4);
    for (const check of schedule.tieOuts.filter((tieOut) => tieOut.currencyCode === total.currencyCode))
      doc
        .font(bold)
        .text(`${check.passes ? 'PASS' : 'FAIL'}: `, MARGIN, doc.y, { continued: true, width: WIDTH })
        .font(regular)
        .text(clean(`${check.check}: schedule ${formatMoney(check.expected)}, ledger ${formatMoney(check.actual)}`));
    doc.moveDown(0.8);
  }
  numberPdfPages(doc, { font: regular, size: 8, margin: MARGIN, prefix: `Withholding tax schedule — ${clean(firmName)} — ` });
  doc.end();
  return done;
}
