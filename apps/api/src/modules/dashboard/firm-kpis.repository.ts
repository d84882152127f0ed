import { sql } from 'drizzle-orm';
import { ISSUED_INVOICE_STATUSES } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { invoiceCurrencyCodeOf } from '../invoices/invoices.api.ts';

const ISSUED = sql.raw(`(${ISSUED_INVOICE_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/** Billable hours per fee earner per week (Monday to Sunday) from `firstMonday` to `today`, by activity date. */
export function findBillableHoursByWeek(tx: Tx, firmId: string, firstMonday: string, today: string, feeEarnerId: string | null) {
  return rowsOf<{ feeEarnerId: string; name: string; weekStart: string; hours: string }>(
    tx.execute(sql`
      select entry.user_id as "feeEarnerId", member.name,
        to_char(date_trunc('week', entry.time_entry_date)::date, 'YYYY-MM-DD') as "weekStart",
        sum(entry.duration)::numeric(20, 2)::text as hours
      from time_entries entry
      join users member on member.firm_id = entry.firm_id and member.id = entry.user_id
      where entry.firm_id = ${firmId} and entry.deleted_at is null and entry.is_billable = 4
        and entry.time_entry_date between ${firstMonday}::date and ${today}::date
        and (${feeEarnerId}::uuid is null or entry.user_id = ${feeEarnerId}::uuid)
      group by entry.user_id, member.name, 3
      order by member.name`),
  );
}

/**
 * Per month and currency: issued invoices' totals by issue date (the invoice register's "Issued"),
 * and payments received by payment date, net of reversals (the collections report's rule).
 */
export function findBilledAndCollectedByMonth(tx: Tx, firmId: string, from: string, to: string) {
  return rowsOf<{ month: string; currencyCode: string; billed: string; collected: string }>(
    tx.execute(sql`
      with billed as (
        select to_char(invoice.issue_date, 'YYYY-MM') as month, ${invoiceCurrencyCodeOf(sql`invoice`)} as currency_code, sum(invoice.total) as amount
        from invoices invoice
        where invoice.firm_id = ${firmId} and invoice.deleted_at is null and invoice.status in ${ISSUED}
          and invoice.issue_date between ${from}::date and ${to}::date
        group by 1, 2
      ), collected as (
        select to_char(payment.payment_date, 'YYYY-MM') as month, ${invoiceCurrencyCodeOf(sql`invoice`)} as currency_code, sum(payment.amount) as amount
        from invoice_payments payment
        join invoices invoice on invoice.firm_id = payment.firm_id and invoice.id = payment.invoice_id
        where payment.firm_id = ${firmId} and payment.payment_date between ${from}::date and ${to}::date
        group by 1, 2
      )
      select coalesce(billed.month, collected.month) as month, coalesce(billed.currency_code, collected.currency_code) as "currencyCode",
        coalesce(billed.amount, 0)::numeric(20, 2)::text as billed, coalesce(collected.amount, 0)::numeric(20, 2)::text as collected
      from billed full join collected on collected.month = billed.month and collected.currency_code = billed.currency_code
      order by 2, 1`),
  );
}
