import { addMoney, compareMoney, convertMoney, fromCents, subtractMoney, toCents } from '@matterhorn/shared';
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

/**
 * An opening receivable brought over from a previous system (bulk import): Dr accounts receivable /
 * Cr opening balances. Its income was recognised in that system, so none is booked here again.
 */
export function openingReceivableEntry(
  invoice: { id: string; invoiceNumber: string | null; issueDate: string; total: string },
  owner: ReceivableOwner,
  currency: string,
  reference: string,
): JournalEntryInput {
  return {
    entryDate: invoice.issueDate,
    memo: `Invoice ${invoice.invoiceNumber} brought forward (previous system's ${reference})`.slice(0, 500),
    sourceType: 'invoice',
    sourceId: invoice.id,
    currency,
    lines: [
      { account: 'accounts-receivable', debit: invoice.total, ...owner },
      { account: 'opening-balances', credit: invoice.total, ...owner },
    ],
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
 * accounts receivable. `keptAsCredit`: money received beyond what the invoice owed, kept as the
 * client's credit — the bank line is the whole sum received, the excess Cr unapplied cash.
 * `withholdingTax`: the part the client deducted and pays the tax authority, Dr withholding tax
 * receivable (ADR 0093) — the bank line is the money alone, the receivable clears by both.
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
    keptAsCredit?: string;
    /** Withholding tax the client deducted: part of what settles the receivable, not money in the bank. */
    withholdingTax?: string;
  },
  receivableMatterId: string | null,
  currency: string,
): JournalEntryInput {
  const excess = payment.keptAsCredit && !isZero(payment.keptAsCredit) ? payment.keptAsCredit : null;
  const tax = payment.withholdingTax && !isZero(payment.withholdingTax) ? payment.withholdingTax : null;
  const settled = excess ? addMoney(payment.amount, excess) : payment.amount;
  const received = tax ? subtractMoney(settled, tax) : settled;
  return {
    entryDate: payment.date,
    memo: `Payment ${payment.receiptNumber} on invoice ${invoice.invoiceNumber}${payment.memoSuffix ? ` ${payment.memoSuffix}` : ''}`,
    sourceType: 'invoice-payment',
    sourceId: payment.id,
    currency,
    lines: [
      ...(payment.fundingLines ?? [
        bankLine(payment.bank ?? { account: 'operating-bank' }, { debit: received }, { clientId: invoice.clientId }),
      ]),
      ...(tax ? [{ account: 'withholding-tax-receivable', debit: tax, clientId: invoice.clientId } as const] : []),
      { account: 'accounts-receivable', credit: payment.amount, clientId: invoice.clientId, matterId: receivableMatterId },
      ...(excess ? [{ account: 'unapplied-cash', credit: excess, clientId: invoice.clientId } as const] : []),
    ],
  };
}

/**
 * The rates a payment of an invoice in a foreign currency converts at, in home units per unit of
 * the invoice's currency: the invoice's (its issue entry's receivable line) and the payment's
 * (given with it, else the firm's on the payment date). Null where unknown.
 */
export type PaymentExchange = { homeCurrency: string; invoiceRate: string | null; paymentRate: string | null };

/** What receiving `amount` at the payment's rate on a receivable booked at the invoice's gains (positive) or loses, in home units. */
export const realisedExchangeDifference = (amount: string, invoiceRate: string, paymentRate: string): string =>
  subtractMoney(convertMoney(amount, paymentRate), convertMoney(amount, invoiceRate));

/**
 * A payment of an invoice in another currency than the firm's home one realises the exchange
 * difference: the receivable is cleared at the rate it was booked at, the money arrives at the
 * payment's rate, and Δ = amount at the payment's rate − amount at the invoice's is posted in the
 * home currency — a gain Dr currency translation / Cr foreign exchange gain or loss, a loss the
 * other way. Nothing changes for a home-currency invoice or while the payment's rate is unknown;
 * with the invoice's rate unknown every line takes the payment's, and nothing is realised.
 */
export function withRealisedExchangeDifference(entry: JournalEntryInput, exchange: PaymentExchange | null): JournalEntryInput {
  if (!exchange?.paymentRate || entry.currency === exchange.homeCurrency) return entry;
  const { invoiceRate, paymentRate, homeCurrency } = exchange;
  const isReceivable = (line: JournalLine) => line.account === 'accounts-receivable';
  const lines: JournalLine[] = entry.lines.map((line) =>
    (line.currency ?? entry.currency) !== entry.currency || line.exchangeRate
      ? line
      : { ...line, exchangeRate: isReceivable(line) ? (invoiceRate ?? paymentRate) : paymentRate },
  );
  const received = addMoney('0', ...entry.lines.filter(isReceivable).map((line) => line.credit ?? '0'));
  const difference = invoiceRate ? realisedExchangeDifference(received, invoiceRate, paymentRate) : '0.00';
  const size = difference.replace('-', '');
  if (isZero(size)) return { ...entry, lines };
  const isGain = compareMoney(difference, '0') > 0;
  const clientId = entry.lines.find(isReceivable)?.clientId ?? null;
  const home = { currency: homeCurrency, clientId, memo: isGain ? 'Realised exchange gain' : 'Realised exchange loss' };
  return {
    ...entry,
    lines: [
      ...lines,
      { account: 'currency-translation', ...(isGain ? { debit: size } : { credit: size }), ...home },
      { account: 'fx-gain-loss', ...(isGain ? { credit: size } : { debit: size }), ...home },
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
