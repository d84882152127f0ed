import { sql, type SQL } from 'drizzle-orm';
import type { Executor, Step } from './generate-time-entries.ts';

/**
 * Issue 14's expenses and flat fees, generated inside generateData's transaction (after the firms,
 * users, matters and expense categories they draw on) with the same set-based SQL and the same
 * deterministic hash per row as the time entries.
 *
 * Expenses: one in five a firm expense (no client, never billable); of client expenses one in five
 * not billable; one in twenty a pending request, one in fifty rejected, the rest approved; a third
 * of approved ones paid; half of the approved billable ones older than 90 days billed; dated over
 * two years, mostly on the firm's newest matters; quantity 1–5 × a unit cost of 500–200,000; added
 * by any of the firm's staff; 0.5% deleted. Flat fees: on the newest matters most often, by the
 * firm's fee earners, half of those older than 90 days billed.
 */
export type ExpenseVolumes = { expenses: { perFirm: number; largeFirm: number }; flatFees: { perFirm: number; largeFirm: number } };

const DAYS = 730;
const WHAT = ['Filing fee', 'Courier', 'Travel', 'Photocopies', 'Expert report', 'Postage', 'Meals', 'Search fee', 'Hotel'];
const FOR = [
  'statement of claim',
  'witness statement',
  'share purchase agreement',
  'lease and title documents',
  'board resolutions',
  'hearing in Abuja',
  'disclosure bundle',
  'trademark opposition',
  'probate application',
  'tax audit response',
];
const PAYEES = ['Federal High Court Registry', 'Red Star Express', 'Air Peace', 'NIPOST', 'Corporate Affairs Commission', 'Eko Hotel'];
const FEES = [
  'Incorporation package',
  'Conveyancing, fixed fee',
  'Trademark registration',
  'Probate, agreed fee',
  'Contract review, fixed',
];

const hash = (key: SQL, seed: number) => sql`(hashint8extended((${key})::bigint, ${sql.raw(String(seed))}) & 2147483647)`;
const fraction = (key: SQL, seed: number) => sql`(${hash(key, seed)} / 2147483648.0::float8)`;
const lookupKey = (ordinal: SQL, index: SQL) => sql`(${ordinal}::bigint * 10000000 + ${index})`;
const textArray = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

