import { sql } from 'drizzle-orm';
import type { GatewayPaymentStatus, OnlinePayment, PaymentGatewayName, PortalPayableKind } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { cappedTotal } from '../../lib/capped-total.ts';

/** Something a client can pay: what is still due on it and in which currency. */
export type PayableRow = { kind: PortalPayableKind; id: string; label: string; currencyCode: string; amountDue: string };

const invoicesOf = (firmId: string, clientId: string) => sql`select 'invoice' as kind, i.id, coalesce(i.invoice_number, 'Invoice') as label,
    cur.iso_code as "currencyCode", i.balance_due::text as "amountDue"
  from invoices i join currencies cur on cur.id = i.currency_id
  where i.firm_id = ${firmId} and i.client_id = ${clientId} and i.sent_at is not null and i.deleted_at is null
    and i.status in ('Sent', 'PartlyPaid', 'Approved') and i.balance_due > 0`;

const trustRequestsOf = (firmId: string, clientId: string) => sql`select 'trustRequest' as kind, r.id, r.request_number as label,
    a.currency_code as "currencyCode", (r.amount - r.paid_amount)::text as "amountDue"
  from trust_requests r join trust_accounts a on a.firm_id = r.firm_id and a.id = r.trust_account_id
  where r.firm_id = ${firmId} and r.client_id = ${clientId} and r.status in ('Sent', 'PartlyPaid') and r.amount > r.paid_amount
    and a.is_active`;

/** The client's sent, unpaid invoices and open trust requests. */
export function findClientPayables(tx: Tx, firmId: string, clientId: string) {
  return rowsOf<PayableRow>(tx.execute(sql`${invoicesOf(firmId, clientId)} union all ${trustRequestsOf(firmId, clientId)} order by label`));
}

/** One of them by id; another client's, a draft or a settled one is not found. */
export async function findClientPayable(tx: Tx, firmId: string, clientId: string, kind: PortalPayableKind, id: string) {
  const [row] = await rowsOf<PayableRow>(
    tx.execute(
      kind === 'invoice'
        ? sql`${invoicesOf(firmId, clientId)} and i.id = ${id}`
        : sql`${trustRequestsOf(firmId, clientId)} and r.id = ${id}`,
    ),
  );
  return row ?? null;
}

export async function findPortalAccountEmail(tx: Tx, firmId: string, portalAccountId: string) {
  const [row] = await rowsOf<{ email: string }>(
    tx.execute(sql`select email from portal_accounts where firm_id = ${firmId} and id = ${portalAccountId}`),
  );
  return row?.email ?? null;
}

