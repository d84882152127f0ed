import { sql } from 'drizzle-orm';
import { ISSUED_INVOICE_STATUSES } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { invoiceCurrencyCodeOf } from '../invoices/invoices.api.ts';
import { dayTotalsIn } from '../time-entries/time-entries.api.ts';

const ISSUED = sql.raw(`(${ISSUED_INVOICE_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/** Billable hours per fee earner per week (Monday to Sunday) from `firstMonday` to `today`, by activity date, from the time day totals. */
export function findBillableHoursByWeek(tx: Tx, firmId: string, firstMonday: string, today: string, feeEarnerId: string | null) {
  return rowsOf<{ feeEarnerId: string; name: string; weekStart: string; hours: string }>(
    tx.execute(sql`
      select day.fee_earner_id as "feeEarnerId", member.name,
        to_char(date_trunc('week', day.entry_date)::date, 'YYYY-MM-DD') as "weekStart",
        sum(day.hours)::numeric(20, 2)::text as hours
      from time_entry_day_totals day
      join users member on member.firm_id = day.firm_id and member.id = day.fee_earner_id
      where ${dayTotalsIn(firmId, { from: firstMonday, to: today, feeEarnerId })} and day.is_billable = 4
      group by day.fee_earner_id, member.name, 3
      having sum(day.entries) > 0
      order by member.name`),
  );
}

/** Σ billable hours from one day to another (the firm's, or one fee earner's), from the time day totals. */
export async function sumBillableHours(tx: Tx, firmId: string, from: string, to: string, feeEarnerId: string | null) {
  const [row] = await rowsOf<{ hours: string }>(
    tx.execute(sql`
      select coalesce(sum(day.hours), 0)::numeric(20, 4)::text as hours
      from time_entry_day_totals day
      where ${dayTotalsIn(firmId, { from, to, feeEarnerId })} and day.is_billable = 4`),
  );
  return row!.hours;
}

/**
 * Per month and currency: issued invoices' totals by issue date (the invoice register's "Issued"),
 * and payments received by payment date net of reversals, as the ledger's day totals hold them (what
 * the collections report ties its totals to). Invoices are summed per currency id before the ids are
 * named, not named row by row.
 */
export function findBilledAndCollectedByMonth(tx: Tx, firmId: string, from: string, to: string) {
  return rowsOf<{ month: string; currencyCode: string; billed: string; collected: string }>(
    tx.execute(sql`
      with billed_by_id as (
        select invoice.firm_id, to_char(invoice.issue_date, 'YYYY-MM') as month, invoice.currency_id, sum(invoice.total) as amount
        from invoices invoice
        where invoice.firm_id = ${firmId} and invoice.deleted_at is null and invoice.status in ${ISSUED}
          and invoice.issue_date between ${from}::date and ${to}::date
        group by 1, 2, 3
      ), billed as (
        select month, ${invoiceCurrencyCodeOf(sql`billed_by_id`)} as currency_code, sum(amount) as amount from billed_by_id group by 1, 2
      ), collected as (
        select to_char(day.entry_date, 'YYYY-MM') as month, day.currency_code, sum(day.credit) - sum(day.debit) as amount
        from journal_day_totals day
        join ledger_accounts account on account.firm_id = day.firm_id and account.id = day.account_id and account.code = 'accounts-receivable'
        where day.firm_id = ${firmId} and day.source_type = 'invoice-payment' and day.entry_date between ${from}::date and ${to}::date
        group by 1, 2
      )
      select coalesce(billed.month, collected.month) as month, coalesce(billed.currency_code, collected.currency_code) as "currencyCode",
        coalesce(billed.amount, 0)::numeric(20, 2)::text as billed, coalesce(collected.amount, 0)::numeric(20, 2)::text as collected
      from billed full join collected on collected.month = billed.month and collected.currency_code = billed.currency_code
      order by 2, 1`),
  );
}
