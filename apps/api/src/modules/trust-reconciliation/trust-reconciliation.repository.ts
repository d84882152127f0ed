import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { firmTodayText } from '../../platform/firm-clock.ts';

/**
 * The trust reconciliation's SQL (the only file with it). Raw SQL because each read is one
 * aggregate over up to 100,000 movements of an account: the planner should see it whole.
 */

async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = await tx.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export type AccountRow = {
  id: string;
  name: string;
  currencyCode: string;
  currencySymbol: string;
  isActive: boolean;
  today: string;
  lockedUntil: string | null;
};

/** The account with its currency's symbol, the firm's today and the last signed-off period end; `forUpdate` locks it. */
export async function findAccount(tx: Tx, firmId: string, trustAccountId: string, forUpdate = false): Promise<AccountRow | null> {
  if (forUpdate) {
    await tx.execute(sql`select id from trust_accounts where firm_id = ${firmId} and id = ${trustAccountId} for update`);
  }
  const [row] = await rowsOf<AccountRow>(
    tx,
    sql`
    select a.id, a.name, a.currency_code as "currencyCode", coalesce(c.symbol, '') as "currencySymbol", a.is_active as "isActive",
      ${firmTodayText(sql`f.time_zone`)} as today,
      (select max(r.period_end)::text from trust_reconciliations r where r.firm_id = a.firm_id and r.trust_account_id = a.id) as "lockedUntil"
    from trust_accounts a
    join firms f on f.id = a.firm_id
    left join currencies c on c.iso_code = a.currency_code
    where a.firm_id = ${firmId} and a.id = ${trustAccountId}`,
  );
  return row ?? null;
}

/** The firm's active trust accounts (for the dashboard's alerts). */
export function listActiveAccountIds(tx: Tx, firmId: string) {
  return rowsOf<{ id: string }>(tx, sql`select id from trust_accounts where firm_id = ${firmId} and is_active order by name`);
}

/** (1) The trust bank in the general ledger: debits − credits of the account's lines dated ≤ asOf. */
export async function ledgerBalance(tx: Tx, firmId: string, trustAccountId: string, asOf: string): Promise<string> {
  const [row] = await rowsOf<{ balance: string }>(
    tx,
    sql`
    select coalesce(sum(jl.debit - jl.credit), 0)::numeric(16,2)::text as balance
    from journal_lines jl
    join journal_entries je on je.id = jl.entry_id and je.firm_id = jl.firm_id
    where jl.firm_id = ${firmId}
      and jl.account_id = (select id from ledger_accounts where firm_id = ${firmId} and code = 'trust-bank')
      and jl.trust_account_id = ${trustAccountId}
      and je.entry_date <= ${asOf}`,
  );
  return row?.balance ?? '0.00';
}

/** (2) Each client's ledgers summed (movements dated ≤ asOf), by name. */
export function clientBalances(tx: Tx, firmId: string, trustAccountId: string, asOf: string) {
  return rowsOf<{ clientId: string; clientName: string; balance: string }>(
    tx,
    sql`
    select b.client_id as "clientId", coalesce(c.display_name, '') as "clientName", b.balance::numeric(16,2)::text as balance
    from (
      select client_id, sum(case when direction = 'in' then amount else -amount end) as balance
      from trust_transactions
      where firm_id = ${firmId} and trust_account_id = ${trustAccountId} and transaction_date <= ${asOf}
      group by client_id
    ) b
    left join clients c on c.firm_id = ${firmId} and c.id = b.client_id
    order by c.display_name, b.client_id`,
  );
}

export type BankBalanceRow = { id: string; statementDate: string; closingBalance: string };

