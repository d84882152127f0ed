import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

/**
 * The rate an invoice's receivable was booked at: the exchange rate (home units per unit) of the
 * accounts-receivable line of its issue entry; null when it has none (an invoice in the home
 * currency, an invoice of nothing, or a foreign one issued while the firm kept no rate).
 */
export async function findIssueReceivableRate(tx: Tx, firmId: string, invoiceId: string): Promise<string | null> {
  const [row] = await rowsOf<{ rate: string | null }>(
    tx.execute(sql`select l.exchange_rate::text as rate
      from journal_entries e
        join journal_lines l on l.firm_id = e.firm_id and l.entry_id = e.id
        join ledger_accounts a on a.firm_id = l.firm_id and a.id = l.account_id and a.code = 'accounts-receivable'
      where e.firm_id = ${firmId} and e.source_type = 'invoice' and e.source_id = ${invoiceId} and e.reverses_entry_id is null
      order by e.created_at
      limit 1`),
  );
  return row?.rate ?? null;
}
