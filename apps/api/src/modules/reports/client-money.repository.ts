import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import type { LedgerAccountCode } from '../../platform/ledger/ledger.ts';

/**
 * The general ledger's side of the client-money reports' tie-outs: an account's balance on a date,
 * from its journal lines (by the entry's date), per currency, narrowed to the lines a client,
 * matter or trust account names.
 */
export type LedgerFigureFilter = {
  asOf: string;
  clientId?: string | undefined;
  matterId?: string | undefined;
  /** Only lines without a matter (a client's general trust funds). */
  isGeneralFundsOnly?: boolean | undefined;
  trustAccountId?: string | undefined;
  currencyCode?: string | undefined;
};

/**
 * debit − credit of an account's lines dated on or before `asOf`, per currency (a currency without
 * lines is absent). Unnarrowed by client, matter or trust account it sums the day totals the
 * database keeps of the lines.
 */
export async function sumLedgerAccountOn(
  tx: Tx,
  firmId: string,
  code: LedgerAccountCode,
  filter: LedgerFigureFilter,
): Promise<Map<string, string>> {
  const isByLine = Boolean(filter.clientId || filter.matterId || filter.isGeneralFundsOnly || filter.trustAccountId);
  const conditions = [
    filter.clientId ? sql`figure.client_id = ${filter.clientId}` : undefined,
    filter.matterId ? sql`figure.matter_id = ${filter.matterId}` : undefined,
    filter.isGeneralFundsOnly ? sql`figure.matter_id is null` : undefined,
    filter.trustAccountId ? sql`figure.trust_account_id = ${filter.trustAccountId}` : undefined,
    filter.currencyCode ? sql`figure.currency_code = ${filter.currencyCode}` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const rows = await rowsOf<{ currencyCode: string; amount: string }>(
    tx.execute(sql`
      select figure.currency_code as "currencyCode", (sum(figure.debit) - sum(figure.credit))::numeric(16, 2)::text as amount
      from ${
        isByLine
          ? sql`journal_lines figure join journal_entries entry on entry.firm_id = figure.firm_id and entry.id = figure.entry_id`
          : sql`journal_day_totals figure`
      }
        join ledger_accounts account on account.firm_id = figure.firm_id and account.id = figure.account_id
      where figure.firm_id = ${firmId} and account.code = ${code} and ${isByLine ? sql`entry.entry_date` : sql`figure.entry_date`} <= ${filter.asOf}
        ${conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``}
      group by figure.currency_code`),
  );
  return new Map(rows.map((row) => [row.currencyCode, row.amount]));
}

/** How the firm's chart names an account: "Client trust liability (2100)". */
export async function findLedgerAccountLabel(tx: Tx, firmId: string, code: LedgerAccountCode): Promise<string> {
  const [row] = await rowsOf<{ name: string; number: string | null }>(
    tx.execute(sql`select name, number from ledger_accounts where firm_id = ${firmId} and code = ${code}`),
  );
  if (!row) return code;
  return row.number ? `${row.name} (${row.number})` : row.name;
}
