import { addMoney, compareMoney, fromCents, toCents } from '@matterhorn/shared';
import { bankLine, type BankLineAccount } from '../../platform/ledger/bank-accounts.ts';
import type { JournalEntryInput, JournalLine } from '../../platform/ledger/ledger.ts';

/**
 * What each invoice event posts to the general ledger (ADR 0020), as pure functions of the event:
 * the use cases read and lock, these say which accounts move and by how much, the ledger refuses
 * anything unbalanced. Every entry is in the invoice's currency.
 */

/** Whom the receivable is booked to: the client, and its one matter (none for an invoice of several). */
export type ReceivableOwner = { clientId: string; matterId: string | null };

/** The invoice's own matter when it has exactly one; an invoice of several books its receivable to the client alone. */
export const receivableMatterOfMatters = (matterIds: readonly string[]): string | null => (matterIds.length === 1 ? matterIds[0]! : null);

export type IssuedInvoiceFigures = {
  id: string;
  invoiceNumber: string | null;
  issueDate: string;
  total: string;
  discountAmount: string;
  feesSubtotal: string;
  flatFeesSubtotal: string;
  expensesSubtotal: string;
  taxAmount: string;
};

const isZero = (amount: string) => compareMoney(amount, '0') === 0;

/**
 * Issuing: Dr accounts receivable (total) and discounts given (discount); Cr fee income (fees and
 * flat fees), expense recoveries (expenses) and tax payable (tax). Zero amounts are left out; an
 * invoice of nothing posts nothing (null).
 */
export function invoiceIssueEntry(invoice: IssuedInvoiceFigures, owner: ReceivableOwner, currency: string): JournalEntryInput | null {
  const { clientId, matterId } = owner;
  const fees = addMoney(invoice.feesSubtotal, invoice.flatFeesSubtotal);
  const candidates: JournalLine[] = [
    { account: 'accounts-receivable', debit: invoice.total, clientId, matterId },
    { account: 'discounts-given', debit: invoice.discountAmount, clientId, matterId },
    { account: 'fee-income', credit: fees, clientId, matterId },
    { account: 'expense-recoveries', credit: invoice.expensesSubtotal, clientId, matterId },
    { account: 'tax-payable', credit: invoice.taxAmount, clientId, matterId },
  ];
  const lines = candidates.filter((line) => !isZero(line.debit ?? line.credit ?? '0'));
  if (lines.length === 0) return null;
  return {
    entryDate: invoice.issueDate,
    memo: `Invoice ${invoice.invoiceNumber ?? ''} issued`.replace('  ', ' '),
    sourceType: 'invoice',
    sourceId: invoice.id,
    currency,
    lines,
  };
}

/** Writing off part or all of what is due: Dr write-offs / Cr accounts receivable. */
export function invoiceWriteOffEntry(
  invoice: { id: string; invoiceNumber: string | null },
  writeOff: { amount: string; reason: string; date: string },
  owner: ReceivableOwner,
  currency: string,
): JournalEntryInput {
  return {
    entryDate: writeOff.date,
    memo: `Invoice ${invoice.invoiceNumber} written off: ${writeOff.reason}`.slice(0, 500),
    sourceType: 'invoice-write-off',
    sourceId: invoice.id,
    currency,
    lines: [
      { account: 'write-offs', debit: writeOff.amount, ...owner },
      { account: 'accounts-receivable', credit: writeOff.amount, ...owner },
    ],
  };
}

/**
 * A payment: Dr where the money comes from (the chosen operating bank account receives it, by
 * default the system operating bank; a payment from trust names its own funding lines) / Cr
 * accounts receivable.
 */
