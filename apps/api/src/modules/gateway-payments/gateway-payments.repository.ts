import { sql } from 'drizzle-orm';
import type { GatewayPaymentStatus, OnlinePayment, PaymentGatewayName, PortalPayableKind, SavedCard } from '@matterhorn/shared';
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
    /** The client agreed, at this checkout, that the card be kept for their plan's instalments. */
    keepsMethod: boolean;
    /** The withholding tax the client deducts from an invoice it pays net (ADR 0093); null when none. */
    withholdingTaxAmount?: string | null;
  },
) {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into gateway_payments (firm_id, client_id, portal_account_id, invoice_id, trust_request_id, amount, currency_code,
        gateway, reference, keeps_method, withholding_tax_amount)
      values (${payment.firmId}, ${payment.clientId}, ${payment.portalAccountId}, ${payment.invoiceId}, ${payment.trustRequestId},
        ${payment.amount}, ${payment.currencyCode}, ${payment.gateway}, ${payment.reference}, ${payment.keepsMethod},
        ${payment.withholdingTaxAmount ?? null})
      returning id`),
  );
  return row!.id;
}

/** Whether the invoice is in a live payment plan (its own or its client's balance): a card is kept only to pay a plan's instalments. */
export async function invoiceHasLivePlan(tx: Tx, firmId: string, invoiceId: string) {
  const rows = await rowsOf<{ id: string }>(
    tx.execute(sql`select p.id from payment_plan_invoices covered
        join payment_plans p on p.firm_id = covered.firm_id and p.id = covered.plan_id
      where covered.firm_id = ${firmId} and covered.invoice_id = ${invoiceId} and p.status = 'Active'`),
  );
  return rows.length > 0;
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
  portalAccountId: string;
  keepsMethod: boolean;
  /** Set on an automatic charge of a saved card: the instalment it pays. */
  paymentMethodId: string | null;
  /** The withholding tax the client said it deducts, paying the invoice net; null when none. */
  withholdingTaxAmount: string | null;
};

const GATEWAY_PAYMENT_COLUMNS = sql`id, client_id as "clientId", invoice_id as "invoiceId", trust_request_id as "trustRequestId",
  amount::text as amount, currency_code as "currencyCode", gateway, reference, status, portal_account_id as "portalAccountId",
  keeps_method as "keepsMethod", payment_method_id as "paymentMethodId", withholding_tax_amount::text as "withholdingTaxAmount"`;

/** The payment, locked until its event's transaction commits: two deliveries of one success wait for each other. */
export async function lockGatewayPayment(tx: Tx, firmId: string, reference: string) {
  const [row] = await rowsOf<GatewayPaymentRow>(
    tx.execute(
      sql`select ${GATEWAY_PAYMENT_COLUMNS} from gateway_payments where firm_id = ${firmId} and reference = ${reference} for update`,
    ),
  );
  return row ?? null;
}

/** A payment with what it holds unapplied, locked: the firm's refund or application of that money waits for a webhook on it and vice versa. */
export async function lockGatewayPaymentById(tx: Tx, firmId: string, id: string) {
  const [row] = await rowsOf<GatewayPaymentRow & { unappliedAmount: string | null; unappliedCurrencyCode: string | null }>(
    tx.execute(sql`select ${GATEWAY_PAYMENT_COLUMNS},
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
        left join portal_accounts p on p.id = g.portal_account_id
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

/**
 * Keeps the card a payment let the gateway keep, with the client's consent given at its checkout;
 * a live card of the client's for the same gateway is replaced (its row kept, withdrawn).
 */
export async function saveClientCard(
  tx: Tx,
  card: {
    firmId: string;
    clientId: string;
    gateway: PaymentGatewayName;
    sealed: string;
    description: string;
    portalAccountId: string;
    paymentId: string;
  },
) {
  await tx.execute(sql`update client_payment_methods set withdrawn_at = now(), withdrawn_reason = 'Replaced by a newer card'
    where firm_id = ${card.firmId} and client_id = ${card.clientId} and gateway = ${card.gateway} and withdrawn_at is null`);
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into client_payment_methods (firm_id, client_id, gateway, sealed, description, consented_by_portal_account_id,
        saved_from_payment_id)
      values (${card.firmId}, ${card.clientId}, ${card.gateway}, ${card.sealed}, ${card.description}, ${card.portalAccountId},
        ${card.paymentId})
      returning id`),
  );
  return row!.id;
}

type SavedCardRow = Omit<SavedCard, 'consentedAt'> & { consentedAt: Date | string };

/** The client's cards the firm may charge, newest consent first. */
export async function findSavedCards(tx: Tx, firmId: string, clientId: string): Promise<SavedCard[]> {
  const rows = await rowsOf<SavedCardRow>(
    tx.execute(sql`select m.id, m.gateway, m.description, m.consented_at as "consentedAt",
        coalesce(a.contact_name, c.display_name) as "consentedBy"
      from client_payment_methods m
        join clients c on c.firm_id = m.firm_id and c.id = m.client_id
        left join portal_accounts a on a.id = m.consented_by_portal_account_id
      where m.firm_id = ${firmId} and m.client_id = ${clientId} and m.withdrawn_at is null
      order by m.consented_at desc, m.id`),
  );
  return rows.map((row) => ({ ...row, consentedAt: new Date(row.consentedAt).toISOString() }));
}

/** Withdraws the client's consent to a card; false when it is not theirs or was withdrawn already. */
export async function withdrawSavedCard(tx: Tx, firmId: string, clientId: string, id: string, portalAccountId: string) {
  const rows = await rowsOf<{ id: string }>(
    tx.execute(sql`update client_payment_methods set withdrawn_at = now(), withdrawn_by_portal_account_id = ${portalAccountId},
        withdrawn_reason = 'Withdrawn by the client on the portal'
      where firm_id = ${firmId} and client_id = ${clientId} and id = ${id} and withdrawn_at is null
      returning id`),
  );
  return rows.length > 0;
}

/** An instalment to charge to a saved card now, with the card (sealed) and the amount: its own remainder, never more than the invoice owes. */
export type InstalmentToCharge = {
  planId: string;
  instalmentNumber: number;
  invoiceId: string;
  invoiceNumber: string;
  clientId: string;
  currencyCode: string;
  amount: string;
  methodId: string;
  gateway: PaymentGatewayName;
  sealed: string;
  description: string;
  portalAccountId: string;
};

/**
 * Instalments of live plans due by the firm's today and not paid, whose client has a card kept for
 * the gateway that takes the plan's currency (one of `gateways`, those configured), consented to
 * before the instalment fell due, and that were never charged automatically (one try each). What
 * came off the plan's invoices' balances pays the instalments in due order (ADR 0077), so each is
 * charged its own remainder and an earlier one declined is not charged again with a later one. The
 * charge goes to the plan's oldest sent invoice with a balance (a plan on a client's balance covers
 * several), never more than that invoice's balance.
 */
export async function findInstalmentsToCharge(
  tx: Tx,
  firmId: string,
  today: string,
  gateways: PaymentGatewayName[],
  limit: number,
): Promise<InstalmentToCharge[]> {
  if (gateways.length === 0) return [];
  const covered = sql`(p.total - owed.balance)`;
  return rowsOf<InstalmentToCharge>(
    tx.execute(sql`select p.id as "planId", s.number as "instalmentNumber", i.id as "invoiceId",
        coalesce(i.invoice_number, '') as "invoiceNumber", i.client_id as "clientId", cur.iso_code as "currencyCode",
        least(s.cumulative_amount - greatest(${covered}, s.cumulative_amount - s.amount), i.balance_due)::numeric(16, 2)::text as amount,
        m.id as "methodId", m.gateway, m.sealed, m.description, m.consented_by_portal_account_id as "portalAccountId"
      from payment_plans p
        cross join lateral (select coalesce(sum(b.balance_due), 0) as balance
          from payment_plan_invoices bl join invoices b on b.firm_id = bl.firm_id and b.id = bl.invoice_id
          where bl.firm_id = p.firm_id and bl.plan_id = p.id and b.deleted_at is null
            and b.status in ('Approved', 'Sent', 'PartlyPaid') and b.balance_due > 0) owed
        join lateral (select oldest.id, oldest.invoice_number, oldest.client_id, oldest.currency_id, oldest.balance_due
          from payment_plan_invoices ol join invoices oldest on oldest.firm_id = ol.firm_id and oldest.id = ol.invoice_id
          where ol.firm_id = p.firm_id and ol.plan_id = p.id and oldest.deleted_at is null and oldest.sent_at is not null
            and oldest.status in ('Approved', 'Sent', 'PartlyPaid') and oldest.balance_due > 0
          order by oldest.issue_date, oldest.invoice_number, oldest.id limit 1) i on true
        join currencies cur on cur.id = i.currency_id
        join payment_plan_instalments s on s.firm_id = p.firm_id and s.plan_id = p.id
        join client_payment_methods m on m.firm_id = p.firm_id and m.client_id = i.client_id and m.withdrawn_at is null
          and m.gateway = case when cur.iso_code = 'NGN' then 'paystack' else 'stripe' end
        join firms f on f.id = p.firm_id
      where p.firm_id = ${firmId} and p.status = 'Active'
        and m.gateway in (${sql.join(
          gateways.map((gateway) => sql`${gateway}`),
          sql`, `,
        )})
        and s.due_date <= ${today}::date and s.due_date >= (m.consented_at at time zone f.time_zone)::date
        and s.cumulative_amount > ${covered}
        and not exists (select 1 from gateway_payments g
          where g.firm_id = p.firm_id and g.payment_plan_id = p.id and g.instalment_number = s.number)
      order by s.due_date, p.id, s.number
      limit ${limit}`),
  );
}

/**
 * Claims an instalment's one automatic try: a pending payment written under its reference; null,
 * writing nothing, when another run claimed it first (gateway_payments_instalment_charge_key).
 */
export async function claimInstalmentCharge(tx: Tx, firmId: string, charge: InstalmentToCharge, reference: string) {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into gateway_payments (firm_id, client_id, portal_account_id, invoice_id, amount, currency_code, gateway,
        reference, payment_method_id, payment_plan_id, instalment_number)
      values (${firmId}, ${charge.clientId}, ${charge.portalAccountId}, ${charge.invoiceId}, ${charge.amount}, ${charge.currencyCode},
        ${charge.gateway}, ${reference}, ${charge.methodId}, ${charge.planId}, ${charge.instalmentNumber})
      on conflict do nothing
      returning id`),
  );
  return row?.id ?? null;
}

