import { compareMoney, CONSULTATION_MESSAGES } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import { bankLine, chooseBankAccount } from '../../platform/ledger/bank-accounts.ts';
import { postJournalEntry } from '../../platform/ledger/ledger.ts';
import { lockPaymentById, setRefundAmount } from './consultation-payments.repository.ts';

/**
 * The firm refunded (at the gateway) a consultation payment it held for refund, and records it: the
 * money leaves the bank against the unapplied-payments liability it was held in (Dr 2400, Cr the
 * bank), dated today, and the payment holds nothing more. Answers the lead the payment was for.
 */
export async function refundConsultationPayment(tx: Tx, principal: FirmPrincipal, paymentId: string, reference: string | null) {
  const payment = await lockPaymentById(tx, principal.firmId, paymentId);
  if (!payment) throw notFound('Consultation payment');
  const held = payment.refundAmount ?? '0';
  if (compareMoney(held, '0') <= 0) throw conflict(CONSULTATION_MESSAGES.nothingToRefund);
  const bank = await chooseBankAccount(tx, principal.firmId, payment.currencyCode, null);
  await postJournalEntry(tx, principal, {
    entryDate: await findFirmToday(tx, principal.firmId),
    memo: `Consultation payment ${payment.reference} refunded (${reference ?? payment.reference})`.slice(0, 500),
    sourceType: 'unapplied-cash',
    sourceId: payment.id,
    currency: payment.currencyCode,
    lines: [{ account: 'unapplied-cash', debit: held }, bankLine(bank.line, { credit: held })],
  });
  await setRefundAmount(tx, principal.firmId, payment.id, '0');
  await recordAuditEvent(tx, principal, 'consultation.paymentRefunded', payment.id, {
    reference: payment.reference,
    amount: held,
    currencyCode: payment.currencyCode,
    before: { refundAmount: held },
    after: { refundAmount: '0.00' },
    note: reference ?? payment.reference,
  });
  return payment.leadId;
}
