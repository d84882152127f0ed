import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { consultationPayments } from '../../db/schema/index.ts';
import { firmDateOf, timeZoneOfFirm } from '../../platform/firm-clock.ts';

export async function insertPayment(tx: Tx, values: typeof consultationPayments.$inferInsert) {
  await tx.insert(consultationPayments).values(values);
}

/** Whose payment a gateway's reference is, in the identity-lookup scope (the webhook names no firm). */
export async function findPaymentOwner(tx: Tx, reference: string) {
  const [row] = await rowsOf<{ firmId: string; gateway: string }>(
    tx.execute(sql`select firm_id as "firmId", gateway from consultation_payments where reference = ${reference}`),
  );
  return row ?? null;
}

export type PaymentRow = {
  id: string;
  consultationId: string;
  status: string;
  amount: string;
  currencyCode: string;
  reference: string;
  refundAmount: string | null;
};

/** The payment locked first: two deliveries of one event wait for each other. */
export async function lockPayment(tx: Tx, firmId: string, reference: string): Promise<PaymentRow | null> {
  const [row] = await rowsOf<PaymentRow>(
    tx.execute(sql`select id, consultation_id as "consultationId", status, amount::text as amount, currency_code as "currencyCode", reference,
        refund_amount::text as "refundAmount"
      from consultation_payments where firm_id = ${firmId} and reference = ${reference} for update`),
  );
  return row ?? null;
}

export async function settlePayment(
  tx: Tx,
  firmId: string,
  id: string,
  values: {
    status: 'succeeded' | 'failed' | 'refused';
    transactionId?: string | null;
    fee?: string | null;
    failureReason?: string | null;
    refundAmount?: string | null;
  },
) {
  await tx
    .update(consultationPayments)
    .set({ ...values, settledAt: new Date() })
    .where(and(eq(consultationPayments.firmId, firmId), eq(consultationPayments.id, id)));
}

/**
 * Consultation fees collected per currency: the payments that succeeded on a day between from and
 * to on the firm's clock (the day the fee was posted to 4060 Fee income – Consultations).
 */
export async function sumFeesCollected(tx: Tx, firmId: string, range: { from: string; to: string }): Promise<Map<string, string>> {
  const day = firmDateOf(sql`p.settled_at`, timeZoneOfFirm(firmId));
  const rows = await rowsOf<{ currencyCode: string; amount: string }>(
    tx.execute(sql`select p.currency_code as "currencyCode", sum(p.amount)::numeric(20, 2)::text as amount
      from consultation_payments p
      where p.firm_id = ${firmId} and p.status = 'succeeded' and ${day} between ${range.from}::date and ${range.to}::date
      group by 1 order by 1`),
  );
  return new Map(rows.map((row) => [row.currencyCode, row.amount]));
}

/** What consultation payments hold for the firm to refund, per currency: part of the unapplied-payments liability. */
export async function sumHeldForRefund(tx: Tx, firmId: string) {
  return rowsOf<{ currencyCode: string; amount: string }>(
    tx.execute(sql`select currency_code as "currencyCode", sum(refund_amount)::numeric(16,2)::text as amount
      from consultation_payments where firm_id = ${firmId} and refund_amount is not null group by 1 order by 1`),
  );
}

/** The lead's payments still holding money to refund, oldest first (what its consultation card lists). */
export async function findPaymentsToRefund(tx: Tx, firmId: string, leadId: string) {
  return rowsOf<{
    id: string;
    reference: string;
    gateway: string;
    amount: string;
    currencyCode: string;
    currencySymbol: string;
    paidAt: string;
    reason: string;
  }>(
    tx.execute(sql`select p.id, p.reference, p.gateway, p.refund_amount::text as amount, p.currency_code as "currencyCode",
        coalesce((select money.symbol from currencies money where money.iso_code = p.currency_code), '') as "currencySymbol",
        to_json(p.settled_at) #>> '{}' as "paidAt", coalesce(p.failure_reason, '') as reason
      from consultation_payments p join consultations c on c.firm_id = p.firm_id and c.id = p.consultation_id
      where p.firm_id = ${firmId} and c.lead_id = ${leadId} and p.refund_amount > 0
      order by p.settled_at, p.id`),
  );
}

/** A payment held for refund, locked: recording its refund twice at once refunds it once. */
export async function lockPaymentById(tx: Tx, firmId: string, id: string) {
  const [row] = await rowsOf<{ id: string; leadId: string; reference: string; currencyCode: string; refundAmount: string | null }>(
    tx.execute(sql`select p.id, c.lead_id as "leadId", p.reference, p.currency_code as "currencyCode", p.refund_amount::text as "refundAmount"
      from consultation_payments p join consultations c on c.firm_id = p.firm_id and c.id = p.consultation_id
      where p.firm_id = ${firmId} and p.id = ${id} for update of p`),
  );
  return row ?? null;
}

export async function setRefundAmount(tx: Tx, firmId: string, id: string, refundAmount: string) {
  await tx
    .update(consultationPayments)
    .set({ refundAmount })
    .where(and(eq(consultationPayments.firmId, firmId), eq(consultationPayments.id, id)));
}