/** (3) The latest statement or entered balance dated ≤ asOf (the latest entered when two share a date). */
export async function latestBankBalance(tx: Tx, firmId: string, trustAccountId: string, asOf: string): Promise<BankBalanceRow | null> {
  const [row] = await rowsOf<BankBalanceRow>(
    tx,
    sql`
    select id, statement_date::text as "statementDate", closing_balance::text as "closingBalance"
    from trust_bank_statements
    where firm_id = ${firmId} and trust_account_id = ${trustAccountId} and statement_date <= ${asOf}
    order by statement_date desc, created_at desc
    limit 1`,
  );
  return row ?? null;
}

const MOVEMENT_COLUMNS = sql`
  m.id as "transactionId", m.sequence_number as "sequenceNumber", m.type, m.direction,
  m.transaction_date::text as "transactionDate", m.amount::text as amount, coalesce(cl.display_name, '') as "clientName",
  m.reference, m.counterparty`;

/**
 * Transfers between two ledgers of the same account never reach the bank (both legs, and the
 * reversals of either, net to nothing there): the ids of such transfers in this account.
 */
const sameAccountTransfers = (firmId: string, trustAccountId: string) => sql`
  select transfer_id from trust_transactions
  where firm_id = ${firmId} and trust_account_id = ${trustAccountId} and transfer_id is not null
    and type in ('transfer-in', 'transfer-out')
  group by transfer_id having count(*) >= 2`;

export type MovementItemRow = {
  kind: 'uncleared-deposit' | 'unpresented-payment';
  itemCount: number;
  itemTotal: string;
  transactionId: string;
  sequenceNumber: number;
  type: string;
  direction: 'in' | 'out';
  transactionDate: string;
  amount: string;
  clientName: string;
  reference: string | null;
  counterparty: string | null;
};

/**
 * Movements dated ≤ asOf that the bank had not shown by bankDate (ADR 0025):
 * - money in (deposits, reversals of payments) is on the bank once matched to a line dated ≤ bankDate,
 *   or, unmatched, once its funds cleared on or before bankDate (at entry: its date; else its clearance);
 * - money out (disbursements, invoice payments, refunds, reversals of deposits) once matched to a line
 *   dated ≤ bankDate; unmatched, it is an unpresented payment when the imported statements cover its
 *   date (on or after the account's first bank line) or it is dated after bankDate. Before any
 *   statement covers it, it is taken to have left the bank on its date (a balance entered by hand
 *   cannot say which payments it includes: a difference there is shown, not itemised).
 * - same-account transfers (and their reversals) never reach the bank and are never items; nor does a
 *   deposit reversed before its funds cleared, with its reversal (unless matched to bank lines).
 * Answers up to `shown` of each kind (oldest first), each row carrying its kind's count and total.
 */
