import { type CreditNote, type DateFormat, formatMoney, isoToDocumentDate } from '@matterhorn/shared';
import { buildReportPdf } from '../../../lib/report-pdf.ts';

const TYPE_LABELS: Record<CreditNote['lines'][number]['itemType'], string> = { fee: 'Fee', expense: 'Expense', flatFee: 'Flat fee' };

/**
 * A credit note as the client files it: the firm, its number, the invoice it credits, the reason,
 * the lines credited and its figures, and where the money went (off the balance due, or to the
 * client's credit balance).
 */
export function buildCreditNotePdf(input: {
  firmName: string;
  dateFormat?: string;
  creditNote: CreditNote;
  clientName: string;
  currencySymbol: string;
}) {
  const { creditNote, currencySymbol } = input;
  const money = (amount: string) => formatMoney(amount, currencySymbol);
  const date = (iso: string) => isoToDocumentDate(iso, (input.dateFormat ?? 'DD/MM/YYYY') as DateFormat) || iso;
  const figures: [string, string][] = [
    ['Fees', creditNote.feesAmount],
    ['Expenses', creditNote.expensesAmount],
    ['Less discount', creditNote.discountAmount === '0.00' ? '0.00' : `-${creditNote.discountAmount}`],
    ['Tax', creditNote.taxAmount],
  ];
  return buildReportPdf({
    firmName: input.firmName,
    title: `Credit note ${creditNote.creditNoteNumber}`,
    lines: [
      `Date: ${date(creditNote.creditDate)}`,
      `Client: ${input.clientName}`,
      `Credits invoice ${creditNote.invoiceNumber ?? ''}`,
      `Reason: ${creditNote.reason}`,
    ],
    tables: [
      {
        heading: 'Lines credited',
        columns: [
          { label: 'Date', align: 'left' },
          { label: 'Type', align: 'left' },
          { label: 'Description', align: 'left', wrapWeight: 1 },
          { label: 'Amount', align: 'right' },
        ],
        rows: creditNote.lines.map((line) => ({
          cells: [date(line.lineDate), TYPE_LABELS[line.itemType], line.description, money(line.amount)],
        })),
      },
      {
        heading: 'Credited',
        columns: [
          { label: 'Figure', align: 'left', wrapWeight: 1 },
          { label: 'Amount', align: 'right' },
        ],
        rows: [
          ...figures.filter(([, amount]) => !/^-?0\.00$/.test(amount)).map(([label, amount]) => ({ cells: [label, money(amount)] })),
          { cells: ['Total credited', money(creditNote.total)], isBold: true },
          { cells: ['Taken off the invoice’s balance due', money(creditNote.appliedAmount)] },
          { cells: ['Added to the client’s credit balance', money(creditNote.toClientCreditAmount)] },
        ],
      },
    ],
  });
}
