import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

export type ReceivableLedgerFilter = {
  /** Lines of entries dated from this day (open: from the first). */
  from?: string | undefined;
  /** Lines of entries dated up to this day (open: every posting). */
  to?: string | undefined;
  /** Only the entries a payment (or its reversal) posts. */
  isPaymentsOnly?: boolean;
  clientId?: string | undefined;
  /** Only lines booked to this matter (an invoice of several books its receivable to the client alone). */
  matterId?: string | undefined;
  /** one: lines booked to a matter; several: lines booked to the client alone (invoices covering several matters). */
  matters?: 'one' | 'several' | undefined;
  currencyCode?: string | undefined;
};

/**
 * Accounts receivable in the ledger (the system account coded 'accounts-receivable'): debit − credit
 * per currency of the lines the filter selects — the second record the money reports tie out to.
 * Unnarrowed by client or matter it sums the day totals the database keeps of the lines.
 */
export async function sumReceivableInLedger(tx: Tx, firmId: string, filter: ReceivableLedgerFilter): Promise<Map<string, string>> {
  const isByLine = Boolean(filter.clientId || filter.matterId || filter.matters);
  const source = isByLine
    ? sql`journal_lines figure join journal_entries entry on entry.firm_id = figure.firm_id and entry.id = figure.entry_id`
    : sql`journal_day_totals figure`;
  const day = isByLine ? sql`entry.entry_date` : sql`figure.entry_date`;
  const sourceType = isByLine ? sql`entry.source_type` : sql`figure.source_type`;
  const conditions = [
    filter.from ? sql`and ${day} >= ${filter.from}` : sql``,
    filter.to ? sql`and ${day} <= ${filter.to}` : sql``,
    filter.isPaymentsOnly ? sql`and ${sourceType} = 'invoice-payment'` : sql``,
    filter.clientId ? sql`and figure.client_id = ${filter.clientId}` : sql``,
    filter.matterId ? sql`and figure.matter_id = ${filter.matterId}` : sql``,
    filter.matters === 'one' ? sql`and figure.matter_id is not null` : sql``,
    filter.matters === 'several' ? sql`and figure.matter_id is null` : sql``,
    filter.currencyCode ? sql`and figure.currency_code = ${filter.currencyCode}` : sql``,
  ];
  const rows = await rowsOf<{ currencyCode: string; balance: string }>(
    tx.execute(sql`
      select figure.currency_code as "currencyCode", (sum(figure.debit) - sum(figure.credit))::numeric(20, 2)::text as balance
      from ${source}
        join ledger_accounts account on account.firm_id = figure.firm_id and account.id = figure.account_id
          and account.code = 'accounts-receivable'
      where figure.firm_id = ${firmId} ${sql.join(conditions, sql` `)}
      group by 1`),
  );
  return new Map(rows.map((row) => [row.currencyCode, row.balance]));
}
