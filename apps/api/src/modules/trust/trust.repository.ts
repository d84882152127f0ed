import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import {
  auditEvents,
  clients,
  currencies,
  firms,
  invoices,
  journalLines,
  ledgerAccounts,
  matters,
  trustAccounts,
  trustDepositClearances,
  trustLedgers,
  trustMatterMinimums,
  trustMovementRequests,
  trustSettings,
  trustTransactions,
  users,
} from '../../db/schema/index.ts';
import { firmTodayText } from '../../platform/firm-clock.ts';

/** The trust module's SQL: accounts, ledgers, movements, movement requests and the firm's trust rules. */

export type TrustAccountRow = typeof trustAccounts.$inferSelect;
export type TrustTransactionRow = typeof trustTransactions.$inferSelect;
export type TrustMovementRequestRow = typeof trustMovementRequests.$inferSelect;

const symbolOf = (codeColumn: SQL | typeof trustAccounts.currencyCode) =>
  sql<string>`coalesce((select c.symbol from ${currencies} c where c.iso_code = ${codeColumn}), '')`;

/** The firm's name, its home currency's code and its today. */
export async function findTrustFirm(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({
      today: firmTodayText(firms.timeZone),
      homeCurrencyCode: sql<string | null>`(select c.iso_code from ${currencies} c where c.id = ${firms.homeCurrencyId})`,
      firmName: firms.name,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row!;
}

export async function currencyExists(tx: Tx, code: string) {
  const [row] = await tx.select({ code: currencies.isoCode }).from(currencies).where(eq(currencies.isoCode, code));
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// Accounts

const accountColumns = {
  account: trustAccounts,
  currencySymbol: symbolOf(trustAccounts.currencyCode),
  // Written out in full: in a one-table select drizzle names the outer columns bare, which the subquery would take as its own.
  clientLedgerCount: sql<number>`(select count(*)::int from ${trustLedgers} l
    where l.firm_id = "trust_accounts"."firm_id" and l.trust_account_id = "trust_accounts"."id" and l.balance > 0)`,
};

export async function findTrustAccounts(tx: Tx, firmId: string) {
  return tx.select(accountColumns).from(trustAccounts).where(eq(trustAccounts.firmId, firmId)).orderBy(asc(trustAccounts.name));
}

export async function findTrustAccount(tx: Tx, firmId: string, id: string) {
  const [row] = await tx
    .select(accountColumns)
    .from(trustAccounts)
    .where(and(eq(trustAccounts.firmId, firmId), eq(trustAccounts.id, id)));
  return row ?? null;
}

export async function insertTrustAccount(tx: Tx, values: typeof trustAccounts.$inferInsert) {
  const [row] = await tx.insert(trustAccounts).values(values).returning({ id: trustAccounts.id });
  return row!.id;
}

export async function updateTrustAccount(
  tx: Tx,
  firmId: string,
  id: string,
  values: Pick<typeof trustAccounts.$inferInsert, 'name' | 'bankName' | 'paymentInstructions' | 'isActive'>,
) {
  await tx
    .update(trustAccounts)
    .set(values)
    .where(and(eq(trustAccounts.firmId, firmId), eq(trustAccounts.id, id)));
}

/**
 * Locks the account for a movement: every movement of an account takes this lock first, so the
 * funds a movement checks cannot change under it before it commits (the database's CHECKs stay the backstop).
 */
export async function lockTrustAccount(tx: Tx, firmId: string, id: string) {
  // FOR UPDATE answers the row as the last movement to commit left it, when this one had to wait for it.
  const [row] = await tx
    .select({
      id: trustAccounts.id,
      name: trustAccounts.name,
      isActive: trustAccounts.isActive,
      currencyCode: trustAccounts.currencyCode,
      currencySymbol: symbolOf(trustAccounts.currencyCode),
      balance: trustAccounts.balance,
      clearedBalance: trustAccounts.clearedBalance,
    })
    .from(trustAccounts)
    .where(and(eq(trustAccounts.firmId, firmId), eq(trustAccounts.id, id)))
    .for('update', { of: trustAccounts });
  return row ?? null;
}
export type LockedTrustAccount = NonNullable<Awaited<ReturnType<typeof lockTrustAccount>>>;

// ---------------------------------------------------------------------------------------------
// Ledgers

export async function findLedgerBalance(tx: Tx, firmId: string, trustAccountId: string, clientId: string, matterId: string | null) {
  const [row] = await tx
    .select({ balance: trustLedgers.balance, clearedBalance: trustLedgers.clearedBalance })
    .from(trustLedgers)
    .where(
      and(
        eq(trustLedgers.firmId, firmId),
        eq(trustLedgers.trustAccountId, trustAccountId),
        eq(trustLedgers.clientId, clientId),
        matterId ? eq(trustLedgers.matterId, matterId) : isNull(trustLedgers.matterId),
      ),
    );
  return row ?? { balance: '0.00', clearedBalance: '0.00' };
}

const ledgerColumns = {
  trustAccountId: trustLedgers.trustAccountId,
  trustAccountName: trustAccounts.name,
  currencyCode: trustAccounts.currencyCode,
  currencySymbol: symbolOf(trustAccounts.currencyCode),
  clientId: trustLedgers.clientId,
  clientName: clients.displayName,
  matterId: trustLedgers.matterId,
  matterNumber: matters.matterNumber,
  matterName: matters.matterName,
  balance: trustLedgers.balance,
  clearedBalance: trustLedgers.clearedBalance,
  minimumBalance: trustMatterMinimums.minimumBalance,
};

const ledgerFrom = (tx: Tx) =>
  tx
    .select(ledgerColumns)
    .from(trustLedgers)
    .innerJoin(trustAccounts, and(eq(trustAccounts.firmId, trustLedgers.firmId), eq(trustAccounts.id, trustLedgers.trustAccountId)))
    .innerJoin(clients, and(eq(clients.firmId, trustLedgers.firmId), eq(clients.id, trustLedgers.clientId)))
    .leftJoin(matters, and(eq(matters.firmId, trustLedgers.firmId), eq(matters.id, trustLedgers.matterId)))
    .leftJoin(
      trustMatterMinimums,
      and(eq(trustMatterMinimums.firmId, trustLedgers.firmId), eq(trustMatterMinimums.matterId, trustLedgers.matterId)),
    );

/** A client's (or one matter's) ledgers across the firm's trust accounts. */
export async function findClientLedgers(tx: Tx, firmId: string, clientId: string, matterId: string | null) {
  return ledgerFrom(tx)
    .where(
      and(eq(trustLedgers.firmId, firmId), eq(trustLedgers.clientId, clientId), matterId ? eq(trustLedgers.matterId, matterId) : undefined),
    )
    .orderBy(asc(trustAccounts.name), asc(matters.matterNumber));
}

/** An account's client ledgers, largest first. */
export async function findAccountLedgers(
  tx: Tx,
  firmId: string,
  query: { trustAccountId: string; search: string | null; isNonZeroOnly: boolean; limit: number; offset: number },
) {
  const where = and(
    eq(trustLedgers.firmId, firmId),
    eq(trustLedgers.trustAccountId, query.trustAccountId),
    query.isNonZeroOnly ? ne(trustLedgers.balance, '0') : undefined,
    query.search ? or(ilike(clients.displayName, `%${query.search}%`), ilike(matters.matterNumber, `%${query.search}%`)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ledgerFrom(tx).where(where).orderBy(desc(trustLedgers.balance), asc(clients.displayName)).limit(query.limit).offset(query.offset),
    tx
      .select({ total: count() })
      .from(trustLedgers)
      .innerJoin(clients, and(eq(clients.firmId, trustLedgers.firmId), eq(clients.id, trustLedgers.clientId)))
      .leftJoin(matters, and(eq(matters.firmId, trustLedgers.firmId), eq(matters.id, trustLedgers.matterId)))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// References

export async function findClientReference(tx: Tx, firmId: string, clientId: string) {
  const [row] = await tx
    .select({ id: clients.id, name: clients.displayName })
    .from(clients)
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId), isNull(clients.deletedAt)));
  return row ?? null;
}

export async function findMatterReference(tx: Tx, firmId: string, matterId: string) {
  const [row] = await tx
    .select({ id: matters.id, clientId: matters.clientId, matterNumber: matters.matterNumber, matterName: matters.matterName })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.id, matterId), isNull(matters.deletedAt)));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Movements

export async function insertTrustTransaction(tx: Tx, values: typeof trustTransactions.$inferInsert) {
  const [row] = await tx.insert(trustTransactions).values(values).returning({ id: trustTransactions.id });
  return row!.id;
}

export async function insertClearance(tx: Tx, values: typeof trustDepositClearances.$inferInsert) {
  await tx.insert(trustDepositClearances).values(values);
}

export async function findTransactionRow(tx: Tx, firmId: string, id: string) {
  const [row] = await tx
    .select()
    .from(trustTransactions)
    .where(and(eq(trustTransactions.firmId, firmId), eq(trustTransactions.id, id)));
  return row ?? null;
}

export async function findTransferLegs(tx: Tx, firmId: string, transferId: string) {
  return tx
    .select()
    .from(trustTransactions)
    .where(and(eq(trustTransactions.firmId, firmId), eq(trustTransactions.transferId, transferId), ne(trustTransactions.type, 'reversal')))
    .orderBy(asc(trustTransactions.sequenceNumber));
}

export async function isReversed(tx: Tx, firmId: string, id: string) {
  const [row] = await tx
    .select({ id: trustTransactions.id })
    .from(trustTransactions)
    .where(and(eq(trustTransactions.firmId, firmId), eq(trustTransactions.reversesTransactionId, id)));
  return Boolean(row);
}

export async function isCleared(tx: Tx, firmId: string, id: string) {
  const [row] = await tx
    .select({ id: trustDepositClearances.transactionId })
    .from(trustDepositClearances)
    .where(and(eq(trustDepositClearances.firmId, firmId), eq(trustDepositClearances.transactionId, id)));
  return Boolean(row);
}

const numberOf = (column: SQL | typeof trustTransactions.sequenceNumber) => sql<string>`'TRX-' || lpad(${column}::text, 5, '0')`;
const userName = (column: typeof trustTransactions.createdByUserId | typeof trustTransactions.approvedByUserId) =>
  sql<string>`(select u.name from ${users} u where u.id = ${column})`;

const transactionColumns = {
  row: trustTransactions,
  number: numberOf(trustTransactions.sequenceNumber),
  trustAccountName: trustAccounts.name,
  currencyCode: trustAccounts.currencyCode,
  currencySymbol: symbolOf(trustAccounts.currencyCode),
  clientName: clients.displayName,
  matterNumber: matters.matterNumber,
  matterName: matters.matterName,
  invoiceNumber: invoices.invoiceNumber,
  clearedDate: trustDepositClearances.clearedDate,
  reversesNumber: sql<string | null>`(select 'TRX-' || lpad(o.sequence_number::text, 5, '0') from ${trustTransactions} o
    where o.firm_id = ${trustTransactions.firmId} and o.id = ${trustTransactions.reversesTransactionId})`,
  reversedBy: sql<{
    id: string;
    number: string;
  } | null>`(select json_build_object('id', r.id, 'number', 'TRX-' || lpad(r.sequence_number::text, 5, '0'))
    from ${trustTransactions} r where r.firm_id = ${trustTransactions.firmId} and r.reverses_transaction_id = ${trustTransactions.id})`,
  createdByUserName: userName(trustTransactions.createdByUserId),
  approvedByUserName: sql<string | null>`${userName(trustTransactions.approvedByUserId)}`,
};

/** The movements with their account, client, matter, invoice and clearance; `extra` adds columns to each. */
const transactionFrom = <Extra extends Record<string, SQL.Aliased | SQL>>(tx: Tx, extra: Extra = {} as Extra) =>
  tx
    .select({ ...transactionColumns, ...extra })
    .from(trustTransactions)
    .innerJoin(
      trustAccounts,
      and(eq(trustAccounts.firmId, trustTransactions.firmId), eq(trustAccounts.id, trustTransactions.trustAccountId)),
    )
    .innerJoin(clients, and(eq(clients.firmId, trustTransactions.firmId), eq(clients.id, trustTransactions.clientId)))
    .leftJoin(matters, and(eq(matters.firmId, trustTransactions.firmId), eq(matters.id, trustTransactions.matterId)))
    .leftJoin(invoices, and(eq(invoices.firmId, trustTransactions.firmId), eq(invoices.id, trustTransactions.invoiceId)))
    .leftJoin(
      trustDepositClearances,
      and(eq(trustDepositClearances.firmId, trustTransactions.firmId), eq(trustDepositClearances.transactionId, trustTransactions.id)),
    );

export type TrustTransactionViewRow = Awaited<ReturnType<typeof findTransactionViews>>[number];

export type TransactionFilter = {
  trustAccountId?: string;
  clientId?: string;
  matterId?: string;
  type?: TrustTransactionRow['type'];
  fromDate?: string;
  toDate?: string;
  search?: string;
  isUnclearedOnly?: boolean;
  ids?: string[];
};

function transactionWhere(firmId: string, filter: TransactionFilter) {
  const search = filter.search?.trim();
  return and(
    eq(trustTransactions.firmId, firmId),
    filter.ids ? inArray(trustTransactions.id, filter.ids) : undefined,
    filter.trustAccountId ? eq(trustTransactions.trustAccountId, filter.trustAccountId) : undefined,
    filter.clientId ? eq(trustTransactions.clientId, filter.clientId) : undefined,
    filter.matterId ? eq(trustTransactions.matterId, filter.matterId) : undefined,
    filter.type ? eq(trustTransactions.type, filter.type) : undefined,
    filter.fromDate ? gte(trustTransactions.transactionDate, filter.fromDate) : undefined,
    filter.toDate ? lte(trustTransactions.transactionDate, filter.toDate) : undefined,
    filter.isUnclearedOnly
      ? and(
          eq(trustTransactions.isCleared, false),
          sql`not exists (select 1 from ${trustDepositClearances} c where c.transaction_id = ${trustTransactions.id})`,
          sql`not exists (select 1 from ${trustTransactions} r where r.firm_id = ${trustTransactions.firmId} and r.reverses_transaction_id = ${trustTransactions.id})`,
        )
      : undefined,
    search
      ? or(
          ilike(trustTransactions.reference, `%${search}%`),
          ilike(trustTransactions.counterparty, `%${search}%`),
          ilike(trustTransactions.purpose, `%${search}%`),
          sql`${clients.displayName} ilike ${`%${search}%`}`,
          sql`${numberOf(trustTransactions.sequenceNumber)} ilike ${`%${search}%`}`,
        )
      : undefined,
  );
}

/** Movements newest first, in the order they were recorded (each was checked against the funds then). */
export async function findTransactionViews(tx: Tx, firmId: string, filter: TransactionFilter, page: { limit: number; offset: number }) {
  return transactionFrom(tx)
    .where(transactionWhere(firmId, filter))
    .orderBy(desc(trustTransactions.sequenceNumber))
    .limit(page.limit)
    .offset(page.offset);
}

type LedgerFilter = Pick<TransactionFilter, 'clientId' | 'matterId' | 'trustAccountId'> & { clientId: string };

/**
 * The balance after the outer row of the ledgers a filter selects, in the row's currency: each
 * ledger's own balance after its newest movement up to the row, as that movement stored it
 * (ledger_balance_after), summed. One index probe per ledger, however long the ledger. A ledger
 * without a matter is probed apart: `matter_id = null` matches nothing, and `is not distinct from`
 * cannot use the index. Its order names matter_id, which only the ledger index holds in order: ordered
 * by the sequence alone, the planner walked the client's index back through the client's other
 * ledgers (50,000 rows for each of a page's movements, 1.6 s a page, at issue 16's scale).
 */
const balanceAfterRow = (firmId: string, filter: LedgerFilter) => sql<string>`(
  select coalesce(sum(latest.balance), 0)::numeric(16,2)::text
  from ${trustLedgers} l
  join ${trustAccounts} la on la.firm_id = l.firm_id and la.id = l.trust_account_id
  cross join lateral (
    (select x.ledger_balance_after as balance from ${trustTransactions} x
      where x.firm_id = l.firm_id and x.trust_account_id = l.trust_account_id and x.client_id = l.client_id
        and x.matter_id = l.matter_id and x.sequence_number <= ${trustTransactions.sequenceNumber}
      order by x.sequence_number desc limit 1)
    union all
    (select x.ledger_balance_after from ${trustTransactions} x
      where l.matter_id is null and x.firm_id = l.firm_id and x.trust_account_id = l.trust_account_id
        and x.client_id = l.client_id and x.matter_id is null and x.sequence_number <= ${trustTransactions.sequenceNumber}
      order by x.matter_id desc, x.sequence_number desc limit 1)
  ) latest
  where l.firm_id = ${firmId} and l.client_id = ${filter.clientId}
    ${filter.matterId ? sql`and l.matter_id = ${filter.matterId}` : sql``}
    ${filter.trustAccountId ? sql`and l.trust_account_id = ${filter.trustAccountId}` : sql``}
    and la.currency_code = ${trustAccounts.currencyCode})`;

/**
 * A ledger's page, newest recorded first, in one statement: each movement with the balance after it
 * (balanceAfterRow) and the filter's movements counted up to `countUpTo` (the page's capped total).
 * The page's 20 movements are picked from the index alone before any join, so a page far back skips
 * index entries, not joined rows.
 */
export async function findLedgerPage(
  tx: Tx,
  firmId: string,
  filter: LedgerFilter,
  page: { limit: number; offset: number; countUpTo: number },
) {
  const where = transactionWhere(firmId, filter);
  const pageIds = tx
    .select({ id: trustTransactions.id })
    .from(trustTransactions)
    .where(where)
    .orderBy(desc(trustTransactions.sequenceNumber))
    .limit(page.limit)
    .offset(page.offset);
  const counted = tx
    .select({ one: sql`1` })
    .from(trustTransactions)
    .where(where)
    .limit(page.countUpTo);
  return transactionFrom(tx, {
    balanceAfter: balanceAfterRow(firmId, filter),
    countedUpTo: sql<number>`(select count(*)::int from (${counted}) counted)`,
  })
    .where(and(eq(trustTransactions.firmId, firmId), inArray(trustTransactions.id, pageIds)))
    .orderBy(desc(trustTransactions.sequenceNumber));
}

/** The client, and the matter's client when a matter is named: a ledger's owners, in one statement. */
export async function findLedgerOwner(tx: Tx, firmId: string, clientId: string, matterId: string | null) {
  const [row] = await tx
    .select({
      id: clients.id,
      name: clients.displayName,
      matterClientId: matterId
        ? sql<
            string | null
          >`(select m.client_id from ${matters} m where m.firm_id = ${firmId} and m.id = ${matterId} and m.deleted_at is null)`
        : sql<string | null>`null`,
    })
    .from(clients)
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId), isNull(clients.deletedAt)));
  return row ?? null;
}

