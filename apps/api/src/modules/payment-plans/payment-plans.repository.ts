import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AutomaticCharge } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { paymentPlanInstalments, paymentPlanInvoices, paymentPlans } from '../../db/schema/index.ts';
import { firmToday, timeZoneOfFirm } from '../../platform/firm-clock.ts';
import { FALLBACK_HOME_CURRENCY } from '../../platform/ledger/ledger.ts';

export type PlanInvoiceRow = {
  id: string;
  invoiceNumber: string | null;
  clientId: string;
  balanceDue: string;
  currencyCode: string;
  currencySymbol: string;
  /** Issued (approved, sent, partly paid) with a balance due: the invoices a plan may be set up on. */
  isOpen: boolean;
  today: string;
};

/** The firm's live invoice with what a plan needs of it; locked FOR UPDATE when asked, so a payment and a set-up take turns. */
export async function findPlanInvoice(tx: Tx, firmId: string, invoiceId: string, isLocked = false): Promise<PlanInvoiceRow | null> {
  const [row] = await rowsOf<PlanInvoiceRow>(
    tx.execute(sql`select i.id, i.invoice_number as "invoiceNumber", i.client_id as "clientId", i.balance_due::text as "balanceDue",
      coalesce(money.iso_code, ${FALLBACK_HOME_CURRENCY}) as "currencyCode", coalesce(money.symbol, '') as "currencySymbol",
      (i.status in ('Approved', 'Sent', 'PartlyPaid') and i.balance_due > 0) as "isOpen",
      to_char(${firmToday(timeZoneOfFirm(firmId))}, 'YYYY-MM-DD') as today
      from invoices i
      left join currencies money on money.id = coalesce(i.currency_id, (select home.home_currency_id from firms home where home.id = i.firm_id))
      where i.firm_id = ${firmId} and i.id = ${invoiceId} and i.deleted_at is null
      ${isLocked ? sql`for update of i` : sql``}`),
  );
  return row ?? null;
}

export type PlanRow = {
  id: string;
  status: 'Active' | 'Replaced' | 'Cancelled';
  total: string;
  createdAt: Date | string;
  createdByName: string;
  endedAt: Date | string | null;
  endedByName: string | null;
  instalments: { dueDate: string; amount: string }[];
};

/** Every plan of the invoice, newest first, each with its instalments in due order. */
export async function findPlans(tx: Tx, firmId: string, invoiceId: string): Promise<PlanRow[]> {
  return rowsOf<PlanRow>(
    tx.execute(sql`select p.id, p.status, p.total::text as total, p.created_at as "createdAt", coalesce(creator.name, '') as "createdByName",
      p.ended_at as "endedAt", ender.name as "endedByName",
      coalesce((select json_agg(json_build_object('dueDate', s.due_date::text, 'amount', s.amount::text) order by s.number)
        from payment_plan_instalments s where s.firm_id = p.firm_id and s.plan_id = p.id), '[]'::json) as instalments
      from payment_plans p
      left join users creator on creator.firm_id = p.firm_id and creator.id = p.created_by_user_id
      left join users ender on ender.firm_id = p.firm_id and ender.id = p.ended_by_user_id
      where p.firm_id = ${firmId} and p.invoice_id = ${invoiceId}
      order by p.created_at desc, p.id`),
  );
}

/**
 * Writes a live plan with its instalments (each with the running total through it); null, writing
 * nothing, when the invoice already has a live plan (payment_plans_live_key).
 */
export async function insertPlan(
  tx: Tx,
  values: {
    firmId: string;
    /** The invoice of an invoice plan; null for a plan on the client's balance. */
    invoiceId: string | null;
    clientId: string;
    /** Every invoice the plan covers (the invoice itself for an invoice plan). */
    invoiceIds: string[];
    total: string;
    userId: string;
    instalments: { dueDate: string; amount: string; cumulativeAmount: string }[];
  },
): Promise<string | null> {
  const [plan] = await tx
    .insert(paymentPlans)
    .values({
      firmId: values.firmId,
      invoiceId: values.invoiceId,
      kind: values.invoiceId ? 'invoice' : 'clientBalance',
      clientId: values.clientId,
      total: values.total,
      createdByUserId: values.userId,
    })
    .onConflictDoNothing()
    .returning({ id: paymentPlans.id });
  if (!plan) return null;
  await tx
    .insert(paymentPlanInvoices)
    .values(values.invoiceIds.map((invoiceId) => ({ firmId: values.firmId, planId: plan.id, invoiceId })));
  await tx
    .insert(paymentPlanInstalments)
    .values(values.instalments.map((instalment, index) => ({ firmId: values.firmId, planId: plan.id, number: index + 1, ...instalment })));
  return plan.id;
}

