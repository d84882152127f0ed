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
import { pdfTableRows } from '../../lib/pdf-table.ts';

/** One currency's part of the statement: its own opening, movements and closing balance. */
export type TrustStatementSection = {
  currencyCode: string;
  currencySymbol: string;
  openingBalance: string;
  /** Oldest first, all in this currency. */
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
const WIDTH = 595.28 - 2 * MARGIN;
const COLUMNS = [
  { label: 'Date', width: 58 },
  { label: 'No.', width: 58 },
  { label: 'Type', width: 70 },
  { label: 'Details', width: 150 },
  { label: 'In', width: 56, right: true },
  { label: 'Out', width: 56, right: true },
  { label: 'Balance', width: WIDTH - 448, right: true },
] as const;

/**
 * A client's trust statement (Legal Practitioners' Accounts Rules: every dealing with the client's
 * money): opening balance, each movement with the balance after it, closing balance.
 */
export function buildTrustStatementPdf(input: TrustStatementInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `Trust statement — ${input.clientName}` } });
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
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font(bold).fontSize(16).text(clean(input.firmName));
  doc.font(bold).fontSize(13).text('Client trust statement').moveDown(0.3);
  doc
    .font(regular)
    .fontSize(10)
    .text(clean(`Client: ${input.clientName}`));
  if (input.matterLabel) doc.text(clean(`Matter: ${input.matterLabel}`));
  doc.text(`Period: ${input.fromDate ? isoToDisplayDate(input.fromDate) : 'From the first movement'} to ${isoToDisplayDate(input.toDate)}`);
  doc.text(`Printed on ${isoToDisplayDate(input.printedOn)}`).moveDown(0.8);

  const row = pdfTableRows(doc, COLUMNS, MARGIN, clean);
  if (input.sections.length === 0) doc.text('No money was held and nothing moved in this period.');

  for (const section of input.sections) {
    const money = (amount: string) => clean(formatMoney(amount, section.currencySymbol));
    doc.font(bold).fontSize(11).text(`${section.currencyCode} ledger`, MARGIN).moveDown(0.2);
    doc.font(regular).fontSize(10);
    row(
      COLUMNS.map((column) => column.label),
      bold,
    );
    row(['', '', 'Opening balance', '', '', '', money(section.openingBalance)], bold);
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
      row(
        [
          isoToDisplayDate(movement.date),
          movement.number,
          TRUST_TRANSACTION_TYPE_LABELS[movement.type],
          details,
          movement.direction === 'in' ? money(movement.amount) : '',
          movement.direction === 'out' ? money(movement.amount) : '',
          money(balance),
        ],
        regular,
      );
    }
    row(['', '', 'Closing balance', '', money(totalIn), money(totalOut), money(balance)], bold);
    doc.moveDown(0.8);
  }
  doc.end();
  return done;
}
