import { randomUUID } from 'node:crypto';
import {
  addMoney,
  compareMoney,
  formatInvoiceNumber,
  INVOICE_MESSAGES,
  invoiceActionRefusal,
  isIssuedInvoice,
  subtractMoney,
  TRUST_PAYMENT_METHOD,
  WITHHOLDING_TAX_MESSAGES,
  type InvoiceStatus,
} from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { FALLBACK_HOME_CURRENCY, postJournalEntry, reverseJournalEntry, type JournalLine } from '../../platform/ledger/ledger.ts';
import { chooseBankAccount, type BankLineAccount } from '../../platform/ledger/bank-accounts.ts';
import { takeNextNumber } from '../../platform/numbering/numbering.ts';
import {
  findInvoiceCurrencyAndMatters,
  findPayment,
  insertEvent,
  insertPayment,
  lockInvoice,
  updateInvoice,
  type InvoiceRow,
} from './invoices.repository.ts';
import { assertInvoiceAction, invoiceFactsOf } from './invoice-transitions.ts';
import { invoicePaymentEntry, invoiceReversals, receivableMatterOfMatters, withRealisedExchangeDifference } from './invoices.postings.ts';
import { paymentExchangeOf } from './invoice-exchange.ts';
import { recordClientCreditGain, takeBackCreditOfReversedPayment } from '../client-credits/client-credits.api.ts';
import { withholdingTaxRoomOf } from '../withholding-tax/withholding-tax.api.ts';

/**
 * The one payment path of an invoice (ADR 0020): a payment by hand (the money reaches the operating
 * bank) and a payment from trust (the trust module's, in its transaction) both pass here, so the
 * balance due, the status, the receipt number, the ledger and the audit trail move together.
 */

/** Issued: approved (or sent straight from a draft) and posted to the ledger; not yet void. */
export const isIssued = isIssuedInvoice;
/** Payments do not read the firm's approval setting: an invoice takes money only once issued. */
const PAYMENT_RULES = { invoiceApprovalRequired: false };

/** After money comes or goes: Paid when nothing is due, Partly paid when something was paid, else as issued. */
export function statusAfterMoney(invoice: InvoiceRow, paid: string, balanceDue: string): InvoiceStatus {
  if (compareMoney(balanceDue, '0') === 0) return 'Paid';
  if (compareMoney(paid, '0') > 0) return 'PartlyPaid';
  return invoice.sentAt ? 'Sent' : 'Approved';
}

/**
 * The matter an invoice's receivable is booked to: its one matter, or none for an invoice of
 * several (as its issue entry books it), so accounts receivable by matter clears as it is paid.
 */
export async function receivableMatterOf(tx: Tx, firmId: string, invoiceId: string): Promise<string | null> {
  return receivableMatterOfMatters((await findInvoiceCurrencyAndMatters(tx, firmId, invoiceId))?.matterIds ?? []);
}

export type PaymentPosting = {
  amount: string;
  paymentDate: string;
  method: string;
  reference: string | null;
  /**
   * Where the money comes from: the debit side of the entry (default: the bank account receives it);
   * a function when the money still lands in the operating bank (trust paying the firm).
   */
  fundingLines?: JournalLine[] | ((bank: BankLineAccount) => JournalLine[]);
  /** Words for the entry's memo after the receipt number ("from trust"). */
  memoSuffix?: string;
  /** The request field paymentDate came from, named when the books are closed through it (default paymentDate). */
  dateField?: string;
  /** The operating bank account that received it (without funding lines); null or omitted: the firm's default for the currency. */
  bankAccountId?: string | null;
  /** Money received by hand beyond the balance due is taken, the excess becoming the client's credit (ADR 0051). */
  keepExcessAsCredit?: boolean;
  /** Home units per unit of the invoice's currency the money came at (a foreign invoice); omitted: the firm's rate that day. */
  exchangeRate?: string | null;
  /**
   * Withholding tax the client deducted (ADR 0093), on top of `amount` (the money received): it settles
   * the invoice with the money, Dr withholding tax receivable. Only for money the client pays itself
   * (no funding lines), never more than the fee part still open to it.
   */
  withholdingTaxAmount?: string | null;
};

