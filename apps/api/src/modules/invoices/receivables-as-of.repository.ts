import { sql, type SQL } from 'drizzle-orm';
import { ISSUED_INVOICE_STATUSES, type ReceivableAgeBucket } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { firmDateOf, timeZoneOfFirm } from '../../platform/firm-clock.ts';
import { FALLBACK_HOME_CURRENCY } from '../../platform/ledger/ledger.ts';

const ISSUED = sql.raw(`(${ISSUED_INVOICE_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/**
 * The currency of the invoice row `invoice` (an alias): its own, else the firm's home currency, else
 * NGN — the currency its journal entries are posted in.
 */
export const invoiceCurrencyCodeOf = (invoice: SQL) =>
  sql<string>`coalesce((select money.iso_code from currencies money where money.id = coalesce(${invoice}.currency_id,
    (select home.home_currency_id from firms home where home.id = ${invoice}.firm_id))), ${FALLBACK_HOME_CURRENCY})`;

/** The matter the receivable of the invoice row `invoice` is booked to: its one matter; null when it covers several. */
export const receivableMatterIdOf = (invoice: SQL) =>
  sql<string | null>`(select case when count(*) = 1 then min(covered.matter_id::text)::uuid end from invoice_matters covered
    where covered.firm_id = ${invoice}.firm_id and covered.invoice_id = ${invoice}.id)`;

/** The numbers and names of the matters the invoice row `invoice` covers, "; " between them. */
export const invoiceMatterNamesOf = (invoice: SQL) =>
  sql<string>`(select coalesce(string_agg(coalesce(named.matter_number || ' ', '') || named.matter_name, '; '
      order by named.matter_number, named.matter_name), '')
    from invoice_matters covered join matters named on named.firm_id = covered.firm_id and named.id = covered.matter_id
    where covered.firm_id = ${invoice}.firm_id and covered.invoice_id = ${invoice}.id)`;

/** The invoice of the columns `firmId` and `invoiceId` covers the matter (one of its matters). */
export const invoiceIdCoversMatter = (firmId: SQL, invoiceId: SQL, matterId: string) =>
  sql`exists (select 1 from invoice_matters covered where covered.firm_id = ${firmId}
    and covered.invoice_id = ${invoiceId} and covered.matter_id = ${matterId})`;

/** The invoice row `invoice` covers the matter (one of its matters). */
export const invoiceCoversMatter = (invoice: SQL, matterId: string) =>
  invoiceIdCoversMatter(sql`${invoice}.firm_id`, sql`${invoice}.id`, matterId);

export type ReceivableFilters = {
  clientId?: string | undefined;
  /** Invoices covering this matter. */
  matterId?: string | undefined;
  currencyCode?: string | undefined;
  /** Invoices of one matter or covering several (their receivable booked to the client alone). */
  matters?: 'one' | 'several' | undefined;
  bucket?: ReceivableAgeBucket | undefined;
};

/** The age bucket of a number of days past due: current (not yet due), 1–30, 31–60, 61–90, 90+. */
const bucketOf = (daysLate: SQL) => sql`case when ${daysLate} <= 0 then 'current' when ${daysLate} <= 30 then '1-30'
  when ${daysLate} <= 60 then '31-60' when ${daysLate} <= 90 then '61-90' else '90+' end`;

/**
 * What each invoice owed at the end of `asOf` (a date in the firm's time zone), one row per invoice
 * with something owed. An invoice counts when it was issued on or before `asOf` and not void by then
 * (voided after: it was still owed); what it owed is its total less the payments (and payment
 * reversals), the write-offs and the credit notes' applied amounts dated on or before it. Those are
 * the dates its journal entries carry, so what a client owes here equals its receivable in the ledger
 * as of `asOf`. Days past due count from the due date (the issue date were there none).
 */
function owedAsOf(firmId: string, asOf: string, filters: ReceivableFilters): SQL {
  const day = sql`${asOf}::date`;
  const voidedOn = firmDateOf(sql`i.voided_at`, timeZoneOfFirm(firmId));
  const paidBy = sql`coalesce((select sum(paid.amount) from invoice_payments paid
    where paid.firm_id = i.firm_id and paid.invoice_id = i.id and paid.payment_date <= ${day}), 0)`;
  const writtenOffBy = sql`coalesce((select sum(written.amount) from invoice_write_offs written
    where written.firm_id = i.firm_id and written.invoice_id = i.id and written.write_off_date <= ${day}), 0)`;
  const creditedBy = sql`coalesce((select sum(credited.applied_amount) from credit_notes credited
    where credited.firm_id = i.firm_id and credited.invoice_id = i.id and credited.credit_date <= ${day}), 0)`;
  // Only an invoice that still owes today, or that something settled or voided after `asOf`, can have
  // owed anything then: every other was settled by that day (a void's day is in the firm's time zone,
  // hence a day's margin here; the exact test is below). So a date near today reads the open
  // invoices (their partial index) and the few settled since, not every invoice the firm ever issued.
  const mayHaveOwed = sql`i.id in (
      select open.id from invoices open where open.firm_id = ${firmId} and open.deleted_at is null and open.balance_due > 0
      union select paid.invoice_id from invoice_payments paid where paid.firm_id = ${firmId} and paid.payment_date > ${day}
      union select written.invoice_id from invoice_write_offs written where written.firm_id = ${firmId} and written.write_off_date > ${day}
      union select credited.invoice_id from credit_notes credited where credited.firm_id = ${firmId} and credited.credit_date > ${day}
      union select voided.id from invoices voided where voided.firm_id = ${firmId} and voided.status = 'Void' and voided.deleted_at is null
        and voided.voided_at >= ${day} - 1)`;
  const conditions = [
    sql`and ${mayHaveOwed}`,
    filters.clientId ? sql`and i.client_id = ${filters.clientId}` : sql``,
    filters.matterId ? sql`and ${invoiceCoversMatter(sql`i`, filters.matterId)}` : sql``,
  ];
  const outer = [
    filters.currencyCode ? sql`and owed.currency_code = ${filters.currencyCode}` : sql``,
    filters.matters === 'one'
      ? sql`and owed.matter_id is not null`
      : filters.matters === 'several'
        ? sql`and owed.matter_id is null`
        : sql``,
    filters.bucket ? sql`and ${bucketOf(sql`owed.days_late`)} = ${filters.bucket}` : sql``,
  ];
  // Materialized: each invoice's figures are worked out once, not again for every place a caller reads them
  // (flattened, its balance's three sums ran once per age bucket).
  return sql`with owed as materialized (
      select i.id, i.firm_id, i.client_id, i.invoice_number, i.number_value, i.issue_date, i.due_date, i.total,
        ${invoiceCurrencyCodeOf(sql`i`)} as currency_code, ${receivableMatterIdOf(sql`i`)} as matter_id,
        (${day} - coalesce(i.due_date, i.issue_date)) as days_late,
        i.total - ${paidBy} - ${writtenOffBy} - ${creditedBy} as balance
      from invoices i
      where i.firm_id = ${firmId} and i.deleted_at is null and i.issued_at is not null and i.issue_date <= ${day}
        and (i.status in ${ISSUED} or (i.status = 'Void' and ${voidedOn} > ${day})) ${sql.join(conditions, sql` `)}
    )
    select owed.* from owed where owed.balance > 0 ${sql.join(outer, sql` `)}`;
}

const inBucket = (bucket: ReceivableAgeBucket) =>
  sql`coalesce(sum(owed.balance) filter (where ${bucketOf(sql`owed.days_late`)} = ${bucket}), 0)::numeric(20, 2)::text`;
const BUCKET_SUMS = sql`${inBucket('current')} as current, ${inBucket('1-30')} as "days1To30", ${inBucket('31-60')} as "days31To60",
  ${inBucket('61-90')} as "days61To90", ${inBucket('90+')} as "days90Plus", sum(owed.balance)::numeric(20, 2)::text as total`;

const BUCKETS_AND_TOTAL = ['current', 'days1To30', 'days31To60', 'days61To90', 'days90Plus', 'total'] as const;
export type AgedSums = { current: string; days1To30: string; days31To60: string; days61To90: string; days90Plus: string; total: string };

/** What clients owed at the end of `asOf`, by client and currency (never two currencies added) and by days past due then. */
export function findAgedReceivables(tx: Tx, firmId: string, asOf: string, clientId: string | undefined) {
  return rowsOf<AgedSums & { clientId: string; clientName: string; currencyCode: string; currencySymbol: string; invoiceCount: number }>(
    tx.execute(sql`
      select owed.client_id as "clientId", min(client.display_name) as "clientName", owed.currency_code as "currencyCode",
        coalesce(min(money.symbol), '') as "currencySymbol", count(*)::int as "invoiceCount", ${BUCKET_SUMS}
      from (${owedAsOf(firmId, asOf, { clientId })}) owed
        join clients client on client.firm_id = ${firmId} and client.id = owed.client_id
        left join currencies money on money.iso_code = owed.currency_code
      group by owed.client_id, owed.currency_code
      order by min(client.display_name), owed.currency_code`),
  );
}

/**
 * What clients owe today per currency and days past due, from the open invoices' balances due alone:
 * the dashboard's card and chart. (As of today owedAsOf reads the same invoices and, unless a payment
 * is dated later, the same balances; the dashboard's test holds the two equal.)
 */
export function findOpenReceivablesByAge(tx: Tx, firmId: string, today: string) {
  // Summed per currency id before the ids are named, not named invoice by invoice.
  return rowsOf<AgedSums & { currencyCode: string }>(
    tx.execute(sql`
      select named.currency_code as "currencyCode", ${sql.join(
        BUCKETS_AND_TOTAL.map((key) => sql`sum(named.${sql.identifier(key)}::numeric)::numeric(20, 2)::text as ${sql.identifier(key)}`),
        sql`, `,
      )}
      from (
        select ${invoiceCurrencyCodeOf(sql`by_id`)} as currency_code, by_id.*
        from (
          select owed.firm_id, owed.currency_id, ${BUCKET_SUMS}
          from (
            select i.firm_id, i.currency_id, (${today}::date - coalesce(i.due_date, i.issue_date)) as days_late, i.balance_due as balance
            from invoices i
            where i.firm_id = ${firmId} and i.deleted_at is null and i.status in ${ISSUED} and i.balance_due > 0
          ) owed
          group by owed.firm_id, owed.currency_id
        ) by_id
      ) named
      group by named.currency_code
      order by named.currency_code`),
  );
}

export type AgedByMatterRow = AgedSums & {
  clientId: string;
  clientName: string;
  /** null: invoices covering several matters. */
  matterId: string | null;
  matterName: string | null;
  currencyCode: string;
  invoiceCount: number;
};

/** What clients owed at the end of `asOf`, by client, the matter each receivable is booked to (or several), and currency. */
export function findAgedReceivablesByMatter(tx: Tx, firmId: string, asOf: string, filters: ReceivableFilters) {
  return rowsOf<AgedByMatterRow>(
    tx.execute(sql`
      select owed.client_id as "clientId", min(client.display_name) as "clientName", owed.matter_id as "matterId",
        min(coalesce(matter.matter_number || ' ', '') || matter.matter_name) as "matterName", owed.currency_code as "currencyCode",
        count(*)::int as "invoiceCount", ${BUCKET_SUMS}
      from (${owedAsOf(firmId, asOf, filters)}) owed
        join clients client on client.firm_id = ${firmId} and client.id = owed.client_id
        left join matters matter on matter.firm_id = ${firmId} and matter.id = owed.matter_id
      group by owed.client_id, owed.matter_id, owed.currency_code
      order by 2, 4 nulls last, owed.client_id, owed.matter_id, owed.currency_code`),
  );
}

export type OwedInvoiceRow = {
  id: string;
  invoiceNumber: string;
  clientName: string;
  matterNames: string;
  currencyCode: string;
  issueDate: string;
  dueDate: string;
  daysLate: number;
  total: string;
  balance: string;
};

/** The invoices that owed something at the end of `asOf` (oldest due first), a page at a time, with their count and sums per currency. */
export async function findAgedReceivableInvoices(
  tx: Tx,
  firmId: string,
  asOf: string,
  filters: ReceivableFilters,
  page: { size: number; offset: number },
) {
  const owed = owedAsOf(firmId, asOf, filters);
  const [rows, sums] = await Promise.all([
    rowsOf<OwedInvoiceRow>(
      tx.execute(sql`
        select owed.id, owed.invoice_number as "invoiceNumber", client.display_name as "clientName", ${invoiceMatterNamesOf(sql`owed`)} as "matterNames",
          owed.currency_code as "currencyCode", to_char(owed.issue_date, 'YYYY-MM-DD') as "issueDate",
          to_char(owed.due_date, 'YYYY-MM-DD') as "dueDate", owed.days_late as "daysLate",
          owed.total::numeric(20, 2)::text as total, owed.balance::numeric(20, 2)::text as balance
        from (${owed}) owed join clients client on client.firm_id = ${firmId} and client.id = owed.client_id
        order by owed.due_date, owed.number_value, owed.id
        limit ${page.size} offset ${page.offset}`),
    ),
    rowsOf<{ currencyCode: string; count: number; total: string; balance: string }>(
      tx.execute(sql`
        select owed.currency_code as "currencyCode", count(*)::int as count, sum(owed.total)::numeric(20, 2)::text as total,
          sum(owed.balance)::numeric(20, 2)::text as balance
        from (${owed}) owed group by 1 order by 1`),
    ),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, daysLate: Number(row.daysLate) })),
    count: sums.reduce((count, sum) => count + Number(sum.count), 0),
    sums,
  };
}