export async function insertGatewayPayment(
  tx: Tx,
  payment: {
    firmId: string;
    clientId: string;
    portalAccountId: string;
    invoiceId: string | null;
    trustRequestId: string | null;
    amount: string;
    currencyCode: string;
    gateway: PaymentGatewayName;
    reference: string;
  },
) {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into gateway_payments (firm_id, client_id, portal_account_id, invoice_id, trust_request_id, amount, currency_code,
        gateway, reference)
      values (${payment.firmId}, ${payment.clientId}, ${payment.portalAccountId}, ${payment.invoiceId}, ${payment.trustRequestId},
        ${payment.amount}, ${payment.currencyCode}, ${payment.gateway}, ${payment.reference})
      returning id`),
  );
  return row!.id;
}

export async function setGatewaySession(tx: Tx, firmId: string, id: string, sessionId: string | null, failureReason: string | null) {
  await tx.execute(sql`update gateway_payments set gateway_session_id = ${sessionId}, updated_at = now(),
      status = ${failureReason ? 'failed' : 'pending'}, failure_reason = ${failureReason}
    where firm_id = ${firmId} and id = ${id}`);
}

/** The firm a webhook's reference belongs to (the identity-lookup role: reference, firm and gateway only). */
export async function findFirmOfReference(tx: Tx, reference: string) {
  const [row] = await rowsOf<{ firmId: string; gateway: PaymentGatewayName }>(
    tx.execute(sql`select firm_id as "firmId", gateway from gateway_payments where reference = ${reference}`),
  );
  return row ?? null;
}

export type GatewayPaymentRow = {
  id: string;
  clientId: string;
  invoiceId: string | null;
  trustRequestId: string | null;
  amount: string;
  currencyCode: string;
  gateway: PaymentGatewayName;
  reference: string;
  status: 'pending' | 'succeeded' | 'failed' | 'refused';
};

/** The payment, locked until its event's transaction commits: two deliveries of one success wait for each other. */
export async function lockGatewayPayment(tx: Tx, firmId: string, reference: string) {
  const [row] = await rowsOf<GatewayPaymentRow>(
    tx.execute(sql`select id, client_id as "clientId", invoice_id as "invoiceId", trust_request_id as "trustRequestId",
        amount::text as amount, currency_code as "currencyCode", gateway, reference, status
      from gateway_payments where firm_id = ${firmId} and reference = ${reference} for update`),
  );
  return row ?? null;
}

/** A payment with what it holds unapplied, locked: the firm's refund or application of that money waits for a webhook on it and vice versa. */
export async function lockGatewayPaymentById(tx: Tx, firmId: string, id: string) {
  const [row] = await rowsOf<GatewayPaymentRow & { unappliedAmount: string | null; unappliedCurrencyCode: string | null }>(
    tx.execute(sql`select id, client_id as "clientId", invoice_id as "invoiceId", trust_request_id as "trustRequestId",
        amount::text as amount, currency_code as "currencyCode", gateway, reference, status,
        unapplied_amount::text as "unappliedAmount", unapplied_currency_code as "unappliedCurrencyCode"
      from gateway_payments where firm_id = ${firmId} and id = ${id} for update`),
  );
  return row ?? null;
}

/** What the payment now holds unapplied (added to on receipt, brought down as the firm refunds or applies it). */
export async function setUnappliedAmount(tx: Tx, firmId: string, id: string, amount: string, currencyCode: string) {
  await tx.execute(sql`update gateway_payments set unapplied_amount = ${amount}, unapplied_currency_code = ${currencyCode}, updated_at = now()
    where firm_id = ${firmId} and id = ${id}`);
}

export async function settleGatewayPayment(
  tx: Tx,
  firmId: string,
  id: string,
  settlement: { transactionId: string | null; fee: string | null; recordedId: string | null },
) {
  await tx.execute(sql`update gateway_payments set status = 'succeeded', settled_at = now(), updated_at = now(), failure_reason = null,
      gateway_transaction_id = ${settlement.transactionId}, fee = ${settlement.fee}, recorded_id = ${settlement.recordedId}
    where firm_id = ${firmId} and id = ${id}`);
}

export async function failGatewayPayment(tx: Tx, firmId: string, id: string, status: 'failed' | 'refused', reason: string) {
  await tx.execute(sql`update gateway_payments set status = ${status}, failure_reason = ${reason}, updated_at = now()
    where firm_id = ${firmId} and id = ${id}`);
}

/** Marks the event processed; false when it was already (a repeated delivery). Unique on (gateway, event id). */
export async function insertGatewayEvent(
  tx: Tx,
  event: { firmId: string; gateway: PaymentGatewayName; eventId: string; eventType: string; gatewayPaymentId: string; outcome: string },
) {
  const rows = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into gateway_events (firm_id, gateway, event_id, event_type, gateway_payment_id, outcome)
      values (${event.firmId}, ${event.gateway}, ${event.eventId}, ${event.eventType}, ${event.gatewayPaymentId}, ${event.outcome})
      on conflict (gateway, event_id) do nothing returning id`),
  );
  return rows.length > 0;
}

/** What processing the event did, for the trail of deliveries. */
export async function setGatewayEventOutcome(tx: Tx, firmId: string, gateway: PaymentGatewayName, eventId: string, outcome: string) {
  await tx.execute(
    sql`update gateway_events set outcome = ${outcome} where firm_id = ${firmId} and gateway = ${gateway} and event_id = ${eventId}`,
  );
}

/** Who a gateway's payment is recorded by: the firm's owner (the system acts in the firm's name; the audit event names the gateway). */
export async function findFirmRecorder(tx: Tx, firmId: string) {
  const [row] = await rowsOf<{ userId: string | null }>(
    tx.execute(sql`select coalesce(f.owner_user_id,
        (select u.id from users u where u.firm_id = f.id order by u.created_at limit 1)) as "userId"
      from firms f where f.id = ${firmId}`),
  );
  return row?.userId ?? null;
}

export async function findClientName(tx: Tx, firmId: string, clientId: string) {
  const [row] = await rowsOf<{ name: string }>(
    tx.execute(sql`select display_name as name from clients where firm_id = ${firmId} and id = ${clientId}`),
  );
  return row?.name ?? null;
}