export function invoicePaymentEntry(
  invoice: { invoiceNumber: string | null; clientId: string },
  payment: {
    id: string;
    receiptNumber: string;
    amount: string;
    date: string;
    memoSuffix?: string;
    fundingLines?: JournalLine[];
    bank?: BankLineAccount;
  },
  receivableMatterId: string | null,
  currency: string,
): JournalEntryInput {
  return {
    entryDate: payment.date,
    memo: `Payment ${payment.receiptNumber} on invoice ${invoice.invoiceNumber}${payment.memoSuffix ? ` ${payment.memoSuffix}` : ''}`,
    sourceType: 'invoice-payment',
    sourceId: payment.id,
    currency,
    lines: [
      ...(payment.fundingLines ?? [
        bankLine(payment.bank ?? { account: 'operating-bank' }, { debit: payment.amount }, { clientId: invoice.clientId }),
      ]),
      { account: 'accounts-receivable', credit: payment.amount, clientId: invoice.clientId, matterId: receivableMatterId },
    ],
  };
}

/** The reversals an invoice's events post (the ledger mirrors the original entry): their dates, sources and memos. */
export const invoiceReversals = {
  voidWriteOff: (invoice: { id: string; invoiceNumber: string | null }, date: string) => ({
    entryDate: date,
    sourceType: 'invoice-void' as const,
    sourceId: invoice.id,
    memo: `Invoice ${invoice.invoiceNumber} void: write-off reversed`,
  }),
  voidIssue: (invoice: { id: string; invoiceNumber: string | null }, date: string) => ({
    entryDate: date,
    sourceType: 'invoice-void' as const,
    sourceId: invoice.id,
    memo: `Invoice ${invoice.invoiceNumber} void`,
  }),
  payment: (payment: { receiptNumber: string }, reversalId: string, reason: string, date: string) => ({
    entryDate: date,
    memo: `Payment ${payment.receiptNumber} reversed: ${reason}`.slice(0, 500),
    sourceType: 'invoice-payment' as const,
    sourceId: reversalId,
  }),
};

/** A debit of a possibly negative amount: a negative one is a credit of its size (and the reverse). */
const signedLine = (line: Omit<JournalLine, 'debit' | 'credit'>, debit: string): JournalLine => {
  const cents = toCents(debit);
  return (cents < 0n ? { ...line, credit: fromCents(-cents) } : { ...line, debit }) as JournalLine;
};

/**
 * A credit note mirrors the credited share of the issue entry: Dr fee income, expense recoveries
 * and tax payable, Cr discounts given; Cr accounts receivable for what it takes off the balance due
 * and Cr unapplied cash for what becomes the client's credit balance.
 */
export function creditNoteEntry(
  creditNote: {
    invoiceId: string;
    creditNoteNumber: string;
    invoiceNumber: string | null;
    creditDate: string;
    reason: string;
    feesAmount: string;
    expensesAmount: string;
    discountAmount: string;
    taxAmount: string;
    appliedAmount: string;
    toClientCreditAmount: string;
  },
  owner: ReceivableOwner,
  currency: string,
): JournalEntryInput {
  const { clientId, matterId } = owner;
  const candidates: JournalLine[] = [
    signedLine({ account: 'fee-income', clientId, matterId }, creditNote.feesAmount),
    signedLine({ account: 'expense-recoveries', clientId, matterId }, creditNote.expensesAmount),
    signedLine({ account: 'tax-payable', clientId, matterId }, creditNote.taxAmount),
    { account: 'discounts-given', credit: creditNote.discountAmount, clientId, matterId },
    { account: 'accounts-receivable', credit: creditNote.appliedAmount, clientId, matterId },
    { account: 'unapplied-cash', credit: creditNote.toClientCreditAmount, clientId },
  ];
  return {
    entryDate: creditNote.creditDate,
    memo: `Credit note ${creditNote.creditNoteNumber} on invoice ${creditNote.invoiceNumber}: ${creditNote.reason}`.slice(0, 500),
    sourceType: 'credit-note',
    // The invoice, as a write-off names it: the general ledger drills down to the invoice page.
    sourceId: creditNote.invoiceId,
    currency,
    lines: candidates.filter((line) => !isZero(line.debit ?? line.credit ?? '0')),
  };
}
