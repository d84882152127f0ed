import { and, eq, gte, inArray, lte, notInArray, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { firms, journalDayTotals, ledgerAccounts } from '../../db/schema/index.ts';
import { firmTodayText } from '../../platform/firm-clock.ts';

/**
 * The statements' SQL: every figure is a sum over journal_day_totals (each day's debits and credits
 * per account, currency and source type, kept by the database at every posting's commit), so a
 * statement over years of postings reads thousands of rows, never the million lines behind them.
 */

export function findChart(tx: Tx, firmId: string) {
  return tx
    .select({
      id: ledgerAccounts.id,
      number: ledgerAccounts.number,
      name: ledgerAccounts.name,
      type: ledgerAccounts.type,
      parentId: ledgerAccounts.parentId,
      code: ledgerAccounts.code,
      ownedByModule: ledgerAccounts.ownedByModule,
      normalBalance: ledgerAccounts.normalBalance,
      isActive: ledgerAccounts.isActive,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.firmId, firmId))
    .orderBy(ledgerAccounts.number);
}

/** What a statement prints of the firm and reads its dates by: its name, fiscal year start month and today. */
export async function findStatementFirm(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({ firmName: firms.name, fiscalYearStartMonth: firms.fiscalYearStartMonth, today: firmTodayText(firms.timeZone) })
    .from(firms)
    .where(eq(firms.id, firmId));
  if (!row) throw new Error('The firm of this transaction was not found');
  return row;
}

export type DayTotalsFilter = {
  fromDate?: string | null;
  toDate?: string | null;
  /** Left out of the sums: what the cash basis does not count as posted. */
  excludeSourceTypes?: readonly string[];
  /** Sums lines dated before this date apart from the rest (`isBefore`): earlier years' net income on the balance sheet. */
  splitAt?: string;
  /** Only these accounts (the tie-outs' three). */
  accountIds?: readonly string[];
};

export type DayTotalsRow = { accountId: string; currencyCode: string; isBefore: boolean; debit: string; credit: string };

/** Debits and credits per account and currency of the lines dated in the bounds (either may be open). */
export function sumDayTotals(tx: Tx, firmId: string, filter: DayTotalsFilter): Promise<DayTotalsRow[]> {
  const isBefore = filter.splitAt ? sql<boolean>`${journalDayTotals.entryDate} < ${filter.splitAt}` : sql<boolean>`false`;
  return (
    tx
      .select({
        accountId: journalDayTotals.accountId,
        currencyCode: journalDayTotals.currencyCode,
        isBefore,
        debit: sql<string>`sum(${journalDayTotals.debit})::text`,
        credit: sql<string>`sum(${journalDayTotals.credit})::text`,
      })
      .from(journalDayTotals)
      .where(
        and(
          eq(journalDayTotals.firmId, firmId),
          filter.fromDate ? gte(journalDayTotals.entryDate, filter.fromDate) : undefined,
          filter.toDate ? lte(journalDayTotals.entryDate, filter.toDate) : undefined,
          filter.excludeSourceTypes?.length ? notInArray(journalDayTotals.sourceType, [...filter.excludeSourceTypes]) : undefined,
          filter.accountIds ? inArray(journalDayTotals.accountId, [...filter.accountIds]) : undefined,
        ),
      )
      // By position: the split's date is a parameter, which PostgreSQL does not match between select and group by.
      .groupBy(journalDayTotals.accountId, journalDayTotals.currencyCode, ...(filter.splitAt ? [sql`3`] : []))
  );
}

/** Debits and credits per account, currency and calendar month (its first day) of the lines dated in the bounds. */
export function sumMonthlyTotals(tx: Tx, firmId: string, fromDate: string, toDate: string) {
  const month = sql<string>`to_char(date_trunc('month', ${journalDayTotals.entryDate}), 'YYYY-MM-DD')`;
  return tx
    .select({
      accountId: journalDayTotals.accountId,
      currencyCode: journalDayTotals.currencyCode,
      month,
      debit: sql<string>`sum(${journalDayTotals.debit})::text`,
      credit: sql<string>`sum(${journalDayTotals.credit})::text`,
    })
    .from(journalDayTotals)
    .where(and(eq(journalDayTotals.firmId, firmId), gte(journalDayTotals.entryDate, fromDate), lte(journalDayTotals.entryDate, toDate)))
    .groupBy(journalDayTotals.accountId, journalDayTotals.currencyCode, month);
}

/** What an invoice's issue posts is counted on the cash basis only through its payments. */
export const ACCRUAL_ONLY_SOURCE_TYPES = ['invoice', 'invoice-void', 'invoice-write-off', 'credit-note'] as const;

/**
 * The cash basis's income from invoices: for every payment entry dated in the period (a receipt,
 * or a reversal, which counts against), each income or expense line of its invoice's issue entry in
 * proportion to the receipt's share of what the invoice billed (its receivable), rounded half-up to
 * the cent per invoice and account. `amount` is credit − debit in the line's currency.
 *
 * The issue lines are found from each receipt by index (the invoice's issue entry, its lines), and
 * what the invoice billed is a window over them: joining the receipts to two more sets of the same
 * invoices, which PostgreSQL estimated at a few rows, made it nest loops over 36,000 × 72,000 rows
 * at 1,000,000 journal lines (minutes; ADR 0049's bench).
 */
export function sumCashReceiptShares(tx: Tx, firmId: string, fromDate: string, toDate: string) {
  return rowsOf<{ accountId: string; currencyCode: string; amount: string }>(
    tx.execute(sql`with receipts as (
        select p.invoice_id, l.currency_code, sum(l.credit - l.debit) as received
        from journal_entries e
          join invoice_payments p on p.firm_id = e.firm_id and p.id = e.source_id
          join journal_lines l on l.firm_id = e.firm_id and l.entry_id = e.id
          join ledger_accounts a on a.firm_id = l.firm_id and a.id = l.account_id and a.code = 'accounts-receivable'
        where e.firm_id = ${firmId} and e.source_type = 'invoice-payment' and e.entry_date between ${fromDate} and ${toDate}
        group by p.invoice_id, l.currency_code),
      issued as (
        select r.invoice_id, r.currency_code, r.received, l.account_id, a.type, a.code, sum(l.credit - l.debit) as amount
        from receipts r
          join journal_entries e on e.firm_id = ${firmId} and e.source_type = 'invoice' and e.source_id = r.invoice_id
            and e.reverses_entry_id is null
          join journal_lines l on l.firm_id = e.firm_id and l.entry_id = e.id and l.currency_code = r.currency_code
          join ledger_accounts a on a.firm_id = l.firm_id and a.id = l.account_id
        group by r.invoice_id, r.currency_code, r.received, l.account_id, a.type, a.code),
      shares as (
        select account_id, currency_code, type, amount, received,
          -sum(amount) filter (where code = 'accounts-receivable') over (partition by invoice_id, currency_code) as receivable
        from issued)
      select account_id as "accountId", currency_code as "currencyCode",
        sum(round((amount * received)::numeric(48,20) / receivable, 2))::text as amount
      from shares
      where type in ('income', 'expense') and receivable <> 0
      group by account_id, currency_code`),
  );
}