/** Ends a live plan (replaced or cancelled); its rows stay as history. */
export async function endPlan(tx: Tx, firmId: string, planId: string, status: 'Replaced' | 'Cancelled', userId: string) {
  await tx
    .update(paymentPlans)
    .set({ status, endedAt: sql`now()`, endedByUserId: userId })
    .where(and(eq(paymentPlans.firmId, firmId), eq(paymentPlans.id, planId), eq(paymentPlans.status, 'Active')));
}

/**
 * What the plan (an alias of `payment_plans`) is still owed: the balances of its invoices still
 * asking for money (ADR 0077). Its total less this is what it has been paid ("covered"); a paid,
 * written-off or void invoice owes nothing, so it counts as covered, as a credit does (ADR 0075).
 */
export const planBalanceOf = (planAlias: string) => {
  const plan = sql.raw(`"${planAlias}"`);
  return sql`(select coalesce(sum(owed.balance_due), 0) from payment_plan_invoices owed_link
      join invoices owed on owed.firm_id = owed_link.firm_id and owed.id = owed_link.invoice_id
    where owed_link.firm_id = ${plan}.firm_id and owed_link.plan_id = ${plan}.id and owed.deleted_at is null
      and owed.status in ('Approved', 'Sent', 'PartlyPaid') and owed.balance_due > 0)`;
};

/**
 * An instalment of the live plan the invoice is in (its own, or its client's balance's) is missed:
 * due before the firm's today and not yet covered — what came off the plan's invoices' balances
 * since it began (its total minus what they owe now) is less than the instalments due up to and
 * including it. Only while the invoice is open. For a statement over `invoices` (the invoice list's badge).
 */
export const missedInstalmentsOf = (invoicesAlias: string, today: SQL) => {
  const invoice = sql.raw(`"${invoicesAlias}"`);
  return sql`from payment_plan_invoices missed_link
    join payment_plans missed_plan on missed_plan.firm_id = missed_link.firm_id and missed_plan.id = missed_link.plan_id
    join payment_plan_instalments missed on missed.firm_id = missed_plan.firm_id and missed.plan_id = missed_plan.id
    where missed_link.firm_id = ${invoice}.firm_id and missed_link.invoice_id = ${invoice}.id and missed_plan.status = 'Active'
      and ${invoice}.status in ('Approved', 'Sent', 'PartlyPaid') and ${invoice}.balance_due > 0
      and missed.due_date < ${today} and missed.cumulative_amount > missed_plan.total - ${planBalanceOf('missed_plan')}`;
};

/** Whether the invoice (a row of `invoices`, under its own name) has a missed instalment: the invoice list's badge. */
export const hasMissedInstalment = sql<boolean>`exists(select 1 ${missedInstalmentsOf('invoices', firmToday(timeZoneOfFirm(sql.raw('"invoices"."firm_id"'))))})`;

/**
 * The next instalment due of the live plan the invoice (an alias of `invoices`) is in, as JSON
 * { dueDate, remainingAmount }: the first instalment the covered amount has not reached; what is
 * left of it, but never more than the invoice's own balance (a plan on a client's balance spans
 * several invoices). Null without a live plan or money due.
 */
export const nextInstalmentOf = (invoicesAlias: string) => {
  const invoice = sql.raw(`"${invoicesAlias}"`);
  return sql<{ dueDate: string; remainingAmount: string } | null>`(select json_build_object('dueDate', next.due_date::text,
      'remainingAmount', least(next.cumulative_amount - (next_plan.total - ${planBalanceOf('next_plan')}), ${invoice}.balance_due)::numeric(16, 2)::text)
    from payment_plan_invoices next_link
      join payment_plans next_plan on next_plan.firm_id = next_link.firm_id and next_plan.id = next_link.plan_id
      join payment_plan_instalments next on next.firm_id = next_plan.firm_id and next.plan_id = next_plan.id
    where next_link.firm_id = ${invoice}.firm_id and next_link.invoice_id = ${invoice}.id and next_plan.status = 'Active'
      and ${invoice}.balance_due > 0 and next.cumulative_amount > next_plan.total - ${planBalanceOf('next_plan')}
    order by next.number limit 1)`;
};

export type MissedPlanRow = {
  planId: string;
  kind: 'invoice' | 'clientBalance';
  invoiceId: string | null;
  invoiceNumber: string | null;
  clientId: string;
  clientName: string;
  invoiceCount: number;
  currencySymbol: string;
  dueDate: string;
  missedCount: number;
  overdueAmount: string;
  totalCount: number;
};

/**
 * The firm's live plans with a missed instalment, one row each (a plan on a client's balance once,
 * however many invoices it covers), the oldest missed first (at most `limit`), with how many in all.
 */