export async function findTrustRequestLedger(tx: Tx, firmId: string, trustRequestId: string) {
  const [row] = await rowsOf<{ trustAccountId: string; clientId: string; matterId: string | null; requestNumber: string }>(
    tx.execute(sql`select trust_account_id as "trustAccountId", client_id as "clientId", matter_id as "matterId",
        request_number as "requestNumber"
      from trust_requests where firm_id = ${firmId} and id = ${trustRequestId}`),
  );
  return row ?? null;
}

export async function findTrustRequestStatus(tx: Tx, firmId: string, trustRequestId: string) {
  const [row] = await rowsOf<{ status: string }>(
    tx.execute(sql`select status from trust_requests where firm_id = ${firmId} and id = ${trustRequestId} for update`),
  );
  return row?.status ?? null;
}

type OnlinePaymentRow = Omit<OnlinePayment, 'startedAt' | 'settledAt'> & { startedAt: Date | string; settledAt: Date | string | null };

/**
 * A page of the firm's online payments, newest first, with what they paid and what the firm must
 * act on: a refused charge, or an excess to refund (kept in the audit trail by the recorder).
 */
export async function findOnlinePayments(
  tx: Tx,
  firmId: string,
  query: { status?: GatewayPaymentStatus; needsAttention?: boolean; page: number; size: number },
) {
  const excess = sql`(select e.details->>'excess' from audit_events e
    where e.firm_id = g.firm_id and e.entity_id = g.id::text and e.action = 'gatewayPayment.excessToRefund'
    order by e.created_at desc limit 1)`;
  const filters = [sql`g.firm_id = ${firmId}`];
  if (query.status) filters.push(sql`g.status = ${query.status}`);
  // Money held unapplied needs the firm until it is refunded or applied; a payment from before that was tracked is judged as then.
  const needsAttention = sql`coalesce(g.unapplied_amount > 0, g.status = 'refused' or ${excess} is not null)`;
  if (query.needsAttention) filters.push(needsAttention);
  const where = sql.join(filters, sql` and `);
  const rows = await rowsOf<OnlinePaymentRow>(
    tx.execute(sql`select g.id, g.created_at as "startedAt", g.settled_at as "settledAt", g.client_id as "clientId",
        c.display_name as "clientName", coalesce(p.contact_name, c.display_name) as "paidBy",
        case when g.invoice_id is not null then 'invoice' else 'trustRequest' end as kind,
        coalesce(g.invoice_id, g.trust_request_id) as "itemId", coalesce(i.invoice_number, r.request_number, '') as "itemNumber",
        g.gateway, g.reference, g.amount::text as amount, g.currency_code as "currencyCode",
        coalesce(money.symbol, '') as "currencySymbol", g.status, g.fee::text as fee,
        g.failure_reason as "failureReason", ${excess} as "excessToRefund",
        g.unapplied_amount::text as "unappliedAmount", ${needsAttention} as "needsAttention"
      from gateway_payments g
        join clients c on c.firm_id = g.firm_id and c.id = g.client_id
        join portal_accounts p on p.id = g.portal_account_id
        left join invoices i on i.firm_id = g.firm_id and i.id = g.invoice_id
        left join trust_requests r on r.firm_id = g.firm_id and r.id = g.trust_request_id
        left join currencies money on money.iso_code = g.currency_code
      where ${where}
      order by g.created_at desc, g.id desc
      limit ${query.size} offset ${(query.page - 1) * query.size}`),
  );
  const total = await cappedTotal({ page: query.page, size: query.size, rowCount: rows.length }, async (limit) => {
    const [counted] = await rowsOf<{ n: number }>(
      tx.execute(sql`select count(*)::int as n from (select 1 from gateway_payments g where ${where} limit ${limit}) matching`),
    );
    return counted!.n;
  });
  return {
    rows: rows.map((row) => ({
      ...row,
      startedAt: new Date(row.startedAt).toISOString(),
      settledAt: row.settledAt === null ? null : new Date(row.settledAt).toISOString(),
    })),
    ...total,
  };
}

/** What the firm's online payments hold unapplied, added up per currency (part of unapplied cash in the ledger). */
export async function sumHeldUnapplied(tx: Tx, firmId: string) {
  return rowsOf<{ currencyCode: string; amount: string }>(
    tx.execute(sql`select unapplied_currency_code as "currencyCode", sum(unapplied_amount)::numeric(16,2)::text as amount
      from gateway_payments where firm_id = ${firmId} and unapplied_amount is not null group by 1 order by 1`),
  );
}