/** Counts the movements a filter selects, stopping at `limit` (a ledger may hold 100,000: cappedTotal). */
export async function countTransactionsUpTo(tx: Tx, firmId: string, filter: TransactionFilter, limit: number) {
  const needsClients = Boolean(filter.search?.trim());
  const base = tx.select({ one: sql`1` }).from(trustTransactions);
  const query = needsClients
    ? base.innerJoin(clients, and(eq(clients.firmId, trustTransactions.firmId), eq(clients.id, trustTransactions.clientId)))
    : base;
  const bounded = query.where(transactionWhere(firmId, filter)).limit(limit).as('bounded');
  const [row] = await tx.select({ total: count() }).from(bounded);
  return row?.total ?? 0;
}

const signedAmount = sql<string>`coalesce(sum(case when ${trustTransactions.direction} = 'in' then ${trustTransactions.amount} else -${trustTransactions.amount} end), 0)::numeric(16,2)::text`;

/** One figure per currency: trust accounts in different currencies are never added together. */
export type CurrencyTotal = { currencyCode: string; total: string };

/** The signed sum of the movements a filter selects, per currency of their trust accounts. */
function sumByCurrency(tx: Tx, where: SQL | undefined): Promise<CurrencyTotal[]> {
  return tx
    .select({ currencyCode: trustAccounts.currencyCode, total: signedAmount })
    .from(trustTransactions)
    .innerJoin(
      trustAccounts,
      and(eq(trustAccounts.firmId, trustTransactions.firmId), eq(trustAccounts.id, trustTransactions.trustAccountId)),
    )
    .where(where)
    .groupBy(trustAccounts.currencyCode)
    .orderBy(trustAccounts.currencyCode);
}

