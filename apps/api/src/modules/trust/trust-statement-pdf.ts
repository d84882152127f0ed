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

export type TrustStatementInput = {
  firmName: string;
  clientName: string;
  matterLabel: string | null;
  fromDate: string | null;
  toDate: string;
  openingBalance: string;
  /** Oldest first. */
  movements: TrustTransaction[];
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
    ...input.movements.flatMap((m) => [m.currencySymbol, m.counterparty ?? '', m.purpose ?? '', m.matterNumber ?? '']),
  ];
  const { regular, bold, clean } = chooseDocumentFonts(doc, texts);
  const symbol = input.movements[0]?.currencySymbol ?? '';
  const money = (amount: string) => clean(formatMoney(amount, symbol));
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

  row(
    COLUMNS.map((column) => column.label),
    bold,
  );
  row(['', '', 'Opening balance', '', '', '', money(input.openingBalance)], bold);
  let balance = input.openingBalance;
  let totalIn = '0.00';
  let totalOut = '0.00';
  for (const movement of input.movements) {
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
  doc.end();
  return done;
}