export function outstandingMovements(tx: Tx, firmId: string, trustAccountId: string, asOf: string, bankDate: string, shown: number) {
  return rowsOf<MovementItemRow>(
    tx,
    sql`
    with neutral as (${sameAccountTransfers(firmId, trustAccountId)}),
    coverage as (
      select coalesce(min(line_date), 'infinity'::date) as start_date
      from trust_statement_lines where firm_id = ${firmId} and trust_account_id = ${trustAccountId}
    ),
    -- The few movements that can be items, found by cheap tests alone (dated after the bank's date or
    -- within the statements' cover, uncleared at entry, or matched to a later bank line), before the
    -- joins: joining all 100,000 to the bank lines cost 600 ms of the reconciliation's 800 (EXPLAIN, ADR 0025).
    candidates as materialized (
      select t.* from trust_transactions t
      where t.firm_id = ${firmId} and t.trust_account_id = ${trustAccountId} and t.transaction_date <= ${asOf}
        and (t.transaction_date > ${bankDate}
          or t.transaction_date >= (select start_date from coverage)
          or (t.direction = 'in' and not t.is_cleared)
          or t.id in (
            select matched_transaction_id from trust_statement_lines
            where firm_id = ${firmId} and trust_account_id = ${trustAccountId} and line_date > ${bankDate}
              and matched_transaction_id is not null))
    ),
    items as (
      select t.*, case when t.direction = 'in' then 'uncleared-deposit' else 'unpresented-payment' end as kind
      from candidates t
      left join trust_statement_lines l on l.matched_transaction_id = t.id
      left join trust_deposit_clearances dc on dc.transaction_id = t.id
      where (t.transfer_id is null or t.transfer_id not in (select transfer_id from neutral))
        and (t.reverses_transaction_id is null or not exists (
          select 1 from trust_transactions o
          where o.id = t.reverses_transaction_id and o.transfer_id in (select transfer_id from neutral)))
        -- A deposit reversed before its funds cleared (a bounced cheque) never reached the bank: neither it
        -- nor its reversal is an item, unless the bank's lines show them.
        and not exists (
          select 1 from trust_transactions d
          join trust_transactions r on r.reverses_transaction_id = d.id and r.transaction_date <= ${asOf}
          left join trust_deposit_clearances c on c.transaction_id = d.id
          where d.id = coalesce(t.reverses_transaction_id, t.id) and d.type = 'deposit' and not d.is_cleared
            and (c.cleared_date is null or c.cleared_date > ${bankDate})
            and not exists (select 1 from trust_statement_lines ml where ml.matched_transaction_id in (d.id, r.id)))
        and case
          when l.id is not null then l.line_date > ${bankDate}
          when t.direction = 'in' then coalesce(case when t.is_cleared then t.transaction_date else dc.cleared_date end, 'infinity'::date) > ${bankDate}
          else t.transaction_date > ${bankDate} or t.transaction_date >= (select start_date from coverage)
        end
    ),
    ranked as (
      select items.*, count(*) over (partition by kind) as item_count, sum(amount) over (partition by kind) as item_total,
        row_number() over (partition by kind order by transaction_date, sequence_number) as position
      from items
    )
    select m.kind, m.item_count::int as "itemCount", m.item_total::numeric(16,2)::text as "itemTotal", ${MOVEMENT_COLUMNS}
    from ranked m
    left join clients cl on cl.firm_id = m.firm_id and cl.id = m.client_id
    where m.position <= ${shown}
    order by m.kind, m.position`,
  );
}

export type StatementLineRow = {
  id: string;
  statementId: string;
  lineDate: string;
  description: string;
  amount: string;
  balance: string | null;
  matchKind: 'auto' | 'manual' | null;
  matchedTransactionId: string | null;
  transactionId: string | null;
  sequenceNumber: number | null;
  type: string | null;
  direction: 'in' | 'out' | null;
  transactionDate: string | null;
  transactionAmount: string | null;
  clientName: string | null;
  reference: string | null;
  counterparty: string | null;
};

const LINE_COLUMNS = sql`
  l.id, l.statement_id as "statementId", l.line_date::text as "lineDate", l.description, l.amount::text as amount,
  l.balance::text as balance, l.match_kind as "matchKind", l.matched_transaction_id as "matchedTransactionId",
  m.id as "transactionId", m.sequence_number as "sequenceNumber", m.type, m.direction,
  m.transaction_date::text as "transactionDate", m.amount::text as "transactionAmount", cl.display_name as "clientName",
  m.reference, m.counterparty`;

/** Bank lines dated ≤ bankDate matched to no movement dated ≤ asOf: up to `shown`, each with the count and signed total. */
export function unmatchedLines(tx: Tx, firmId: string, trustAccountId: string, asOf: string, bankDate: string, shown: number) {
  return rowsOf<StatementLineRow & { itemCount: number; itemTotal: string }>(
    tx,
    sql`
    with ranked as (
      select l.*, count(*) over () as item_count, sum(l.amount) over () as item_total,
        row_number() over (order by l.line_date, l.id) as position
      from trust_statement_lines l
      left join trust_transactions t on t.id = l.matched_transaction_id
      where l.firm_id = ${firmId} and l.trust_account_id = ${trustAccountId} and l.line_date <= ${bankDate}
        and (l.matched_transaction_id is null or t.transaction_date > ${asOf})
    )
    select l.item_count::int as "itemCount", l.item_total::numeric(16,2)::text as "itemTotal", ${LINE_COLUMNS}
    from ranked l
    left join trust_transactions m on m.id = l.matched_transaction_id
    left join clients cl on cl.firm_id = m.firm_id and cl.id = m.client_id
    where l.position <= ${shown}
    order by l.position`,
  );
}