/** What the emails about an automatic charge say: who is told, of what. */
export type InstalmentChargeNotice = {
  invoiceId: string;
  invoiceNumber: string;
  clientId: string;
  clientName: string;
  instalmentNumber: number;
  amount: string;
  currencySymbol: string;
  balanceDue: string;
  cardDescription: string;
  payerEmail: string;
  payerName: string;
  firmName: string;
  portalSlug: string | null;
  /** Who issued the invoice, told of a decline; null when they no longer work at the firm. */
  issuerEmail: string | null;
  issuerName: string | null;
};

export async function findInstalmentChargeNotice(tx: Tx, firmId: string, paymentId: string) {
  const [row] = await rowsOf<InstalmentChargeNotice>(
    tx.execute(sql`select i.id as "invoiceId", coalesce(i.invoice_number, '') as "invoiceNumber", c.id as "clientId",
        c.display_name as "clientName", g.instalment_number as "instalmentNumber", g.amount::text as amount,
        coalesce(cur.symbol, '') as "currencySymbol", i.balance_due::text as "balanceDue", m.description as "cardDescription",
        a.email as "payerEmail", coalesce(a.contact_name, c.display_name) as "payerName", f.name as "firmName",
        f.portal_slug as "portalSlug", case when u.is_active then u.email end as "issuerEmail",
        case when u.is_active then u.name end as "issuerName"
      from gateway_payments g
        join client_payment_methods m on m.firm_id = g.firm_id and m.id = g.payment_method_id
        join invoices i on i.firm_id = g.firm_id and i.id = g.invoice_id
        join clients c on c.firm_id = g.firm_id and c.id = g.client_id
        join portal_accounts a on a.id = g.portal_account_id
        join firms f on f.id = g.firm_id
        left join currencies cur on cur.id = i.currency_id
        left join users u on u.firm_id = i.firm_id and u.id = i.created_by_user_id
      where g.firm_id = ${firmId} and g.id = ${paymentId}`),
  );
  return row ?? null;
}
