import { sql, type SQL } from 'drizzle-orm';
import type { Executor, Step } from './generate-time-entries.ts';

/**
 * Issue 15's invoices, generated inside generateData's transaction (after the firms, users, clients
 * and matters they draw on) with the same set-based SQL and deterministic hash per row as the other
 * generators.
 *
 * Each invoice is for one matter of a live client (the firm's newest matters most often) and lists
 * that matter. Issued over three years, about evenly, created on their issue date between 08:00 and
 * 18:00, due 30 days later. Older than 120 days: 92% paid, 5% void, the rest sent or partly paid
 * (the bad debts: overdue). Newer: 6% draft, 2% awaiting approval, 6% approved, 30% sent, 8% partly
 * paid, 50% paid, the rest void. Numbered in creation order once out of draft (gapless, as the
 * firm's sequence would give them, which is set past the last); amounts of 50,000–5,000,000 with
 * 7.5% tax; partly paid ones 40% paid. No lines: the list does not read them (the PDF and the
 * create scenarios have theirs).
 */
export type InvoiceVolumes = { perFirm: number; largeFirm: number };

const DAYS = 3 * 365;

const hash = (key: SQL, seed: number) => sql`(hashint8extended((${key})::bigint, ${sql.raw(String(seed))}) & 2147483647)`;
const fraction = (key: SQL, seed: number) => sql`(${hash(key, seed)} / 2147483648.0::float8)`;
const lookupKey = (ordinal: SQL, index: SQL) => sql`(${ordinal}::bigint * 10000000 + ${index})`;