/** A page of an account's bank lines (newest first), each with the movement it is matched to. */
export function pageOfLines(tx: Tx, firmId: string, trustAccountId: string, unmatchedOnly: boolean, limit: number, offset: number) {
  return rowsOf<StatementLineRow>(
    tx,
    sql`
    select ${LINE_COLUMNS}
    from trust_statement_lines l
    left join trust_transactions m on m.id = l.matched_transaction_id
    left join clients cl on cl.firm_id = m.firm_id and cl.id = m.client_id
    where l.firm_id = ${firmId} and l.trust_account_id = ${trustAccountId}
      ${unmatchedOnly ? sql`and l.matched_transaction_id is null` : sql``}
    order by l.line_date desc, l.id desc
    limit ${limit} offset ${offset}`,
  );
}

export async function countLines(tx: Tx, firmId: string, trustAccountId: string, unmatchedOnly: boolean): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    tx,
    sql`
    select count(*)::int as total from trust_statement_lines
    where firm_id = ${firmId} and trust_account_id = ${trustAccountId}
      ${unmatchedOnly ? sql`and matched_transaction_id is null` : sql``}`,
  );
  return row?.total ?? 0;
}

export async function findLine(
  tx: Tx,
  firmId: string,
  lineId: string,
  forUpdate = false,
): Promise<(StatementLineRow & { trustAccountId: string }) | null> {
  const [row] = await rowsOf<StatementLineRow & { trustAccountId: string }>(
    tx,
    sql`
    select l.trust_account_id as "trustAccountId", ${LINE_COLUMNS}
    from trust_statement_lines l
    left join trust_transactions m on m.id = l.matched_transaction_id
    left join clients cl on cl.firm_id = m.firm_id and cl.id = m.client_id
    where l.firm_id = ${firmId} and l.id = ${lineId}
    ${forUpdate ? sql`for update of l` : sql``}`,
  );
  return row ?? null;
}

export type MovementRow = {
  transactionId: string;
  trustAccountId: string;
  sequenceNumber: number;
  type: string;
  direction: 'in' | 'out';
  transactionDate: string;
  amount: string;
  clientName: string;
  reference: string | null;
  counterparty: string | null;
  isSameAccountTransfer: boolean;
  isMatched: boolean;
};

export async function findMovement(tx: Tx, firmId: string, transactionId: string): Promise<MovementRow | null> {
  const [row] = await rowsOf<MovementRow>(
    tx,
    sql`
    select ${MOVEMENT_COLUMNS}, m.trust_account_id as "trustAccountId",
      exists (
        select 1 from trust_transactions p
        where p.firm_id = m.firm_id and p.transfer_id = coalesce(m.transfer_id, o.transfer_id) and p.trust_account_id = m.trust_account_id
          and p.id <> coalesce(o.id, m.id) and p.type in ('transfer-in', 'transfer-out')
      ) as "isSameAccountTransfer",
      exists (select 1 from trust_statement_lines l where l.matched_transaction_id = m.id) as "isMatched"
    from trust_transactions m
    left join trust_transactions o on o.id = m.reverses_transaction_id
    left join clients cl on cl.firm_id = m.firm_id and cl.id = m.client_id
    where m.firm_id = ${firmId} and m.id = ${transactionId}`,
  );
  return row ?? null;
}

/**
 * Unmatched movements of the account that could be a bank line's: the same direction, one of the
 * amounts, dated within the window; same-account transfers excluded (they never reach the bank).
 */
