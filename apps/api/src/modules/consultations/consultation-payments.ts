import { randomUUID } from 'node:crypto';
import { compareMoney, CONSULTATION_MESSAGES, type PaymentGatewayName } from '@matterhorn/shared';
import type { PaymentGatewaySettings } from '../../config.ts';
import type { Database, Tx } from '../../db/database.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import { bankLine, chooseBankAccount } from '../../platform/ledger/bank-accounts.ts';
import { postJournalEntry } from '../../platform/ledger/ledger.ts';
import {
  fromMinorUnits,
  GatewayUnavailableError,
  gatewayFor,
  toMinorUnits,
  type GatewayEvent,
  type PaymentGateway,
  type SucceededEvent,
} from '../gateway-payments/gateway-payments.api.ts';
import { confirmPaidConsultation, type BookingDeps } from './consultation-booking.ts';
import { findConsultationLead, type ConsultationLead } from './consultation-leads.ts';
import { findPaymentOwner, insertPayment, lockPayment, settlePayment } from './consultation-payments.repository.ts';
import { findConsultation, lockAssigneeDiary, updateConsultation, type ConsultationRow } from './consultations.repository.ts';

/** Why a payment of this consultation's fee is money to refund, not income; null when it pays the fee. */
function refundReasonOf(row: Pick<ConsultationRow, 'paidAt' | 'status'>): string | null {
  if (row.paidAt) return 'the consultation’s fee had already been paid';
  if (row.status === 'Cancelled') return 'the consultation had been cancelled before it was paid';
  return null;
}

/** Our references for consultation fees: the gateways' webhooks name them, and the firm's payments webhook hands them here. */
export const CONSULTATION_REFERENCE_PREFIX = 'mh_cf_';
const GATEWAY_LABELS: Record<string, string> = { paystack: 'Paystack', stripe: 'Stripe' };

export type PreparedCheckout = {
  reference: string;
  gateway: PaymentGatewayName;
  amountMinor: number;
  amount: string;
  currencyCode: string;
  email: string | null;
};

/**
 * A consultation fee paid online through the gateways the portal uses. Starting records a pending
 * attempt under our reference and answers the gateway's checkout; the gateway's signed webhook (read
 * and verified by the payments module) settles it once: the fee is the firm's income (Dr the bank,
 * Cr 4060 Fee income – Consultations; there is no client yet), and a held booking is confirmed.
 */
