import { randomUUID } from 'node:crypto';
import { subtractMoney, TRUST_MESSAGES, TRUST_PAYMENT_METHOD } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { lockInvoiceForPayment, postInvoicePayment } from '../invoices/invoices.api.ts';
import {
  accountOf,
  afterMoneyLeft,
  type Approval,
  checkFunds,
  insertMovement,
  ledgerOf,
  movementViewOf,
  type PayInvoiceInput,
  requesterOf,
} from './trust-movement-steps.ts';
import { trustInvoicePaymentFunding } from './trust.postings.ts';

/**
 * The ledger an invoice is paid from: its own matter's (chosen, or its only one), or the client's
 * general ledger when asked for by name. Never a matter the invoice is not for (ABA Model Rule 1.15:
 * one matter's funds are not another's), and never general funds by default.
 */
function invoiceFundsOf(invoiceMatterIds: readonly string[], input: PayInvoiceInput): string | null {
  if (input.fromGeneralFunds) {
    if (input.matterId) throw badRequest(TRUST_MESSAGES.generalFundsWithMatter);
    return null;
  }
  const matterId = input.matterId ?? (invoiceMatterIds.length === 1 ? invoiceMatterIds[0]! : null);
  if (!matterId) throw badRequest(TRUST_MESSAGES.chooseInvoiceFunds);
  if (!invoiceMatterIds.includes(matterId)) throw badRequest(TRUST_MESSAGES.notInvoiceMatter);
  return matterId;
}

export async function postInvoicePaymentFromTrust(tx: Tx, principal: FirmPrincipal, input: PayInvoiceInput, approval: Approval) {
  // The invoice first, then the trust account: the same order as every invoice change, so no deadlock.
  const invoice = await lockInvoiceForPayment(tx, principal.firmId, input.invoiceId);
  if (!invoice) throw notFound('Invoice');
  if (!invoice.isPayable) throw conflict(TRUST_MESSAGES.invoiceNotPayable);
  const account = await accountOf(tx, principal.firmId, input.trustAccountId);
  if (!account.isActive) throw conflict(TRUST_MESSAGES.accountInactive, 'TRUST_ACCOUNT_INACTIVE');
  // Trust money pays only an invoice in its own currency: a conversion is a separate, recorded event.
  if (invoice.currencyCode !== account.currencyCode)
    throw badRequest(
      TRUST_MESSAGES.currencyMismatch(invoice.invoiceNumber ?? 'The invoice', invoice.currencyCode, account.name, account.currencyCode),
    );
  const matterId = invoiceFundsOf(invoice.matterIds, input);
  const ledger = await ledgerOf(tx, principal.firmId, invoice.clientId, matterId);
  const funds = await checkFunds(tx, principal.firmId, account, ledger, input.amount);
  const payment = await postInvoicePayment(tx, principal, invoice.row, {
    amount: input.amount,
    paymentDate: input.date,
    method: TRUST_PAYMENT_METHOD,
    reference: input.reference,
    memoSuffix: `from trust (${account.name})`,
    dateField: 'date',
    // Trust pays the firm: the client's trust funds fall, and the firm's bank account for the currency receives them.
    fundingLines: (bank) => trustInvoicePaymentFunding(account, ledger, input.amount, invoice.clientId, bank),
  });
  const transactionId = randomUUID();
  await insertMovement(tx, principal, account, ledger, {
    id: transactionId,
    type: 'invoice-payment',
    direction: 'out',
    amount: input.amount,
    transactionDate: input.date,
    method: 'Transfer to operating',
    reference: input.reference ?? payment.receiptNumber,
    counterparty: 'Firm operating account',
    purpose: `Payment of invoice ${invoice.invoiceNumber} (${payment.receiptNumber})`,
    invoiceId: invoice.id,
    invoicePaymentId: payment.paymentId,
    journalEntryId: payment.journalEntryId,
    createdByUserId: approval ? await requesterOf(tx, principal, approval) : principal.userId,
    approvedByUserId: approval?.approvedByUserId ?? null,
    movementRequestId: approval?.movementRequestId ?? null,
  });
  await recordAuditEvent(tx, principal, 'trustTransaction.invoicePaid', transactionId, {
    trustAccountId: account.id,
    clientId: ledger.clientId,
    matterId: ledger.matterId,
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    receiptNumber: payment.receiptNumber,
    amount: input.amount,
    before: { balance: funds.balance },
    after: { balance: subtractMoney(funds.balance, input.amount) },
  });
  const today = await findFirmToday(tx, principal.firmId);
  await afterMoneyLeft(tx, principal, account, ledger, subtractMoney(funds.balance, input.amount), today);
  return movementViewOf(tx, principal.firmId, transactionId);
}