export async function insertExpensesAndFlatFees(tx: Executor, step: Step, volumes: ExpenseVolumes): Promise<void> {
  await step('expense statistics', sql`analyze users, clients, matters, expense_categories`);
  await step(
    'expense staff',
    sql`create temporary table bench_expense_staff on commit drop as
    select ${lookupKey(sql`p.ordinal`, sql`row_number() over (partition by u.firm_id order by u.email) - 1`)} as k, u.firm_id, u.id
    from users u join bench_plan p on p.firm_id = u.firm_id`,
  );
  await step(
    'expense matters',
    sql`create temporary table bench_expense_matters on commit drop as
    select ${lookupKey(sql`p.ordinal`, sql`row_number() over (partition by m.firm_id order by m.created_at desc, m.id)`)} as k,
      m.firm_id, m.id, m.client_id
    from matters m join bench_plan p on p.firm_id = m.firm_id join clients c on c.id = m.client_id
    where m.deleted_at is null and c.deleted_at is null`,
  );
  await step(
    'expense categories of firms',
    sql`create temporary table bench_expense_categories on commit drop as
    select ${lookupKey(sql`p.ordinal`, sql`row_number() over (partition by c.firm_id order by c.name) - 1`)} as k, c.firm_id, c.id
    from expense_categories c join bench_plan p on p.firm_id = c.firm_id`,
  );
  await step(
    'expense firms',
    sql`create temporary table bench_expense_firms on commit drop as
    select p.firm_id, p.ordinal, f.home_currency_id,
      case when p.ordinal = 0 then ${volumes.expenses.largeFirm}::int else ${volumes.expenses.perFirm}::int end as expenses,
      case when p.ordinal = 0 then ${volumes.flatFees.largeFirm}::int else ${volumes.flatFees.perFirm}::int end as flat_fees,
      s.n as staff, m.n as matters, c.n as categories,
      ${textArray(WHAT)} as what, ${textArray(FOR)} as for_what, ${textArray(PAYEES)} as payees, ${textArray(FEES)} as fees
    from bench_plan p join firms f on f.id = p.firm_id
    join (select firm_id, count(*)::int as n from bench_expense_staff group by firm_id) s on s.firm_id = p.firm_id
    join (select firm_id, count(*)::int as n from bench_expense_matters group by firm_id) m on m.firm_id = p.firm_id
    join (select firm_id, count(*)::int as n from bench_expense_categories group by firm_id) c on c.firm_id = p.firm_id`,
  );
  await step(
    'expense plan statistics',
    sql`analyze bench_expense_staff, bench_expense_matters, bench_expense_categories, bench_expense_firms`,
  );

  const key = sql`(f.ordinal::bigint * 10000000 + n)`;
  const isFirm = sql`(e.h % 5 = 0)`;
  const status = sql`(case when e.h2 % 20 = 0 then 'Pending' when e.h2 % 50 = 1 then 'Rejected' else 'Approved' end)`;
  const billable = sql`(not ${isFirm} and e.h3 % 5 <> 0)`;
  const amount = sql`(e.quantity * e.unit_cost)`;
  await step(
    'expenses',
    sql`insert into expenses (firm_id, is_firm_expense, is_expense_request, client_id, matter_id, expense_date, description,
      category_id, quantity, unit_cost, amount, home_amount, home_currency_id, exchange_rate, is_billable, payee, reference,
      approval_status, decided_by_user_id, decided_at, rejection_reason, payment_status, paid_date, payment_method,
      invoice_id, added_by_user_id, created_at, updated_at, deleted_at, deleted_by_user_id)
    select f.firm_id, ${isFirm}, ${status} <> 'Approved' or e.h3 % 3 = 0,
      case when not ${isFirm} then m.client_id end, case when not ${isFirm} then m.id end, e.expense_date,
      f.what[1 + e.h2 % array_length(f.what, 1)] || ', ' || f.for_what[1 + e.h3 % array_length(f.for_what, 1)],
      c.id, e.quantity, e.unit_cost, ${amount}, ${amount}, f.home_currency_id, 1, case when ${billable} then 4 else 2 end,
      f.payees[1 + e.h % array_length(f.payees, 1)], 'REF-' || e.n,
      ${status}, case when ${status} <> 'Pending' then s.id end, case when ${status} <> 'Pending' then e.created_at + interval '1 day' end,
      case when ${status} = 'Rejected' then 'Not reimbursable' end,
      case when ${status} = 'Approved' and e.h3 % 3 = 1 then 'Paid' else 'Unpaid' end,
      case when ${status} = 'Approved' and e.h3 % 3 = 1 then e.expense_date + 7 end,
      case when ${status} = 'Approved' and e.h3 % 3 = 1 then 'Bank transfer' end,
      case when ${status} = 'Approved' and ${billable} and e.expense_date < current_date - 90 and e.h % 2 = 0 then gen_random_uuid() end,
      s.id, e.created_at, e.created_at,
      case when e.h2 % 200 = 0 then e.created_at + interval '1 day' end, case when e.h2 % 200 = 0 then s.id end
    from (
      select f.firm_id, f.ordinal, n, ${hash(key, 201)} as h, ${hash(key, 202)} as h2, ${hash(key, 203)} as h3,
        1 + floor(f.matters * power(${fraction(key, 204)}, 2))::int as matter,
        (${hash(key, 205)} % f.categories)::int as category,
        (${hash(key, 206)} % f.staff)::int as staff,
        (1 + ${hash(key, 207)} % 5)::numeric(12, 4) as quantity,
        (500 + ${hash(key, 208)} % 199500)::numeric(14, 2) as unit_cost,
        current_date - (${hash(key, 209)} % ${DAYS})::int as expense_date,
        least(now(), (current_date - (${hash(key, 209)} % ${DAYS})::int) + time '08:00'
          + make_interval(mins => (${hash(key, 210)} % 600)::int)) as created_at
      from bench_expense_firms f cross join lateral generate_series(1, f.expenses) as n
      offset 0
    ) as e
    join bench_expense_firms f on f.firm_id = e.firm_id
    join bench_expense_staff s on s.k = ${lookupKey(sql`e.ordinal`, sql`e.staff`)}
    join bench_expense_matters m on m.k = ${lookupKey(sql`e.ordinal`, sql`e.matter`)}
    join bench_expense_categories c on c.k = ${lookupKey(sql`e.ordinal`, sql`e.category`)}`,
  );

  await step(
    'flat fees',
    sql`insert into flat_fees (firm_id, client_id, matter_id, user_id, flat_fee_date, description, amount, currency_id,
      invoice_id, added_by_user_id, created_at, updated_at, deleted_at, deleted_by_user_id)
    select f.firm_id, m.client_id, m.id, s.id, e.fee_date, f.fees[1 + e.h % array_length(f.fees, 1)] || ' (' || e.n || ')',
      (50000 + e.h2 % 2000000)::numeric(14, 2), f.home_currency_id,
      case when e.fee_date < current_date - 90 and e.h % 2 = 0 then gen_random_uuid() end,
      s.id, e.created_at, e.created_at,
      case when e.h2 % 200 = 0 then e.created_at + interval '1 day' end, case when e.h2 % 200 = 0 then s.id end
    from (
      select f.firm_id, f.ordinal, n, ${hash(key, 301)} as h, ${hash(key, 302)} as h2,
        1 + floor(f.matters * power(${fraction(key, 303)}, 2))::int as matter,
        (${hash(key, 304)} % f.staff)::int as staff,
        current_date - (${hash(key, 305)} % ${DAYS})::int as fee_date,
        least(now(), (current_date - (${hash(key, 305)} % ${DAYS})::int) + time '09:00') as created_at
      from bench_expense_firms f cross join lateral generate_series(1, f.flat_fees) as n
      offset 0
    ) as e
    join bench_expense_firms f on f.firm_id = e.firm_id
    join bench_expense_staff s on s.k = ${lookupKey(sql`e.ordinal`, sql`e.staff`)}
    join bench_expense_matters m on m.k = ${lookupKey(sql`e.ordinal`, sql`e.matter`)}`,
  );
}

/** What issue 14's scenarios filter on, read after the load (owner connection). */
export type ExpenseFacts = {
  largeFirmExpenses: number;
  largeFirmUnbilledClientExpenses: number;
  largeFirmFlatFees: number;
  busiestMatterId: string;
};

export const expenseFactsQuery = (largeFirmId: string) =>
  sql`select (select count(*)::int from expenses where firm_id = ${largeFirmId} and deleted_at is null) as "largeFirmExpenses",
    (select count(*)::int from expenses where firm_id = ${largeFirmId} and deleted_at is null and invoice_id is null
      and approval_status = 'Approved' and not is_firm_expense and is_billable = 4) as "largeFirmUnbilledClientExpenses",
    (select count(*)::int from flat_fees where firm_id = ${largeFirmId} and deleted_at is null) as "largeFirmFlatFees",
    (select matter_id from flat_fees where firm_id = ${largeFirmId} and deleted_at is null
      group by matter_id order by count(*) desc, matter_id limit 1) as "busiestMatterId"`;