/** The signed sum of the movements a filter selects, per currency (a ledger's balances at a date, with toDate). */
export function sumMovements(tx: Tx, firmId: string, filter: TransactionFilter) {
  return sumByCurrency(tx, transactionWhere(firmId, filter));
}

/** Each trust account's register balance and the sum of its client ledgers, with its currency. */
export function sumLedgersByAccount(tx: Tx, firmId: string) {
  return tx
    .select({
      trustAccountId: trustAccounts.id,
      currencyCode: trustAccounts.currencyCode,
      register: sql<string>`${trustAccounts.balance}::numeric(16,2)::text`,
      ledgers: sql<string>`coalesce(sum(${trustLedgers.balance}), 0)::numeric(16,2)::text`,
    })
    .from(trustAccounts)
    .leftJoin(trustLedgers, and(eq(trustLedgers.firmId, trustAccounts.firmId), eq(trustLedgers.trustAccountId, trustAccounts.id)))
    .where(eq(trustAccounts.firmId, firmId))
    .groupBy(trustAccounts.id)
    .orderBy(trustAccounts.currencyCode, trustAccounts.id);
}

/** The client's (or matter's, or one account's) ledger balances and cleared parts, one row per currency. */
export async function sumLedgers(tx: Tx, firmId: string, filter: { clientId: string; matterId?: string; trustAccountId?: string }) {
  return tx
    .select({
      currencyCode: trustAccounts.currencyCode,
      currencySymbol: symbolOf(trustAccounts.currencyCode),
      balance: sql<string>`coalesce(sum(${trustLedgers.balance}), 0)::numeric(16,2)::text`,
      clearedBalance: sql<string>`coalesce(sum(${trustLedgers.clearedBalance}), 0)::numeric(16,2)::text`,
    })
    .from(trustLedgers)
    .innerJoin(trustAccounts, and(eq(trustAccounts.firmId, trustLedgers.firmId), eq(trustAccounts.id, trustLedgers.trustAccountId)))
    .where(
      and(
        eq(trustLedgers.firmId, firmId),
        eq(trustLedgers.clientId, filter.clientId),
        filter.matterId ? eq(trustLedgers.matterId, filter.matterId) : undefined,
        filter.trustAccountId ? eq(trustLedgers.trustAccountId, filter.trustAccountId) : undefined,
      ),
    )
    .groupBy(trustAccounts.currencyCode)
    .orderBy(trustAccounts.currencyCode);
}