/** The WHT of a payment, checked against the invoice's fee part still open to it (a rule of the withholding-tax module). */
async function checkedWithholdingTax(tx: Tx, firmId: string, invoice: InvoiceRow, payment: PaymentPosting): Promise<string | null> {
  const tax = payment.withholdingTaxAmount;
  if (!tax || compareMoney(tax, '0') === 0) return null;
  if (payment.fundingLines)
    throw badRequest(INVOICE_MESSAGES.withholdingTaxFromClientOnly, {
      withholdingTaxAmount: INVOICE_MESSAGES.withholdingTaxFromClientOnly,
    });
  const { room } = await withholdingTaxRoomOf(tx, firmId, invoice);
  if (compareMoney(tax, room) > 0) {
    const message = WITHHOLDING_TAX_MESSAGES.moreThanFeePart(room);
    throw badRequest(message, { withholdingTaxAmount: message });
  }
  if (compareMoney(tax, invoice.balanceDue) >= 0)
    throw badRequest(WITHHOLDING_TAX_MESSAGES.moreThanDue, { withholdingTaxAmount: WITHHOLDING_TAX_MESSAGES.moreThanDue });
  return tax;
}

/** The currency an invoice's entries are posted in: its own, else the firm's home currency. */
export async function invoiceCurrencyOf(tx: Tx, invoice: Pick<InvoiceRow, 'firmId' | 'id'>): Promise<string> {
  return (await findInvoiceCurrencyAndMatters(tx, invoice.firmId, invoice.id))?.currencyCode ?? FALLBACK_HOME_CURRENCY;
}

/**
 * Records a payment on a locked, issued invoice: Dr funding / Cr accounts receivable. Never more than
 * is due, unless money received by hand keeps its excess as the client's credit: the payment is what
 * settled the invoice, the bank line the whole sum, the excess Cr unapplied cash and a movement of the
 * client's credit (ADR 0051). A foreign-currency invoice paid at another rate realises the difference.
 */
