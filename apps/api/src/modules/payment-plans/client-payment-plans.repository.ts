import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { firmToday, timeZoneOfFirm } from '../../platform/firm-clock.ts';
import { FALLBACK_HOME_CURRENCY } from '../../platform/ledger/ledger.ts';
import { planBalanceOf, type PlanRow } from './payment-plans.repository.ts';

const currencyOf = (invoiceAlias: string) => {
  const invoice = sql.raw(`"${invoiceAlias}"`);
  return sql`left join currencies money on money.id = coalesce(${invoice}.currency_id, (select home.home_currency_id from firms home where home.id = ${invoice}.firm_id))`;
};

export type PlanClientRow = { id: string; name: string; today: string };

/** The firm's client, locked FOR UPDATE when asked (two set-ups for one client take turns); null when not the firm's. */
export async function findPlanClient(tx: Tx, firmId: string, clientId: string, isLocked = false): Promise<PlanClientRow | null> {
  const [row] = await rowsOf<PlanClientRow>(
    tx.execute(sql`select c.id, c.display_name as name, to_char(${firmToday(timeZoneOfFirm(firmId))}, 'YYYY-MM-DD') as today
      from clients c where c.firm_id = ${firmId} and c.id = ${clientId} and c.deleted_at is null
      ${isLocked ? sql`for update of c` : sql``}`),
  );
  return row ?? null;
}

export type CoverableInvoiceRow = {
  invoiceId: string;
  invoiceNumber: string;
  issueDate: string;
  balanceDue: string;
  currencyCode: string;
  currencySymbol: string;
  livePlan: 'invoice' | 'clientBalance' | null;
};

/**
 * The client's issued invoices with a balance due (Approved, Sent, PartlyPaid), oldest first, each
 * with the kind of live plan it is already in. `invoiceIds` narrows to those (locked FOR UPDATE, so a
 * payment or another set-up waits for this one).
 */
export async function findCoverableInvoices(
  tx: Tx,
  firmId: string,
  clientId: string,
  invoiceIds?: string[],
): Promise<CoverableInvoiceRow[]> {
  const only = invoiceIds
    ? sql`and i.id in (${sql.join(
        invoiceIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  return rowsOf<CoverableInvoiceRow>(
    tx.execute(sql`select i.id as "invoiceId", coalesce(i.invoice_number, '') as "invoiceNumber", i.issue_date::text as "issueDate",
        i.balance_due::text as "balanceDue", coalesce(money.iso_code, ${FALLBACK_HOME_CURRENCY}) as "currencyCode",
        coalesce(money.symbol, '') as "currencySymbol",
        (select p.kind from payment_plan_invoices link join payment_plans p on p.firm_id = link.firm_id and p.id = link.plan_id
          where link.firm_id = i.firm_id and link.invoice_id = i.id and p.status = 'Active' limit 1) as "livePlan"
      from invoices i ${currencyOf('i')}
      where i.firm_id = ${firmId} and i.client_id = ${clientId} and i.deleted_at is null
        and i.status in ('Approved', 'Sent', 'PartlyPaid') and i.balance_due > 0 ${only}
      order by i.issue_date, i.invoice_number, i.id
      ${invoiceIds ? sql`for update of i` : sql``}`),
  );
}

export type ClientPlanRow = PlanRow & {
  currencyCode: string;
  currencySymbol: string;
  balanceDue: string;
  isCollecting: boolean;
  invoices: { invoiceId: string; invoiceNumber: string; issueDate: string; balanceDue: string }[];
};

/** Every plan on the client's balance, newest first, with its instalments, its invoices (oldest first) and what they owe now. */
export async function findClientPlans(tx: Tx, firmId: string, clientId: string): Promise<ClientPlanRow[]> {
  return rowsOf<ClientPlanRow>(
    tx.execute(sql`select p.id, p.status, p.total::text as total, p.created_at as "createdAt", coalesce(creator.name, '') as "createdByName",
      p.ended_at as "endedAt", ender.name as "endedByName",
      coalesce((select json_agg(json_build_object('dueDate', s.due_date::text, 'amount', s.amount::text) order by s.number)
        from payment_plan_instalments s where s.firm_id = p.firm_id and s.plan_id = p.id), '[]'::json) as instalments,
      covered.invoices, covered."currencyCode", covered."currencySymbol",
      ${planBalanceOf('p')}::numeric(16, 2)::text as "balanceDue", ${planBalanceOf('p')} > 0 as "isCollecting"
      from payment_plans p
      left join users creator on creator.firm_id = p.firm_id and creator.id = p.created_by_user_id
      left join users ender on ender.firm_id = p.firm_id and ender.id = p.ended_by_user_id
      cross join lateral (
        select json_agg(json_build_object('invoiceId', i.id, 'invoiceNumber', coalesce(i.invoice_number, ''),
            'issueDate', i.issue_date::text, 'balanceDue', i.balance_due::text) order by i.issue_date, i.invoice_number) as invoices,
          coalesce(min(money.iso_code), ${FALLBACK_HOME_CURRENCY}) as "currencyCode", coalesce(min(money.symbol), '') as "currencySymbol"
        from payment_plan_invoices link join invoices i on i.firm_id = link.firm_id and i.id = link.invoice_id ${currencyOf('i')}
        where link.firm_id = p.firm_id and link.plan_id = p.id
      ) covered
      where p.firm_id = ${firmId} and p.client_id = ${clientId} and p.kind = 'clientBalance'
      order by p.created_at desc, p.id`),
  );
}

/** The client's live plan on their balance, locked; null when none. */
export async function findLiveClientPlanId(tx: Tx, firmId: string, clientId: string): Promise<string | null> {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`select id from payment_plans
      where firm_id = ${firmId} and client_id = ${clientId} and kind = 'clientBalance' and status = 'Active' for update`),
  );
  return row?.id ?? null;
}

export type InvoicePlanOfClientRow = ClientPlanRow & { payFirstInvoiceNumber: string | null };

/** The live plan on a client's balance that covers the invoice, with its oldest invoice still owing; null when none. */
export async function findLiveClientPlanOfInvoice(tx: Tx, firmId: string, invoiceId: string): Promise<InvoicePlanOfClientRow | null> {
  const [link] = await rowsOf<{ clientId: string; planId: string; payFirstInvoiceNumber: string | null }>(
    tx.execute(sql`select p.client_id as "clientId", p.id as "planId",
        (select coalesce(owing.invoice_number, '') from payment_plan_invoices owing_link
          join invoices owing on owing.firm_id = owing_link.firm_id and owing.id = owing_link.invoice_id
          where owing_link.firm_id = p.firm_id and owing_link.plan_id = p.id and owing.deleted_at is null
            and owing.status in ('Approved', 'Sent', 'PartlyPaid') and owing.balance_due > 0
          order by owing.issue_date, owing.invoice_number limit 1) as "payFirstInvoiceNumber"
      from payment_plan_invoices link join payment_plans p on p.firm_id = link.firm_id and p.id = link.plan_id
      where link.firm_id = ${firmId} and link.invoice_id = ${invoiceId} and p.status = 'Active' and p.kind = 'clientBalance'`),
  );
  if (!link) return null;
  const plan = (await findClientPlans(tx, firmId, link.clientId)).find((row) => row.id === link.planId);
  return plan ? { ...plan, payFirstInvoiceNumber: link.payFirstInvoiceNumber } : null;
}