// ---------------------------------------------------------------------------------------------
// A movement's journal lines and history

export async function findJournalLines(tx: Tx, firmId: string, entryId: string) {
  return tx
    .select({
      // A trust movement posts only to system accounts, which always have a code.
      accountCode: sql<string>`coalesce(${ledgerAccounts.code}, ${ledgerAccounts.number})`,
      accountName: ledgerAccounts.name,
      debit: journalLines.debit,
      credit: journalLines.credit,
      clientName: clients.displayName,
      matterNumber: matters.matterNumber,
    })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .leftJoin(clients, and(eq(clients.firmId, journalLines.firmId), eq(clients.id, journalLines.clientId)))
    .leftJoin(matters, and(eq(matters.firmId, journalLines.firmId), eq(matters.id, journalLines.matterId)))
    .where(and(eq(journalLines.firmId, firmId), eq(journalLines.entryId, entryId)))
    .orderBy(desc(journalLines.debit), asc(ledgerAccounts.code));
}

export async function findHistory(tx: Tx, firmId: string, entityIds: string[]) {
  return tx
    .select({ event: auditEvents.action, at: auditEvents.createdAt, byUserName: users.name, details: auditEvents.details })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(and(eq(auditEvents.firmId, firmId), inArray(auditEvents.entityId, entityIds)))
    .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
}