export async function postInvoicePayment(tx: Tx, principal: FirmPrincipal, invoice: InvoiceRow, payment: PaymentPosting) {
  assertInvoiceAction('recordPayment', invoice, PAYMENT_RULES);
  const withholdingTax = await checkedWithholdingTax(tx, principal.firmId, invoice, payment);
  // What the payment settles: the money received and the tax deducted from it.
  const settled = withholdingTax ? addMoney(payment.amount, withholdingTax) : payment.amount;
  const isOver = compareMoney(settled, invoice.balanceDue) > 0;
  if (isOver && !(payment.keepExcessAsCredit && !payment.fundingLines)) {
    const message = withholdingTax ? WITHHOLDING_TAX_MESSAGES.moreThanDue : INVOICE_MESSAGES.overpayment;
    throw badRequest(message, { amount: message });
  }
  const applied = isOver ? invoice.balanceDue : settled;
  const keptAsCredit = isOver ? subtractMoney(settled, invoice.balanceDue) : null;
  const receiptNumber = formatInvoiceNumber('RCT-', await takeNextNumber(tx, principal.firmId, 'receipt'));
  // The entry first, naming the payment it is for: a payment row is never updated, so it is written whole.
  const paymentId = randomUUID();
  const currency = await invoiceCurrencyOf(tx, invoice);
  // Money received (or paid over from trust) lands in the chosen, else the default, bank account of its currency.
  const funding = payment.fundingLines;
  const bank = Array.isArray(funding) ? null : await chooseBankAccount(tx, principal.firmId, currency, payment.bankAccountId);
  const exchange = await paymentExchangeOf(
    tx,
    principal.firmId,
    { id: invoice.id, currency },
    { date: payment.paymentDate, exchangeRate: payment.exchangeRate },
  );
  const entry = invoicePaymentEntry(
    invoice,
    {
      ...payment,
      amount: applied,
      id: paymentId,
      receiptNumber,
      date: payment.paymentDate,
      fundingLines: typeof funding === 'function' ? funding(bank!.line) : funding,
      ...(bank ? { bank: bank.line } : {}),
      ...(keptAsCredit ? { keptAsCredit } : {}),
      ...(withholdingTax ? { withholdingTax } : {}),
    },
    await receivableMatterOf(tx, principal.firmId, invoice.id),
    currency,
  );
  const journalEntryId = await postJournalEntry(tx, principal, {
    ...withRealisedExchangeDifference(entry, exchange),
    dateField: payment.dateField ?? 'paymentDate',
  });
  await insertPayment(tx, {
    id: paymentId,
    firmId: principal.firmId,
    invoiceId: invoice.id,
    receiptNumber,
    amount: applied,
    withholdingTaxAmount: withholdingTax ?? '0',
    paymentDate: payment.paymentDate,
    method: payment.method,
    reference: payment.reference,
    journalEntryId,
    bankAccountId: bank?.bankAccountId ?? null,
    recordedByUserId: principal.userId,
  });
  if (keptAsCredit)
    await recordClientCreditGain(tx, {
      firmId: principal.firmId,
      clientId: invoice.clientId,
      currencyCode: currency,
      amount: keptAsCredit,
      movementDate: payment.paymentDate,
      kind: 'overpayment',
      invoiceId: invoice.id,
      reference: receiptNumber,
      journalEntryId,
      byUserId: principal.userId,
    });
  const paidAmount = addMoney(invoice.paidAmount, applied);
  const balanceDue = subtractMoney(invoice.balanceDue, applied);
  const status = statusAfterMoney(invoice, paidAmount, balanceDue);
  await updateInvoice(tx, principal.firmId, invoice.id, { paidAmount, balanceDue, status });
  const note = `${receiptNumber}: ${applied}${withholdingTax ? ` (of which ${withholdingTax} withholding tax)` : ''}${keptAsCredit ? ` (${keptAsCredit} kept as the client’s credit)` : ''}`;
  await insertEvent(tx, principal.firmId, invoice.id, principal.userId, status, 'payment', note);
  await recordAuditEvent(tx, principal, 'invoice.paymentRecorded', invoice.id, {
    invoiceNumber: invoice.invoiceNumber,
    paymentId,
    receiptNumber,
    before: { paidAmount: invoice.paidAmount, status: invoice.status },
    after: {
      paidAmount,
      status,
      amount: applied,
      method: payment.method,
      ...(withholdingTax ? { withholdingTaxAmount: withholdingTax } : {}),
      ...(keptAsCredit ? { keptAsCredit } : {}),
    },
  });
  return { paymentId, receiptNumber, journalEntryId, balanceDue, keptAsCredit };
}