export function unmatchedMovements(
  tx: Tx,
  firmId: string,
  trustAccountId: string,
  filter: { direction?: 'in' | 'out'; amounts: string[]; fromDate: string; toDate: string; limit: number },
) {
  if (filter.amounts.length === 0) return Promise.resolve([] as MovementRow[]);
  return rowsOf<MovementRow>(
    tx,
    sql`
    with neutral as (${sameAccountTransfers(firmId, trustAccountId)})
    select ${MOVEMENT_COLUMNS}, m.trust_account_id as "trustAccountId", false as "isSameAccountTransfer", false as "isMatched"
    from trust_transactions m
    left join clients cl on cl.firm_id = m.firm_id and cl.id = m.client_id
    where m.firm_id = ${firmId} and m.trust_account_id = ${trustAccountId}
      and m.transaction_date between ${filter.fromDate} and ${filter.toDate}
      and m.amount in (${sql.join(
        filter.amounts.map((amount) => sql`${amount}::numeric`),
        sql`, `,
      )})
      ${filter.direction ? sql`and m.direction = ${filter.direction}` : sql``}
      and (m.transfer_id is null or m.transfer_id not in (select transfer_id from neutral))
      and (m.reverses_transaction_id is null or not exists (
        select 1 from trust_transactions o
        where o.id = m.reverses_transaction_id and o.transfer_id in (select transfer_id from neutral)))
      and not exists (select 1 from trust_statement_lines l where l.matched_transaction_id = m.id)
    order by m.transaction_date, m.sequence_number
    limit ${filter.limit}`,
  );
}

export async function insertStatement(
  tx: Tx,
  values: {
    firmId: string;
    trustAccountId: string;
    statementDate: string;
    closingBalance: string;
    fileName: string | null;
    userId: string;
  },
): Promise<{ id: string; createdAt: string }> {
  const [row] = await rowsOf<{ id: string; createdAt: string }>(
    tx,
    sql`
    insert into trust_bank_statements (firm_id, trust_account_id, statement_date, closing_balance, file_name, imported_by_user_id)
    values (${values.firmId}, ${values.trustAccountId}, ${values.statementDate}, ${values.closingBalance}, ${values.fileName}, ${values.userId})
    returning id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`,
  );
  return row!;
}

export type NewLine = { lineDate: string; description: string; amount: string; balance: string | null; fingerprint: string };

/**
 * The statement's lines, in file order, skipping any whose fingerprint the account already holds;
 * answers each line's new id, or null for a line imported before. The unique index on the
 * fingerprint makes this hold under a double submit: the second import waits for the first to
 * commit, then skips its lines.
 */
export async function insertNewLines(
  tx: Tx,
  firmId: string,
  trustAccountId: string,
  statementId: string,
  lines: NewLine[],
): Promise<(string | null)[]> {
  const idOf = new Map<string, string>();
  for (let start = 0; start < lines.length; start += 500) {
    const batch = lines.slice(start, start + 500);
    const inserted = await rowsOf<{ id: string; fingerprint: string }>(
      tx,
      sql`
      insert into trust_statement_lines (firm_id, statement_id, trust_account_id, line_date, description, amount, balance, fingerprint)
      values ${sql.join(
        batch.map(
          (line) =>
            sql`(${firmId}, ${statementId}, ${trustAccountId}, ${line.lineDate}, ${line.description}, ${line.amount}, ${line.balance}, ${line.fingerprint})`,
        ),
        sql`, `,
      )}
      on conflict (firm_id, trust_account_id, fingerprint) do nothing
      returning id, fingerprint`,
    );
    for (const row of inserted) idOf.set(row.fingerprint, row.id);
  }
  return lines.map((line) => idOf.get(line.fingerprint) ?? null);
}

export async function setLineMatch(
  tx: Tx,
  firmId: string,
  lineId: string,
  match: { transactionId: string; kind: 'auto' | 'manual'; userId: string } | null,
): Promise<void> {
  await tx.execute(
    match
      ? sql`update trust_statement_lines set matched_transaction_id = ${match.transactionId}, match_kind = ${match.kind},
          matched_by_user_id = ${match.userId}, matched_at = now()
          where firm_id = ${firmId} and id = ${lineId}`
      : sql`update trust_statement_lines set matched_transaction_id = null, match_kind = null, matched_by_user_id = null, matched_at = null
          where firm_id = ${firmId} and id = ${lineId}`,
  );
}