export function createConsultationPayments(
  deps: BookingDeps & {
    database: Database;
    settings: PaymentGatewaySettings;
    gateways: Partial<Record<PaymentGatewayName, PaymentGateway>>;
  },
) {
  const { database, settings, gateways } = deps;
  const gatewayOf = (currencyCode: string) => {
    const name = gatewayFor(settings, currencyCode);
    return name && gateways[name] ? name : null;
  };

  async function recordSuccess(tx: Tx, firmId: string, gateway: PaymentGatewayName, event: SucceededEvent): Promise<string> {
    const payment = await lockPayment(tx, firmId, event.reference);
    if (!payment) return 'unknown';
    // Settled once, as the fee or as money to refund: a repeated delivery changes nothing.
    if (payment.status === 'succeeded' || payment.refundAmount !== null) return 'alreadySettled';
    // The assignee's diary before the consultation's row, in the order a booking takes them: a lapsed
    // booking confirmed here and its lead booking again at the same moment must not wait for each other.
    const { assigneeUserId } = (await findConsultation(tx, firmId, payment.consultationId))!;
    await lockAssigneeDiary(tx, firmId, assigneeUserId);
    const row = (await findConsultation(tx, firmId, payment.consultationId, true))!;
    const actor = { firmId, userId: row.assigneeUserId };
    const trail = {
      gateway,
      eventId: event.eventId,
      reference: payment.reference,
      amount: payment.amount,
      currencyCode: payment.currencyCode,
    };
    if (event.currencyCode !== payment.currencyCode || event.amountMinor !== toMinorUnits(payment.amount, payment.currencyCode)) {
      const reason = `The gateway reported ${event.amountMinor} ${event.currencyCode} (minor units) for ${payment.amount} ${payment.currencyCode}`;
      await settlePayment(tx, firmId, payment.id, { status: 'refused', failureReason: reason });
      await recordAuditEvent(tx, actor, 'consultation.paymentRefused', row.id, { ...trail, reason, forRefund: true });
      return 'refused';
    }
    const today = await findFirmToday(tx, firmId);
    const lead = await findConsultationLead(tx, firmId, row.leadId);
    const label = GATEWAY_LABELS[gateway] ?? gateway;
    const bank = await chooseBankAccount(tx, firmId, payment.currencyCode, null);
    const fee = event.feeMinor === null ? null : fromMinorUnits(event.feeMinor, payment.currencyCode);
    const postGatewayFee = async () => {
      if (fee && compareMoney(fee, '0') > 0)
        await postJournalEntry(tx, actor, {
          entryDate: today,
          memo: `${label} fee on consultation fee ${payment.reference}`,
          sourceType: 'gateway-fee',
          sourceId: payment.id,
          currency: payment.currencyCode,
          lines: [{ account: 'bank-charges', debit: fee }, bankLine(bank.line, { credit: fee })],
        });
    };
    const refundReason = refundReasonOf(row);
    if (refundReason) {
      // The fee is income once, and never for a consultation that was cancelled before it was paid: the
      // money is the lead's, held against unapplied payments (a liability) until the firm refunds it,
      // as the public invoice link holds a payment for an invoice paid meanwhile.
      await postJournalEntry(tx, actor, {
        entryDate: today,
        memo: `Consultation fee paid online through ${label}${lead ? ` by ${lead.name}` : ''} (${payment.reference}): held to refund, ${refundReason}`.slice(
          0,
          500,
        ),
        sourceType: 'unapplied-cash',
        sourceId: payment.id,
        currency: payment.currencyCode,
        lines: [bankLine(bank.line, { debit: payment.amount }), { account: 'unapplied-cash', credit: payment.amount }],
      });
      await postGatewayFee();
      await settlePayment(tx, firmId, payment.id, {
        status: 'refused',
        transactionId: event.transactionId,
        fee,
        failureReason: `Refund it: ${refundReason}`,
        refundAmount: payment.amount,
      });
      await recordAuditEvent(tx, actor, 'consultation.paymentToRefund', row.id, {
        ...trail,
        transactionId: event.transactionId,
        fee,
        reason: refundReason,
        forRefund: true,
      });
      return 'refused';
    }
    await postJournalEntry(tx, actor, {
      entryDate: today,
      memo: `Consultation fee paid online through ${label}${lead ? ` by ${lead.name}` : ''} (${payment.reference})`.slice(0, 500),
      sourceType: 'consultation-fee',
      sourceId: payment.id,
      currency: payment.currencyCode,
      lines: [bankLine(bank.line, { debit: payment.amount }), { account: 'consultation-fees', credit: payment.amount }],
    });
    await postGatewayFee();
    await settlePayment(tx, firmId, payment.id, { status: 'succeeded', transactionId: event.transactionId, fee });
    await updateConsultation(tx, firmId, row.id, { paidAt: new Date() });
    const status = lead
      ? await confirmPaidConsultation(tx, deps, { firmId, userId: null }, { ...row, paidAt: new Date().toISOString() }, lead)
      : row.status;
    await recordAuditEvent(tx, actor, 'consultation.paid', row.id, {
      ...trail,
      transactionId: event.transactionId,
      fee,
      status,
      ...(status === 'Lapsed'
        ? { note: 'Paid after its hold lapsed and the time was taken: the lead or the firm chooses another time' }
        : {}),
    });
    return 'recorded';
  }

  return {
    owns: (reference: string) => reference.startsWith(CONSULTATION_REFERENCE_PREFIX),

    /** In the booking's transaction: the pending attempt for what is left to pay, or a refusal. */
    async prepare(tx: Tx, firmId: string, row: ConsultationRow, lead: ConsultationLead): Promise<PreparedCheckout> {
      if (!row.feeAmount || !row.feeCurrency || row.paidAt) throw conflict(CONSULTATION_MESSAGES.nothingToPay);
      const gateway = gatewayOf(row.feeCurrency);
      if (!gateway || (gateway === 'paystack' && !lead.email)) throw conflict(CONSULTATION_MESSAGES.noGateway);
      const amountMinor = toMinorUnits(row.feeAmount, row.feeCurrency);
      if (amountMinor === null) throw conflict(CONSULTATION_MESSAGES.noGateway);
      const reference = `${CONSULTATION_REFERENCE_PREFIX}${randomUUID().replaceAll('-', '')}`;
      await insertPayment(tx, { firmId, consultationId: row.id, reference, gateway, amount: row.feeAmount, currencyCode: row.feeCurrency });
      return { reference, gateway, amountMinor, amount: row.feeAmount, currencyCode: row.feeCurrency, email: lead.email };
    },

    /** Whether a fee in this currency can be paid online now. */
    isPayable: (currencyCode: string | null) => currencyCode !== null && gatewayOf(currencyCode) !== null,

    /** After the booking committed: the gateway's checkout page, which returns to the booking page. */
    async checkout(prepared: PreparedCheckout, pageUrl: string, firmName: string): Promise<string> {
      try {
        const started = await gateways[prepared.gateway]!.startCheckout({
          reference: prepared.reference,
          amountMinor: prepared.amountMinor,
          currencyCode: prepared.currencyCode,
          email: prepared.email,
          description: `Consultation fee, ${firmName} (${prepared.amount} ${prepared.currencyCode})`,
          returnUrl: `${pageUrl}?payment=returned`,
          cancelUrl: pageUrl,
        });
        return started.checkoutUrl;
      } catch (error) {
        if (error instanceof GatewayUnavailableError) throw new AppError(502, CONSULTATION_MESSAGES.gatewayUnavailable);
        throw error;
      }
    },

    /** A verified gateway event about one of our references (the payments module's webhook hands it over). */
    async settle(gateway: PaymentGatewayName, event: Exclude<GatewayEvent, { kind: 'ignored' }>): Promise<string> {
      const owner = await database.withIdentityLookup((tx) => findPaymentOwner(tx, event.reference));
      if (!owner || owner.gateway !== gateway) return 'unknown';
      return database.withFirm(owner.firmId, async (tx) => {
        if (event.kind === 'succeeded') return recordSuccess(tx, owner.firmId, gateway, event);
        const payment = await lockPayment(tx, owner.firmId, event.reference);
        if (!payment || payment.status !== 'pending') return payment ? 'ignored' : 'unknown';
        await settlePayment(tx, owner.firmId, payment.id, { status: 'failed', failureReason: event.reason.slice(0, 500) });
        return 'failed';
      });
    },
  };
}
export type ConsultationPayments = ReturnType<typeof createConsultationPayments>;