// ---------------------------------------------------------------------------------------------
// The firm's trust rules

export async function findTrustSettings(tx: Tx, firmId: string) {
  const [row] = await tx.select().from(trustSettings).where(eq(trustSettings.firmId, firmId));
  return row ?? { firmId, approvalThreshold: null, requireRequestApproval: false, cashReviewThreshold: null, updatedAt: new Date() };
}

export async function upsertTrustSettings(tx: Tx, values: Omit<typeof trustSettings.$inferInsert, 'updatedAt'>) {
  await tx
    .insert(trustSettings)
    .values(values)
    .onConflictDoUpdate({
      target: trustSettings.firmId,
      set: {
        approvalThreshold: values.approvalThreshold,
        requireRequestApproval: values.requireRequestApproval,
        cashReviewThreshold: values.cashReviewThreshold,
        updatedAt: sql`now()`,
      },
    });
}

export async function findMatterMinimum(tx: Tx, firmId: string, matterId: string) {
  const [row] = await tx
    .select({ minimumBalance: trustMatterMinimums.minimumBalance })
    .from(trustMatterMinimums)
    .where(and(eq(trustMatterMinimums.firmId, firmId), eq(trustMatterMinimums.matterId, matterId)));
  return row?.minimumBalance ?? null;
}

export async function setMatterMinimum(tx: Tx, firmId: string, matterId: string, minimumBalance: string | null) {
  if (minimumBalance === null) {
    await tx.delete(trustMatterMinimums).where(and(eq(trustMatterMinimums.firmId, firmId), eq(trustMatterMinimums.matterId, matterId)));
    return;
  }
  await tx
    .insert(trustMatterMinimums)
    .values({ firmId, matterId, minimumBalance })
    .onConflictDoUpdate({
      target: [trustMatterMinimums.firmId, trustMatterMinimums.matterId],
      set: { minimumBalance, updatedAt: sql`now()` },
    });
}