/** Automatic matches of freshly imported lines, in one statement per 1,000. */
export async function setAutoMatches(tx: Tx, firmId: string, pairs: [lineId: string, transactionId: string][], userId: string) {
  for (let start = 0; start < pairs.length; start += 1000) {
    const batch = pairs.slice(start, start + 1000);
    await tx.execute(sql`
      update trust_statement_lines l
      set matched_transaction_id = pair.transaction_id, match_kind = 'auto', matched_by_user_id = ${userId}, matched_at = now()
      from (values ${sql.join(
        batch.map(([lineId, transactionId]) => sql`(${lineId}::uuid, ${transactionId}::uuid)`),
        sql`, `,
      )}) as pair(line_id, transaction_id)
      where l.firm_id = ${firmId} and l.id = pair.line_id`);
  }
}

export async function insertReconciliation(
  tx: Tx,
  values: {
    firmId: string;
    trustAccountId: string;
    periodEnd: string;
    ledgerBalance: string;
    clientLedgersTotal: string;
    bankBalance: string;
    note: string;
    userId: string;
  },
): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`
    insert into trust_reconciliations (firm_id, trust_account_id, period_end, ledger_balance, client_ledgers_total, bank_balance, note, signed_off_by_user_id)
    values (${values.firmId}, ${values.trustAccountId}, ${values.periodEnd}, ${values.ledgerBalance}, ${values.clientLedgersTotal},
      ${values.bankBalance}, ${values.note}, ${values.userId})
    returning id`,
  );
  return row!.id;
}

export type SignedOffRow = {
  id: string;
  trustAccountId: string;
  periodEnd: string;
  ledgerBalance: string;
  clientLedgersTotal: string;
  bankBalance: string;
  note: string;
  signedOffByUserId: string;
  signedOffByName: string;
  signedOffAt: string;
};

export function pageOfReconciliations(tx: Tx, firmId: string, trustAccountId: string, limit: number, offset: number, id?: string) {
  return rowsOf<SignedOffRow>(
    tx,
    sql`
    select r.id, r.trust_account_id as "trustAccountId", r.period_end::text as "periodEnd", r.ledger_balance::text as "ledgerBalance",
      r.client_ledgers_total::text as "clientLedgersTotal", r.bank_balance::text as "bankBalance", r.note,
      r.signed_off_by_user_id as "signedOffByUserId", coalesce(u.name, '') as "signedOffByName",
      to_char(r.signed_off_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "signedOffAt"
    from trust_reconciliations r
    left join users u on u.firm_id = r.firm_id and u.id = r.signed_off_by_user_id
    where r.firm_id = ${firmId} and r.trust_account_id = ${trustAccountId} ${id ? sql`and r.id = ${id}` : sql``}
    order by r.period_end desc
    limit ${limit} offset ${offset}`,
  );
}

export async function countReconciliations(tx: Tx, firmId: string, trustAccountId: string): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    tx,
    sql`select count(*)::int as total from trust_reconciliations where firm_id = ${firmId} and trust_account_id = ${trustAccountId}`,
  );
  return row?.total ?? 0;
}

/** A statement's counts of lines and matched lines. */
export async function statementCounts(tx: Tx, firmId: string, statementId: string): Promise<{ lineCount: number; matchedCount: number }> {
  const [row] = await rowsOf<{ lineCount: number; matchedCount: number }>(
    tx,
    sql`select count(*)::int as "lineCount", count(matched_transaction_id)::int as "matchedCount"
        from trust_statement_lines where firm_id = ${firmId} and statement_id = ${statementId}`,
  );
  return row ?? { lineCount: 0, matchedCount: 0 };
}
