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

/** The invoice's live plan's id, locked; null when it has none. */
export async function findLivePlanId(tx: Tx, firmId: string, invoiceId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.firmId, firmId), eq(paymentPlans.invoiceId, invoiceId), eq(paymentPlans.status, 'Active')))
    .for('update');
  return row?.id ?? null;
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
 * An instalment of the invoice's live plan is missed: due before the firm's today and not yet
 * covered — what came off the balance since the plan began (its total minus the balance now) is
 * less than the instalments due up to and including it. Only while the invoice is open.
 * For a statement over `invoices` (the invoice list's badge, the dashboard).
 */
export const missedInstalmentsOf = (invoicesAlias: string, today: SQL) => {
  const invoice = sql.raw(`"${invoicesAlias}"`);
  return sql`from payment_plans missed_plan join payment_plan_instalments missed
      on missed.firm_id = missed_plan.firm_id and missed.plan_id = missed_plan.id
    where missed_plan.firm_id = ${invoice}.firm_id and missed_plan.invoice_id = ${invoice}.id and missed_plan.status = 'Active'
      and ${invoice}.status in ('Approved', 'Sent', 'PartlyPaid') and ${invoice}.balance_due > 0
      and missed.due_date < ${today} and missed.cumulative_amount > missed_plan.total - ${invoice}.balance_due`;
};

/** Whether the invoice (a row of `invoices`, under its own name) has a missed instalment: the invoice list's badge. */
export const hasMissedInstalment = sql<boolean>`exists(select 1 ${missedInstalmentsOf('invoices', firmToday(timeZoneOfFirm(sql.raw('"invoices"."firm_id"'))))})`;

/**
 * The next instalment due of the invoice's live plan (an alias of `invoices` in the statement), as
 * JSON { dueDate, remainingAmount }: the first instalment the covered amount has not reached; what is
 * left of it is its running total less the covered amount. Null without a live plan or money due.
 */
export const nextInstalmentOf = (invoicesAlias: string) => {
  const invoice = sql.raw(`"${invoicesAlias}"`);
  return sql<{ dueDate: string; remainingAmount: string } | null>`(select json_build_object('dueDate', next.due_date::text,
      'remainingAmount', (next.cumulative_amount - (next_plan.total - ${invoice}.balance_due))::numeric(16, 2)::text)
    from payment_plans next_plan join payment_plan_instalments next on next.firm_id = next_plan.firm_id and next.plan_id = next_plan.id
    where next_plan.firm_id = ${invoice}.firm_id and next_plan.invoice_id = ${invoice}.id and next_plan.status = 'Active'
      and ${invoice}.balance_due > 0 and next.cumulative_amount > next_plan.total - ${invoice}.balance_due
    order by next.number limit 1)`;
};

export type MissedInvoiceRow = {
  invoiceId: string;
  invoiceNumber: string | null;
  clientName: string;
  currencySymbol: string;
  dueDate: string;
  missedCount: number;
  overdueAmount: string;
  totalCount: number;
};

/** The firm's invoices with a missed instalment, the oldest missed first (at most `limit`), with how many there are in all. */
export async function findMissedInvoices(tx: Tx, firmId: string, limit: number): Promise<MissedInvoiceRow[]> {
  const today = firmToday(timeZoneOfFirm(firmId));
  return rowsOf<MissedInvoiceRow>(
    tx.execute(sql`select i.id as "invoiceId", i.invoice_number as "invoiceNumber", c.display_name as "clientName",
        coalesce(money.symbol, '') as "currencySymbol", late."dueDate", late."missedCount", late."overdueAmount",
        count(*) over ()::int as "totalCount"
      from invoices i
      join clients c on c.firm_id = i.firm_id and c.id = i.client_id
      left join currencies money on money.id = coalesce(i.currency_id, (select home.home_currency_id from firms home where home.id = i.firm_id))
      cross join lateral (
        select min(missed.due_date)::text as "dueDate", count(*)::int as "missedCount",
          (max(missed.cumulative_amount) - (max(missed_plan.total) - i.balance_due))::numeric(16, 2)::text as "overdueAmount"
        ${missedInstalmentsOf('i', today)}
      ) late
      where i.firm_id = ${firmId} and i.deleted_at is null and i.status in ('Approved', 'Sent', 'PartlyPaid') and i.balance_due > 0
        and late."missedCount" > 0
      order by late."dueDate", i.invoice_number
      limit ${limit}`),
  );
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