// ---------------------------------------------------------------------------------------------
// Movements waiting for a second person

export async function insertMovementRequest(tx: Tx, values: typeof trustMovementRequests.$inferInsert) {
  const [row] = await tx.insert(trustMovementRequests).values(values).returning({ id: trustMovementRequests.id });
  return row!.id;
}

export async function lockMovementRequest(tx: Tx, firmId: string, id: string) {
  const [row] = await tx
    .select()
    .from(trustMovementRequests)
    .where(and(eq(trustMovementRequests.firmId, firmId), eq(trustMovementRequests.id, id)))
    .for('update');
  return row ?? null;
}

export async function updateMovementRequest(
  tx: Tx,
  firmId: string,
  id: string,
  values: Partial<typeof trustMovementRequests.$inferInsert>,
) {
  await tx
    .update(trustMovementRequests)
    .set(values)
    .where(and(eq(trustMovementRequests.firmId, firmId), eq(trustMovementRequests.id, id)));
}

export async function findMovementRequests(
  tx: Tx,
  firmId: string,
  filter: { ids?: string[]; status?: TrustMovementRequestRow['status']; trustAccountId?: string },
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(trustMovementRequests.firmId, firmId),
    filter.ids ? inArray(trustMovementRequests.id, filter.ids) : undefined,
    filter.status ? eq(trustMovementRequests.status, filter.status) : undefined,
    filter.trustAccountId ? eq(trustMovementRequests.trustAccountId, filter.trustAccountId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        row: trustMovementRequests,
        trustAccountName: trustAccounts.name,
        currencySymbol: symbolOf(trustAccounts.currencyCode),
        clientName: clients.displayName,
        matterNumber: matters.matterNumber,
        requestedByUserName: sql<string>`(select u.name from ${users} u where u.id = ${trustMovementRequests.requestedByUserId})`,
        decidedByUserName: sql<string | null>`(select u.name from ${users} u where u.id = ${trustMovementRequests.decidedByUserId})`,
      })
      .from(trustMovementRequests)
      .innerJoin(
        trustAccounts,
        and(eq(trustAccounts.firmId, trustMovementRequests.firmId), eq(trustAccounts.id, trustMovementRequests.trustAccountId)),
      )
      .innerJoin(clients, and(eq(clients.firmId, trustMovementRequests.firmId), eq(clients.id, trustMovementRequests.clientId)))
      .leftJoin(matters, and(eq(matters.firmId, trustMovementRequests.firmId), eq(matters.id, trustMovementRequests.matterId)))
      .where(where)
      .orderBy(desc(trustMovementRequests.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ total: count() }).from(trustMovementRequests).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}
