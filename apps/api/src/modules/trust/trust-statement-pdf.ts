import PDFDocument from 'pdfkit';
import {
  addMoney,
  formatMoney,
  isoToDisplayDate,
  subtractMoney,
  TRUST_TRANSACTION_TYPE_LABELS,
  type TrustTransaction,
} from '@matterhorn/shared';
import { chooseDocumentFonts } from '../../lib/pdf-fonts.ts';
import { numberPdfPages } from '../../lib/pdf-pages.ts';
import { drawPdfTableRows, layoutPdfTable, PdfTable, type PdfTableColumn, type PdfTableRow } from '../../lib/pdf-table.ts';
import { pdfBytesOf } from '../../lib/pdf-bytes.ts';

/** One currency's part of the statement: its own opening, movements and closing balance. */
export type TrustStatementSection = {
  currencyCode: string;
  currencySymbol: string;
  openingBalance: string;
  /** By date, then in the order recorded; all in this currency. */
  movements: TrustTransaction[];
};

export type TrustStatementInput = {
  firmName: string;
  clientName: string;
  matterLabel: string | null;
  fromDate: string | null;
  toDate: string;
  /** One per currency, in currency order; never one balance across currencies. */
  sections: TrustStatementSection[];
  printedOn: string;
};

const MARGIN = 40;
const FOOTER_HEIGHT = 20;
const WIDTH = 595.28 - 2 * MARGIN;
const COLUMNS: readonly PdfTableColumn[] = [
  { label: 'Date' },
  { label: 'No.' },
  { label: 'Type', wrapWeight: 1 },
  { label: 'Details', wrapWeight: 3 },
  { label: 'In', align: 'right' },
  { label: 'Out', align: 'right' },
  { label: 'Balance', align: 'right' },
];

/**
 * A client's trust statement (Legal Practitioners' Accounts Rules: every dealing with the client's
 * money): per currency, the opening balance, each movement with the balance after it, and the closing
 * balance. The columns are measured so no amount wraps; every page is numbered.
 */
export function buildTrustStatementPdf(input: TrustStatementInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    info: { Title: `Trust statement — ${input.clientName}` },
  });
  const texts = [
    input.firmName,
    input.clientName,
    input.matterLabel ?? '',
    ...input.sections.flatMap((section) => [
      section.currencySymbol,
      ...section.movements.flatMap((m) => [m.counterparty ?? '', m.purpose ?? '', m.matterNumber ?? '']),
    ]),
  ];
  const { regular, bold, clean } = chooseDocumentFonts(doc, texts);
  const done = pdfBytesOf(doc);

  doc.font(bold).fontSize(16).text(clean(input.firmName));
  doc.font(bold).fontSize(13).text('Client trust statement').moveDown(0.3);
  doc
    .font(regular)
    .fontSize(10)
    .text(clean(`Client: ${input.clientName}`));
  if (input.matterLabel) doc.text(clean(`Matter: ${input.matterLabel}`));
  doc.text(`Period: ${input.fromDate ? isoToDisplayDate(input.fromDate) : 'From the first movement'} to ${isoToDisplayDate(input.toDate)}`);
  doc.text(`Printed on ${isoToDisplayDate(input.printedOn)}`).moveDown(0.8);

  if (input.sections.length === 0) doc.text('No money was held and nothing moved in this period.');
  const style = { regular, bold, fontSize: 8.5, minimumFontSize: 6, padding: 3 };
  const header: PdfTableRow = { cells: COLUMNS.map((column) => column.label), isBold: true };
  for (const section of input.sections) {
    const rows = sectionRows(section, (amount) => clean(formatMoney(amount, section.currencySymbol)), clean);
    const table = new PdfTable(doc, COLUMNS, layoutPdfTable(doc, COLUMNS, rows, WIDTH, style), MARGIN, style);
    if (doc.y + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc.font(bold).fontSize(11).text(`${section.currencyCode} ledger`, MARGIN).moveDown(0.2);
    drawPdfTableRows(doc, table, rows, header);
    doc.font(regular).fontSize(10).moveDown(0.8);
  }
  numberPdfPages(doc, { font: regular, size: 8, margin: MARGIN, prefix: `Trust statement — ${clean(input.clientName)} — ` });
  doc.end();
  return done;
}

/** A section's rows: the opening balance, each movement with the running balance after it, the closing balance and totals. */
function sectionRows(section: TrustStatementSection, money: (amount: string) => string, clean: (text: string) => string): PdfTableRow[] {
  const rows: PdfTableRow[] = [{ cells: ['', '', '', 'Opening balance', '', '', money(section.openingBalance)], isBold: true }];
  let balance = section.openingBalance;
  let totalIn = '0.00';
  let totalOut = '0.00';
  for (const movement of section.movements) {
    balance = movement.direction === 'in' ? addMoney(balance, movement.amount) : subtractMoney(balance, movement.amount);
    if (movement.direction === 'in') totalIn = addMoney(totalIn, movement.amount);
    else totalOut = addMoney(totalOut, movement.amount);
    const details = [
      movement.matterNumber,
      movement.counterparty,
      movement.purpose ?? movement.reason,
      movement.reference ? `Ref ${movement.reference}` : null,
    ]
      .filter(Boolean)
      .join(' · ');
    rows.push({
      cells: [
        isoToDisplayDate(movement.date),
        movement.number,
        TRUST_TRANSACTION_TYPE_LABELS[movement.type],
        clean(details),
        movement.direction === 'in' ? money(movement.amount) : '',
        movement.direction === 'out' ? money(movement.amount) : '',
        money(balance),
      ],
    });
  }
  rows.push({ cells: ['', '', '', 'Closing balance', money(totalIn), money(totalOut), money(balance)], isBold: true });
  return rows;
}