/** A payment is removed only by a reversing entry (a negative payment row and the ledger's mirror entry). */
export async function postPaymentReversal(
  tx: Tx,
  principal: FirmPrincipal,
  invoice: InvoiceRow,
  paymentId: string,
  reversal: { reason: string; date: string; isFromTrust: boolean; dateField?: string },
) {
  const { reason, date: today } = reversal;
  const payment = await findPayment(tx, principal.firmId, invoice.id, paymentId);
  if (!payment) throw notFound('Payment');
  assertInvoiceAction('reversePayment', invoice, PAYMENT_RULES);
  if (payment.reversesPaymentId !== null || payment.isReversed) throw conflict(INVOICE_MESSAGES.paymentReversed);
  // A payment from trust is undone with its trust movement, so the client's trust ledger is restored with it.
  if ((payment.method === TRUST_PAYMENT_METHOD) !== reversal.isFromTrust) throw conflict(INVOICE_MESSAGES.trustPaymentReversal);
  const reversalId = randomUUID();
  const journalEntryId = payment.journalEntryId
    ? await reverseJournalEntry(tx, principal, payment.journalEntryId, {
        ...invoiceReversals.payment(payment, reversalId, reason, today),
        ...(reversal.dateField ? { dateField: reversal.dateField } : {}),
      })
    : null;
  // Credit it paid with returns to the client; an excess it kept as credit goes (refused once used).
  if (payment.journalEntryId)
    await takeBackCreditOfReversedPayment(tx, principal, {
      originalEntryId: payment.journalEntryId,
      reversalEntryId: journalEntryId,
      invoiceId: invoice.id,
      date: today,
      reference: `${payment.receiptNumber}-R`,
    });
  await insertPayment(tx, {
    id: reversalId,
    firmId: principal.firmId,
    invoiceId: invoice.id,
    receiptNumber: `${payment.receiptNumber}-R`,
    amount: `-${payment.amount}`,
    withholdingTaxAmount: compareMoney(payment.withholdingTaxAmount, '0') === 0 ? '0' : `-${payment.withholdingTaxAmount}`,
    paymentDate: today,
    method: payment.method,
    reversesPaymentId: paymentId,
    reason,
    journalEntryId,
    bankAccountId: payment.bankAccountId,
    recordedByUserId: principal.userId,
  });
  const paidAmount = subtractMoney(invoice.paidAmount, payment.amount);
  const balanceDue = addMoney(invoice.balanceDue, payment.amount);
  const status = statusAfterMoney(invoice, paidAmount, balanceDue);
  await updateInvoice(tx, principal.firmId, invoice.id, { paidAmount, balanceDue, status });
  await insertEvent(tx, principal.firmId, invoice.id, principal.userId, status, 'paymentReversed', `${payment.receiptNumber}: ${reason}`);
  await recordAuditEvent(tx, principal, 'invoice.paymentReversed', invoice.id, {
    invoiceNumber: invoice.invoiceNumber,
    paymentId,
    reversalId,
    reason,
    before: { paidAmount: invoice.paidAmount, status: invoice.status },
    after: { paidAmount, status },
  });
  return { reversalId, journalEntryId, method: payment.method };
}

// ---------------------------------------------------------------------------------------------
// Payments from trust: the trust module's calls, inside its transaction (the invoice locked first).

/** The invoice as paying it from trust needs it, locked for the payment; null when it is not the firm's. */
export async function lockInvoiceForPayment(tx: Tx, firmId: string, invoiceId: string) {
  const invoice = await lockInvoice(tx, firmId, invoiceId);
  if (!invoice) return null;
  const extra = await findInvoiceCurrencyAndMatters(tx, firmId, invoiceId);
  return {
    row: invoice,
    id: invoice.id,
    clientId: invoice.clientId,
    invoiceNumber: invoice.invoiceNumber,
    status: invoice.status,
    balanceDue: invoice.balanceDue,
    isPayable: invoiceActionRefusal('recordPayment', invoiceFactsOf(invoice, PAYMENT_RULES)) === null,
    currencyCode: extra?.currencyCode ?? FALLBACK_HOME_CURRENCY,
    matterIds: extra?.matterIds ?? [],
  };
}
export type PayableInvoice = NonNullable<Awaited<ReturnType<typeof lockInvoiceForPayment>>>;

/** Reverses a payment from trust (the combined entry's mirror restores trust and the receivable together). */
export async function reverseTrustPayment(
  tx: Tx,
  principal: FirmPrincipal,
  invoiceId: string,
  paymentId: string,
  reversal: { reason: string; date: string; dateField?: string },
) {
  const invoice = await lockInvoice(tx, principal.firmId, invoiceId);
  if (!invoice) throw notFound('Invoice');
  return postPaymentReversal(tx, principal, invoice, paymentId, { ...reversal, isFromTrust: true });
}