export async function insertInvoices(tx: Executor, step: Step, volumes: InvoiceVolumes): Promise<void> {
  await step('invoice statistics', sql`analyze users, clients, matters`);
  await step(
    'invoice matters of firms',
    sql`create temporary table bench_invoice_matters on commit drop as
    select ${lookupKey(sql`p.ordinal`, sql`row_number() over (partition by m.firm_id order by m.created_at desc, m.id)`)} as k,
      m.firm_id, m.id, m.client_id
    from matters m join bench_plan p on p.firm_id = m.firm_id join clients c on c.id = m.client_id
    where m.deleted_at is null and c.deleted_at is null`,
  );
  await step(
    'invoice firms',
    sql`create temporary table bench_invoice_firms on commit drop as
    select p.firm_id, p.ordinal, f.home_currency_id,
      case when p.ordinal = 0 then ${volumes.largeFirm}::int else ${volumes.perFirm}::int end as invoices,
      m.n as matters, (select u.id from users u where u.firm_id = p.firm_id and u.email like 'admin@%') as admin_id
    from bench_plan p join firms f on f.id = p.firm_id
    join (select firm_id, count(*)::int as n from bench_invoice_matters group by firm_id) m on m.firm_id = p.firm_id`,
  );
  await step('invoice plan statistics', sql`analyze bench_invoice_matters, bench_invoice_firms`);

  const key = sql`(f.ordinal::bigint * 10000000 + n)`;
  // Invoice n of a firm's count is issued (count - n) / count of three years ago: n = count is today's.
  await step(
    'invoice rows',
    sql`create temporary table bench_invoice_rows on commit drop as
    select gen_random_uuid() as id, e.firm_id, e.n, m.id as matter_id, m.client_id, f.home_currency_id, f.admin_id,
      e.issue_date, e.created_at, e.subtotal, e.status,
      case when e.status <> 'Draft'
        then count(*) filter (where e.status <> 'Draft') over (partition by e.firm_id order by e.n) end::int as number_value
    from (
      select f.firm_id, f.ordinal, n, ${hash(key, 401)} % 100 as h,
        1 + floor(f.matters * power(${fraction(key, 402)}, 2))::int as matter,
        (50000 + ${hash(key, 403)} % 4950000)::numeric(16, 2) as subtotal,
        current_date - ((f.invoices - n)::bigint * ${DAYS} / greatest(f.invoices, 1))::int as issue_date,
        least(now(), (current_date - ((f.invoices - n)::bigint * ${DAYS} / greatest(f.invoices, 1))::int) + time '08:00'
          + make_interval(mins => (${hash(key, 404)} % 600)::int)) as created_at,
        case when (f.invoices - n)::bigint * ${DAYS} / greatest(f.invoices, 1) > 120 then
          case when ${hash(key, 405)} % 100 < 92 then 'Paid' when ${hash(key, 405)} % 100 < 97 then 'Void'
            when ${hash(key, 405)} % 2 = 0 then 'Sent' else 'PartlyPaid' end
        else
          case when ${hash(key, 405)} % 100 < 6 then 'Draft' when ${hash(key, 405)} % 100 < 8 then 'AwaitingApproval'
            when ${hash(key, 405)} % 100 < 14 then 'Approved' when ${hash(key, 405)} % 100 < 44 then 'Sent'
            when ${hash(key, 405)} % 100 < 52 then 'PartlyPaid' when ${hash(key, 405)} % 100 < 98 then 'Paid' else 'Void' end
        end as status
      from bench_invoice_firms f cross join lateral generate_series(1, f.invoices) as n
      offset 0
    ) as e
    join bench_invoice_firms f on f.firm_id = e.firm_id
    join bench_invoice_matters m on m.k = ${lookupKey(sql`e.ordinal`, sql`e.matter`)}`,
  );

  const tax = sql`round(r.subtotal * 0.075, 2)`;
  const total = sql`(r.subtotal + ${tax})`;
  const paid = sql`(case r.status when 'Paid' then ${total} when 'PartlyPaid' then round(${total} * 0.4, 2) else 0 end)`;
  const issued = sql`r.status in ('Approved', 'Sent', 'PartlyPaid', 'Paid', 'Void')`;
  const delivered = sql`r.status in ('Sent', 'PartlyPaid', 'Paid')`;
  await step(
    'invoices',
    sql`insert into invoices (id, firm_id, client_id, number_value, invoice_number, status, issue_date, due_date, tax_name,
      tax_percent, currency_id, fees_subtotal, subtotal, taxable_amount, tax_amount, total, paid_amount, balance_due,
      delivered_date, delivery_method, sent_at, approved_at, approved_by_user_id, issued_at, voided_at, void_reason,
      created_by_user_id, created_at, updated_at)
    select r.id, r.firm_id, r.client_id, r.number_value, case when r.number_value is not null then 'INV-' || lpad(r.number_value::text, 5, '0') end,
      r.status, r.issue_date, r.issue_date + 30, 'VAT', 7.5, r.home_currency_id, r.subtotal, r.subtotal, r.subtotal, ${tax}, ${total},
      ${paid}, ${total} - ${paid},
      case when ${delivered} then r.issue_date + 1 end, case when ${delivered} then 'email' end,
      case when ${delivered} then r.created_at + interval '1 day' end,
      case when ${issued} then r.created_at end, case when ${issued} then r.admin_id end, case when ${issued} then r.created_at end,
      case when r.status = 'Void' then least(r.created_at + interval '10 days', now()) end, case when r.status = 'Void' then 'Raised in error' end,
      r.admin_id, r.created_at, r.created_at
    from bench_invoice_rows r`,
  );
  await step(
    'invoice matters',
    sql`insert into invoice_matters (firm_id, invoice_id, matter_id) select r.firm_id, r.id, r.matter_id from bench_invoice_rows r`,
  );
  await step(
    'invoice numbering',
    sql`insert into firm_sequences (firm_id, sequence, next_value)
    select r.firm_id, 'invoice', coalesce(max(r.number_value), 0) + 1 from bench_invoice_rows r group by r.firm_id
    on conflict (firm_id, sequence) do update set next_value = excluded.next_value`,
  );
}

/** What issue 15's scenarios filter on, read after the load (owner connection). */
export type InvoiceFacts = {
  largeFirmInvoices: number;
  largeFirmOverdue: number;
  /** The large firm's client with the most invoices. */
  busiestClientId: string;
};

export const invoiceFactsQuery = (largeFirmId: string) =>
  sql`select (select count(*)::int from invoices where firm_id = ${largeFirmId} and deleted_at is null) as "largeFirmInvoices",
    (select count(*)::int from invoices where firm_id = ${largeFirmId} and deleted_at is null
      and status in ('Approved', 'Sent', 'PartlyPaid') and balance_due > 0 and due_date < current_date) as "largeFirmOverdue",
    (select client_id from invoices where firm_id = ${largeFirmId} and deleted_at is null
      group by client_id order by count(*) desc, client_id limit 1) as "busiestClientId"`;