export async function findMissedPlans(tx: Tx, firmId: string, limit: number): Promise<MissedPlanRow[]> {
  const today = firmToday(timeZoneOfFirm(firmId));
  return rowsOf<MissedPlanRow>(
    tx.execute(sql`select p.id as "planId", p.kind, p.invoice_id as "invoiceId", i.invoice_number as "invoiceNumber",
        p.client_id as "clientId", c.display_name as "clientName", owed."invoiceCount", owed."currencySymbol",
        late."dueDate", late."missedCount", late."overdueAmount", count(*) over ()::int as "totalCount"
      from payment_plans p
      join clients c on c.firm_id = p.firm_id and c.id = p.client_id
      left join invoices i on i.firm_id = p.firm_id and i.id = p.invoice_id
      cross join lateral (
        select count(*)::int as "invoiceCount",
          count(*) filter (where inv.status in ('Approved', 'Sent', 'PartlyPaid') and inv.balance_due > 0 and inv.deleted_at is null)::int as "openCount",
          coalesce(min(money.symbol), '') as "currencySymbol"
        from payment_plan_invoices link join invoices inv on inv.firm_id = link.firm_id and inv.id = link.invoice_id
          left join currencies money on money.id = coalesce(inv.currency_id, (select home.home_currency_id from firms home where home.id = inv.firm_id))
        where link.firm_id = p.firm_id and link.plan_id = p.id
      ) owed
      cross join lateral (
        select min(missed.due_date)::text as "dueDate", count(*)::int as "missedCount",
          (max(missed.cumulative_amount) - (p.total - ${planBalanceOf('p')}))::numeric(16, 2)::text as "overdueAmount"
        from payment_plan_instalments missed
        where missed.firm_id = p.firm_id and missed.plan_id = p.id and missed.due_date < ${today}
          and missed.cumulative_amount > p.total - ${planBalanceOf('p')}
      ) late
      where p.firm_id = ${firmId} and p.status = 'Active' and owed."openCount" > 0 and late."missedCount" > 0
      order by late."dueDate", c.display_name, i.invoice_number
      limit ${limit}`),
  );
}

export type LivePlanOfInvoice = {
  id: string;
  kind: 'invoice' | 'clientBalance';
  clientId: string;
  clientName: string;
  invoiceCount: number;
};

/** The live plan the invoice is in (its own or its client's balance's), locked; null when none. */
export async function findLivePlanOfInvoice(tx: Tx, firmId: string, invoiceId: string): Promise<LivePlanOfInvoice | null> {
  const [row] = await rowsOf<LivePlanOfInvoice>(
    tx.execute(sql`select p.id, p.kind, p.client_id as "clientId", c.display_name as "clientName",
        (select count(*)::int from payment_plan_invoices every where every.firm_id = p.firm_id and every.plan_id = p.id) as "invoiceCount"
      from payment_plan_invoices link
        join payment_plans p on p.firm_id = link.firm_id and p.id = link.plan_id
        join clients c on c.firm_id = p.firm_id and c.id = p.client_id
      where link.firm_id = ${firmId} and link.invoice_id = ${invoiceId} and p.status = 'Active'
      for update of p`),
  );
  return row ?? null;
}

type AutomaticPaymentRow = { description: string; consentedAt: Date | string };

/**
 * The card the invoice's client let the firm charge for instalments, for the gateway that takes the
 * invoice's currency (Paystack for naira, Stripe for others); null when none.
 */
export async function findAutomaticPayment(tx: Tx, firmId: string, invoice: Pick<PlanInvoiceRow, 'clientId' | 'currencyCode'>) {
  const gateway = invoice.currencyCode === 'NGN' ? 'paystack' : 'stripe';
  const [row] = await rowsOf<AutomaticPaymentRow>(
    tx.execute(sql`select description, consented_at as "consentedAt" from client_payment_methods
      where firm_id = ${firmId} and client_id = ${invoice.clientId} and gateway = ${gateway} and withdrawn_at is null`),
  );
  return row ? { description: row.description, consentedAt: new Date(row.consentedAt).toISOString() } : null;
}

type AutomaticChargeRow = Omit<AutomaticCharge, 'attemptedAt'> & { attemptedAt: Date | string };

/** Every saved-card charge for the invoice's plans, newest first. */
export async function findAutomaticCharges(tx: Tx, firmId: string, invoiceId: string): Promise<AutomaticCharge[]> {
  const rows = await rowsOf<AutomaticChargeRow>(
    tx.execute(sql`select g.instalment_number as "instalmentNumber", g.created_at as "attemptedAt", g.amount::text as amount,
        m.description as "cardDescription", g.status, g.failure_reason as "failureReason"
      from gateway_payments g join client_payment_methods m on m.firm_id = g.firm_id and m.id = g.payment_method_id
      where g.firm_id = ${firmId} and g.invoice_id = ${invoiceId} and g.payment_plan_id is not null
      order by g.created_at desc, g.id`),
  );
  return rows.map((row) => ({ ...row, attemptedAt: new Date(row.attemptedAt).toISOString() }));
}
