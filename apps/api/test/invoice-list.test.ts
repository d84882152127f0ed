import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BATCH_ROWS } from '../src/platform/lists/list-csv.ts';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { csvLinesOf } from './support/csv-download.ts';

const base = '/api/admin/invoice/get-invoice-list';
/** More invoices than two export batches hold, a little over the list's count cap. */
const INVOICES = 1_234;
const STATUSES = ['Draft', 'Sent', 'PartlyPaid', 'Paid', 'Void', 'Approved'] as const;

let fixture: TimeEntryFixture;
let matterId: string;
let otherMatterId: string;

type Row = { id: string; invoiceNumber: string | null; status: string; isOverdue: boolean; matterNames: string[] };
type Totals = Record<string, string | number>;
type Page = { data: Row[]; totalCount: number; isTotalCountCapped?: boolean; totals?: Totals[] };

const list = async (query: string, token = fixture.tokens.admin) => {
  const response = await fixture.call('GET', `${base}?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Page;
};
const firmSql = <T>(query: ReturnType<typeof sql>) =>
  fixture.context.database.withFirm(fixture.firm.firmId, (tx) => rowsOf<T>(tx.execute(query)));

/**
 * Invoices written straight into the table (set-based, as the bench does): statuses in turn, many
 * sharing one creation time and issue date (so only the id orders them), amounts with paid parts,
 * half due in the past, every one on the open matter and every seventh also on a second matter.
 * Every fifth is in US dollars; of the rest, some name the firm's home currency and most have
 * none of their own (so are in the home currency too).
 */
beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  const { openMatter } = fixture.references;
  matterId = openMatter.id;
  otherMatterId = fixture.references.matters.find((matter) => matter.id !== matterId)!.id;
  const statuses = sql.raw(`array['${STATUSES.join("','")}']`);
  await fixture.context.database.db.execute(sql`
    insert into invoices (firm_id, client_id, number_value, invoice_number, status, issue_date, due_date,
      subtotal, total, paid_amount, balance_due, created_by_user_id, created_at, updated_at, currency_id)
    select ${fixture.firm.firmId}, ${openMatter.clientId},
      case when s <> 'Draft' then n end,
      case when s <> 'Draft' then case when n % 97 = 0 then '=1+' || n else 'INV-' || lpad(n::text, 5, '0') end end,
      s, date '2025-01-01' + (n % 3), date '2025-01-01' + (n % 3) + case when n % 2 = 0 then 30 else 4000 end,
      1000 + n, 1000 + n, case when s = 'PartlyPaid' then 100 when s = 'Paid' then 1000 + n else 0 end,
      case when s = 'PartlyPaid' then 900 + n when s = 'Paid' then 0 else 1000 + n end,
      ${fixture.firm.users.admin.id}, timestamptz '2025-01-01 09:00Z' + make_interval(mins => n / 10), now(),
      case when n % 5 = 0 then (select id from currencies where iso_code = 'USD')
        when n % 5 = 1 then (select coalesce(f.home_currency_id, (select id from currencies where iso_code = 'NGN'))
          from firms f where f.id = ${fixture.firm.firmId}) end
    from generate_series(1, ${INVOICES}::int) as n, lateral (select (${statuses})[1 + n % ${STATUSES.length}] as s) as chosen`);
  // Every other paid invoice was settled by writing its balance off, so the summary has write-offs to add.
  await fixture.context.database.db.execute(sql`update invoices set paid_amount = 0, written_off_amount = total
    where firm_id = ${fixture.firm.firmId} and status = 'Paid' and number_value % 4 = 1`);
  await fixture.context.database.db.execute(sql`
    insert into invoice_matters (firm_id, invoice_id, matter_id)
    select firm_id, id, ${matterId}::uuid from invoices where firm_id = ${fixture.firm.firmId}
    union all
    select firm_id, id, ${otherMatterId}::uuid from invoices where firm_id = ${fixture.firm.firmId} and number_value % 7 = 0`);
  await postToTheBooks();
});

/**
 * What issuing and paying those invoices would have posted, set-based too, so the books tie out:
 * per issued invoice, Dr accounts receivable / Cr fee income (on its matter when it has one), what
 * was paid, Dr operating bank / Cr accounts receivable, and what was written off, Dr write-offs /
 * Cr accounts receivable, each in the invoice's currency.
 */
async function postToTheBooks() {
  const firmId = fixture.firm.firmId;
  const account = (code: string) => sql`(select id from ledger_accounts where firm_id = ${firmId} and code = ${code})`;
  const matterOf = sql`(select case when count(*) = 1 then min(m.matter_id::text)::uuid end from invoice_matters m where m.invoice_id = i.id)`;
  await fixture.context.database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into journal_entries (firm_id, entry_date, memo, source_type, source_id, created_by_user_id)
      select firm_id, issue_date, 'Invoice issued', 'invoice', id, created_by_user_id from invoices
      where firm_id = ${firmId} and status in ('Approved', 'Sent', 'PartlyPaid', 'Paid')
      union all
      select firm_id, issue_date, 'Invoice paid', 'invoice-payment', id, created_by_user_id from invoices
      where firm_id = ${firmId} and status in ('PartlyPaid', 'Paid') and paid_amount > 0
      union all
      select firm_id, issue_date, 'Invoice written off', 'invoice-write-off', id, created_by_user_id from invoices
      where firm_id = ${firmId} and status in ('Approved', 'Sent', 'PartlyPaid', 'Paid') and written_off_amount > 0`);
    await tx.execute(sql`insert into journal_lines (firm_id, entry_id, account_id, debit, credit, client_id, matter_id, currency_code)
      select e.firm_id, e.id, line.account_id, line.debit, line.credit, i.client_id, ${matterOf},
        (select c.iso_code from currencies c join firms f on f.id = i.firm_id where c.id = coalesce(i.currency_id, f.home_currency_id))
      from journal_entries e join invoices i on i.id = e.source_id,
        lateral (select case e.source_type when 'invoice' then i.total when 'invoice-write-off' then i.written_off_amount
          else i.paid_amount end as amount) as posted,
        lateral (values
          (case e.source_type when 'invoice' then ${account('accounts-receivable')} when 'invoice-write-off' then ${account('write-offs')}
            else ${account('operating-bank')} end, posted.amount, 0::numeric),
          (case when e.source_type = 'invoice' then ${account('fee-income')} else ${account('accounts-receivable')} end,
            0::numeric, posted.amount)
        ) as line (account_id, debit, credit)
      where e.firm_id = ${firmId}`);
  });
}
afterAll(() => fixture.context.close());

