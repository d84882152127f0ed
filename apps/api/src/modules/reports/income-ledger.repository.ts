import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

/**
 * An income account's credit − debit per currency in the ledger, of the entries dated between from
 * and to (from the day totals the database keeps of the lines): the second record a report's income
 * figure ties out to.
 */
export async function sumIncomeInLedger(
  tx: Tx,
  firmId: string,
  accountCode: string,
  range: { from: string; to: string },
): Promise<Map<string, string>> {
  const rows = await rowsOf<{ currencyCode: string; amount: string }>(
    tx.execute(sql`
      select figure.currency_code as "currencyCode", (sum(figure.credit) - sum(figure.debit))::numeric(20, 2)::text as amount
      from journal_day_totals figure
        join ledger_accounts account on account.firm_id = figure.firm_id and account.id = figure.account_id and account.code = ${accountCode}
      where figure.firm_id = ${firmId} and figure.entry_date between ${range.from}::date and ${range.to}::date
      group by 1`),
  );
  return new Map(rows.map((row) => [row.currencyCode, row.amount]));
}