describe('the invoice list on the list platform', () => {
  it('pages through every invoice once, in a stable order, however many share a date', async () => {
    for (const sort of [
      '',
      '&sortColumn=createdAt&sortType=desc',
      '&sortColumn=invoiceNumber&sortType=asc',
      '&sortColumn=clientName&sortType=asc',
    ]) {
      const seen: string[] = [];
      for (let page = 1; ; page += 1) {
        const { data } = await list(`page=${page}&size=100${sort}`);
        seen.push(...data.map((row) => row.id));
        if (data.length < 100) break;
      }
      expect(seen, sort).toHaveLength(INVOICES);
      expect(new Set(seen).size, sort).toBe(INVOICES);
    }
  });

  it('counts to the cap, exactly below it, and sums the whole filter per currency with IncludeTotals: drafts apart, the issued figures adding up', async () => {
    const all = await list('page=1&size=20&IncludeTotals=true');
    expect(all.totalCount).toBe(1000);
    expect(all.isTotalCountCapped).toBe(true);
    // Each invoice in its own currency, else the firm's home currency (else NGN), home currency first.
    const sums = await firmSql<Totals>(sql`with home as (
        select coalesce(f.home_currency_id, (select id from currencies where iso_code = 'NGN')) as id from firms f
        where f.id = ${fixture.firm.firmId})
      select c.iso_code as currency, c.symbol as "currencySymbol",
      count(*) filter (where status in ('Draft', 'AwaitingApproval'))::int as "draftCount",
      coalesce(sum(total) filter (where status in ('Draft', 'AwaitingApproval')), 0)::numeric(20, 2)::text as "draftTotal",
      sum(total) filter (where status in ('Approved', 'Sent', 'PartlyPaid', 'Paid'))::numeric(20, 2)::text as billed,
      sum(paid_amount) filter (where status in ('Approved', 'Sent', 'PartlyPaid', 'Paid'))::numeric(20, 2)::text as "paidAmount",
      sum(written_off_amount) filter (where status in ('Approved', 'Sent', 'PartlyPaid', 'Paid'))::numeric(20, 2)::text as "writtenOff",
      sum(balance_due) filter (where status in ('Approved', 'Sent', 'PartlyPaid') and balance_due > 0)::numeric(20, 2)::text as outstanding
      from invoices i cross join home join currencies c on c.id = coalesce(i.currency_id, home.id)
      where i.deleted_at is null group by c.id, c.iso_code, c.symbol, home.id order by c.id = home.id desc, c.iso_code`);
    expect(sums.map((row) => row.currency)).toEqual(['NGN', 'USD']);
    expect(all.totals).toEqual(sums);
    const dollars = all.totals!.find((row) => row.currency === 'USD')!;
    expect(dollars.currencySymbol).toBe('$');
    // Billed = paid + written off + outstanding, to the cent, in each currency (integer cents: no float drift).
    const cents = (amount: string | number) => BigInt(String(amount).replace('.', ''));
    for (const totals of all.totals!) {
      expect(Number(totals.draftCount), String(totals.currency)).toBeGreaterThan(0);
      expect(Number(totals.writtenOff), String(totals.currency)).toBeGreaterThan(0);
      expect(cents(totals.paidAmount!) + cents(totals.writtenOff!) + cents(totals.outstanding!), String(totals.currency)).toBe(
        cents(totals.billed!),
      );
    }
    // A filter with only one currency's invoices answers that currency alone; one with none answers no rows.
    const usdOnly = await list('page=1&size=20&IncludeTotals=true&GeneralSearchText=inv-00015');
    expect(usdOnly.totals!.map((row) => row.currency)).toEqual(['USD']);
    expect((await list('page=1&size=20&IncludeTotals=true&GeneralSearchText=no-such-invoice')).totals).toEqual([]);
    // A firm whose home currency is the dollar sees dollars first, invoices with no currency among them.
    const [before] = await firmSql<{ id: number | null }>(sql`select home_currency_id as id from firms where id = ${fixture.firm.firmId}`);
    const homeOf = (home: SQL) =>
      fixture.context.database.db.execute(sql`update firms set home_currency_id = ${home} where id = ${fixture.firm.firmId}`);
    await homeOf(sql`(select id from currencies where iso_code = 'USD')`);
    try {
      const dollarsFirst = (await list('page=1&size=20&IncludeTotals=true')).totals!;
      expect(dollarsFirst.map((row) => row.currency)).toEqual(['USD', 'NGN']);
      const [naira] = await firmSql<{ n: number }>(sql`select count(*)::int as n from invoices
        where currency_id = (select id from currencies where iso_code = 'NGN') and status in ('Draft', 'AwaitingApproval')`);
      expect(dollarsFirst[1]!.draftCount).toBe(naira!.n);
    } finally {
      await homeOf(sql`${before!.id}::int`);
    }
    const sent = await list('page=1&size=20&Status=Sent');
    const [expected] = await firmSql<{ n: number }>(
      sql`select count(*)::int as n from invoices where status = 'Sent' and deleted_at is null`,
    );
    expect(sent.totalCount).toBe(expected!.n);
    expect(sent.data.every((row) => row.status === 'Sent')).toBe(true);
  });

  it('shows the overdue tab: issued, money due, past its due date', async () => {
    const overdue = await list('page=1&size=100&IsOverdue=true&sortColumn=createdAt&sortType=desc');
    const [expected] = await firmSql<{ n: number }>(sql`select count(*)::int as n from invoices where deleted_at is null
      and status in ('Approved', 'Sent', 'PartlyPaid') and balance_due > 0 and due_date < current_date`);
    expect(overdue.totalCount).toBe(expected!.n);
    expect(overdue.data.length).toBeGreaterThan(0);
    expect(overdue.data.every((row) => row.isOverdue && ['Approved', 'Sent', 'PartlyPaid'].includes(row.status))).toBe(true);
  });

  it('filters by matter and finds invoices by number or client', async () => {
    const onSecond = await list(`page=1&size=100&MatterId=${otherMatterId}`);
    const [expected] = await firmSql<{ n: number }>(sql`select count(*)::int as n from invoice_matters where matter_id = ${otherMatterId}`);
    expect(onSecond.totalCount).toBe(expected!.n);
    expect(onSecond.data.every((row) => row.matterNames.length === 2)).toBe(true);
    const byNumber = await list('page=1&size=20&GeneralSearchText=inv-00017');
    expect(byNumber.data.map((row) => row.invoiceNumber)).toEqual(['INV-00017']);
    const [client] = await firmSql<{ name: string }>(
      sql`select lower(display_name) as name from clients where id = ${fixture.references.openMatter.clientId}`,
    );
    const byClient = await list(`page=1&size=20&GeneralSearchText=${encodeURIComponent(client!.name)}`);
    expect(byClient.totalCount).toBe(100);
    expect(byClient.isTotalCountCapped).toBe(true);
  });

  it('streams the whole filter as CSV across batches, each invoice once, formulas neutralised', async () => {
    const response = await fixture.call('GET', `${base}?IsDownlodCsv=true&sortColumn=createdAt&sortType=desc`, fixture.tokens.admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="invoices.csv"');
    const lines = csvLinesOf(response);
    expect(lines[0]).toBe('Invoice number,Status,Client,Matters,Issue date,Due date,Overdue,Currency,Total,Paid,Balance due,Delivered');
    const rows = lines.slice(1);
    expect(rows.length).toBeGreaterThan(2 * CSV_BATCH_ROWS);
    expect(rows).toHaveLength(INVOICES);
    const numbered = rows.map((line) => line.split(',')[0]).filter(Boolean);
    expect(new Set(numbered).size).toBe(numbered.length);
    expect(rows.some((line) => line.startsWith("'=1+97,"))).toBe(true);
    expect(rows.some((line) => line.startsWith('=1+'))).toBe(false);
    const sent = await fixture.call('GET', `${base}?IsDownlodCsv=true&Status=Paid`, fixture.tokens.admin);
    expect(
      csvLinesOf(sent)
        .slice(1)
        .every((line) => line.split(',')[1] === 'Paid'),
    ).toBe(true);
    // Each row names its currency: the dollar invoices apart from the naira ones, dates as DD/MM/YYYY.
    const currencies = new Set(rows.map((line) => line.split(',')[7]));
    expect(currencies).toEqual(new Set(['NGN', 'USD']));
    expect(rows.every((line) => /^\d\d\/\d\d\/\d{4}$/.test(line.split(',')[4]!))).toBe(true);
  });

  it("keeps another firm's invoices out of the list and the CSV", async () => {
    const other = await list('page=1&size=20', fixture.tokens.otherAdmin);
    expect(other.totalCount).toBe(0);
    const csv = await fixture.call('GET', `${base}?IsDownlodCsv=true`, fixture.tokens.otherAdmin);
    expect(csvLinesOf(csv)).toHaveLength(1);
  });

  it('answers newest first by the invoice’s date, drafts among the issued, whatever order they were made in', async () => {
    const client = fixture.references.matters.find((matter) => matter.clientId !== fixture.references.openMatter.clientId)!.clientId;
    const firmId = fixture.firm.firmId;
    // The later-dated draft was made first: creation order would put it under the earlier one.
    await fixture.context.database.db.execute(sql`
      insert into invoices (firm_id, client_id, status, issue_date, due_date, subtotal, total, paid_amount, balance_due,
        created_by_user_id, created_at, updated_at)
      values (${firmId}, ${client}, 'Draft', date '2026-11-28', date '2026-12-28', 10, 10, 0, 10, ${fixture.firm.users.admin.id},
          timestamptz '2026-10-01 09:00Z', now()),
        (${firmId}, ${client}, 'Draft', date '2026-10-14', date '2026-11-14', 20, 20, 0, 20, ${fixture.firm.users.admin.id},
          timestamptz '2026-10-14 09:00Z', now())`);
    try {
      for (const sort of ['', '&sortColumn=issueDate&sortType=desc']) {
        const { data } = await list(`page=1&size=20&ClientId=${client}${sort}`);
        const dates = data.map((row) => (row as Row & { issueDate: string }).issueDate);
        expect(dates.slice(0, 2), sort).toEqual(['2026-11-28', '2026-10-14']);
        expect(dates, sort).toEqual([...dates].sort().reverse());
      }
    } finally {
      await fixture.context.database.db.execute(
        sql`delete from invoices where firm_id = ${firmId} and client_id = ${client} and issue_date >= date '2026-10-01'`,
      );
    }
  });
});
