import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { IS_BILLABLE, type BillRunFilters } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import {
  billRunResults,
  billRuns,
  clients,
  currencies,
  expenses,
  firms,
  flatFees,
  invoices,
  matterAssignees,
  matterPracticeAreas,
  matters,
  timeEntries,
  users,
} from '../../db/schema/index.ts';
import { isUnbilledBillableExpense } from '../expenses/expenses.api.ts';
import { isBilledFlatFee } from '../flat-fees/flat-fees.api.ts';
import { isBilledTimeEntry } from '../time-entries/time-entries.api.ts';

/** A matter the filters pick, with its unbilled work up to the day (home currency) and its client's preference. */
export type MatterWork = {
  clientId: string;
  clientName: string;
  billingPreference: 'perMatter' | 'perClient';
  matterId: string;
  matterName: string;
  unbilledAmount: string;
  itemCount: number;
  /** Items up to the day already on a draft invoice. */
  onDraftCount: number;
};

const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * The filters' matters and their work, in one statement: per matter, its unbilled time entries,
 * expenses and flat fees dated on or before the day, and those already on a draft. A matter with
 * neither is left out unless it was chosen by id (the run then says "nothing unbilled").
 */
export async function findMatterWork(tx: Tx, firmId: string, filters: BillRunFilters): Promise<MatterWork[]> {
  const upTo = filters.workUpTo;
  const onDraft = (invoiceId: unknown) =>
    sql`exists (select 1 from ${invoices} held where held.firm_id = ${firmId} and held.id = ${invoiceId} and held.status = 'Draft' and held.deleted_at is null)`;
  const conditions = [
    sql`m.firm_id = ${firmId}`,
    sql`m.deleted_at is null`,
    sql`c.deleted_at is null`,
    filters.billingType ? sql`m.billing_type = ${filters.billingType}` : undefined,
    filters.clientIds.length ? sql`m.client_id = any(${uuids(filters.clientIds)})` : undefined,
    filters.matterIds.length ? sql`m.id = any(${uuids(filters.matterIds)})` : undefined,
    filters.feeEarnerId
      ? sql`exists (select 1 from ${matterAssignees} a where a.firm_id = m.firm_id and a.matter_id = m.id and a.user_id = ${filters.feeEarnerId})`
      : undefined,
    filters.practiceAreaId
      ? sql`exists (select 1 from ${matterPracticeAreas} p where p.firm_id = m.firm_id and p.matter_id = m.id and p.practice_area_id = ${filters.practiceAreaId})`
      : undefined,
  ].filter((condition) => condition !== undefined);
  const chosen = filters.matterIds.length > 0;
  return rowsOf<MatterWork>(
    tx.execute(sql`select m.client_id as "clientId", c.display_name as "clientName", c.billing_preference as "billingPreference",
        m.id as "matterId", m.matter_name as "matterName",
        (te.amount + ex.amount + ff.amount)::numeric(20, 2)::text as "unbilledAmount",
        (te.items + ex.items + ff.items)::int as "itemCount",
        (te.on_draft + ex.on_draft + ff.on_draft)::int as "onDraftCount"
      from ${matters} m
      join ${clients} c on c.firm_id = m.firm_id and c.id = m.client_id
      cross join lateral (select coalesce(sum(${timeEntries.homeTotalAmount}) filter (where not ${isBilledTimeEntry}), 0) as amount,
          count(*) filter (where not ${isBilledTimeEntry}) as items,
          count(*) filter (where ${onDraft(timeEntries.invoiceId)}) as on_draft
        from ${timeEntries} where ${timeEntries.firmId} = m.firm_id and ${timeEntries.matterId} = m.id and ${timeEntries.clientId} = m.client_id
          and ${timeEntries.timeEntryDate} <= ${upTo} and ${timeEntries.deletedAt} is null and ${timeEntries.isBillable} = ${IS_BILLABLE.billable}) te
      cross join lateral (select coalesce(sum(${expenses.homeAmount}) filter (where ${isUnbilledBillableExpense}), 0) as amount,
          count(*) filter (where ${isUnbilledBillableExpense}) as items,
          count(*) filter (where ${onDraft(expenses.invoiceId)}) as on_draft
        from ${expenses} where ${expenses.firmId} = m.firm_id and ${expenses.matterId} = m.id and ${expenses.clientId} = m.client_id
          and ${expenses.expenseDate} <= ${upTo} and ${expenses.deletedAt} is null) ex
      cross join lateral (select coalesce(sum(${flatFees.amount}) filter (where not ${isBilledFlatFee}), 0) as amount,
          count(*) filter (where not ${isBilledFlatFee}) as items,
          count(*) filter (where ${onDraft(flatFees.invoiceId)}) as on_draft
        from ${flatFees} where ${flatFees.firmId} = m.firm_id and ${flatFees.matterId} = m.id and ${flatFees.clientId} = m.client_id
          and ${flatFees.flatFeeDate} <= ${upTo} and ${flatFees.deletedAt} is null) ff
      where ${sql.join(conditions, sql` and `)}
        and (${chosen} or te.items + ex.items + ff.items + te.on_draft + ex.on_draft + ff.on_draft > 0)
      order by c.display_name, c.id, m.matter_name, m.id`),
  );
}

export async function findHomeCurrencyCode(tx: Tx, firmId: string): Promise<string> {
  const [row] = await tx
    .select({ code: sql<string>`coalesce(${currencies.isoCode}, '')` })
    .from(firms)
    .leftJoin(currencies, eq(currencies.id, firms.homeCurrencyId))
    .where(eq(firms.id, firmId));
  return row?.code ?? '';
}

export type NewResult = {
  clientId: string;
  matterId: string | null;
  matterIds: string[];
  unbilledAmount: string;
  itemCount: number;
};

export async function insertRun(tx: Tx, firmId: string, userId: string, filters: BillRunFilters, results: NewResult[]) {
  const [run] = await tx
    .insert(billRuns)
    .values({ firmId, startedByUserId: userId, filters, total: results.length })
    .returning({ id: billRuns.id });
  for (let start = 0; start < results.length; start += 500) {
    await tx
      .insert(billRunResults)
      .values(
        results.slice(start, start + 500).map((result, index) => ({ ...result, firmId, billRunId: run!.id, sortOrder: start + index })),
      );
  }
  return run!.id;
}

const countOf = (outcome: SQLText) =>
  sql<number>`(select count(*) from ${billRunResults} r where r.firm_id = ${billRuns.firmId} and r.bill_run_id = ${billRuns.id} and ${outcome})::int`;
type SQLText = ReturnType<typeof sql>;

const summaryColumns = {
  id: billRuns.id,
  status: billRuns.status,
  filters: billRuns.filters,
  total: billRuns.total,
  done: countOf(sql`r.outcome <> 'Pending'`),
  draftedCount: countOf(sql`r.outcome = 'Drafted'`),
  skippedCount: countOf(sql`r.outcome = 'Skipped'`),
  startedByName: sql<string>`coalesce(${users.name}, '')`,
  createdAt: billRuns.createdAt,
  finishedAt: billRuns.finishedAt,
};

/** The firm's runs, newest first (the last 50). */
export function findRuns(tx: Tx, firmId: string) {
  return tx
    .select(summaryColumns)
    .from(billRuns)
    .leftJoin(users, and(eq(users.firmId, billRuns.firmId), eq(users.id, billRuns.startedByUserId)))
    .where(eq(billRuns.firmId, firmId))
    .orderBy(desc(billRuns.createdAt), desc(billRuns.id))
    .limit(50);
}

export async function findRun(tx: Tx, firmId: string, runId: string) {
  const [row] = await tx
    .select(summaryColumns)
    .from(billRuns)
    .leftJoin(users, and(eq(users.firmId, billRuns.firmId), eq(users.id, billRuns.startedByUserId)))
    .where(and(eq(billRuns.firmId, firmId), eq(billRuns.id, runId)));
  return row ?? null;
}

/** A run's results in their order, with the names of what they bill and the drafts' numbers and totals. */
export function findResults(tx: Tx, firmId: string, runId: string) {
  return tx
    .select({
      id: billRunResults.id,
      clientId: billRunResults.clientId,
      clientName: sql<string>`coalesce(${clients.displayName}, '')`,
      matterId: billRunResults.matterId,
      matterName: sql<
        string | null
      >`(select m.matter_name from ${matters} m where m.firm_id = ${billRunResults.firmId} and m.id = ${billRunResults.matterId})`,
      matterCount: sql<number>`cardinality(${billRunResults.matterIds})`,
      unbilledAmount: sql<string>`${billRunResults.unbilledAmount}::text`,
      itemCount: billRunResults.itemCount,
      outcome: billRunResults.outcome,
      invoiceId: billRunResults.invoiceId,
      invoiceNumber: invoices.invoiceNumber,
      invoiceTotal: sql<string | null>`${invoices.total}::text`,
      skipReason: billRunResults.skipReason,
    })
    .from(billRunResults)
    .leftJoin(clients, and(eq(clients.firmId, billRunResults.firmId), eq(clients.id, billRunResults.clientId)))
    .leftJoin(invoices, and(eq(invoices.firmId, billRunResults.firmId), eq(invoices.id, billRunResults.invoiceId)))
    .where(and(eq(billRunResults.firmId, firmId), eq(billRunResults.billRunId, runId)))
    .orderBy(asc(billRunResults.sortOrder));
}

// The job's side.

/** Runs waiting for a process, of every firm (read with the identity lookup): queued, or running with a lapsed lease. */
export function findWaitingRuns(tx: Tx) {
  return tx
    .select({ id: billRuns.id, firmId: billRuns.firmId })
    .from(billRuns)
    .where(sql`${billRuns.status} in ('Queued', 'Running') and (${billRuns.status} = 'Queued' or ${billRuns.leaseUntil} < now())`)
    .orderBy(asc(billRuns.createdAt))
    .limit(20);
}

const LEASE = sql`now() + interval '2 minutes'`;

/** Takes the run for this process (null when another holds it): Running, with a lease each result renews. */
export async function claimRun(tx: Tx, firmId: string, runId: string) {
  const [row] = await tx
    .update(billRuns)
    .set({ status: 'Running', leaseUntil: LEASE })
    .where(
      and(
        eq(billRuns.firmId, firmId),
        eq(billRuns.id, runId),
        sql`(${billRuns.status} = 'Queued' or (${billRuns.status} = 'Running' and ${billRuns.leaseUntil} < now()))`,
      ),
    )
    .returning({ startedByUserId: billRuns.startedByUserId, filters: billRuns.filters });
  return row ?? null;
}

export async function renewLease(tx: Tx, firmId: string, runId: string) {
  await tx
    .update(billRuns)
    .set({ leaseUntil: LEASE })
    .where(and(eq(billRuns.firmId, firmId), eq(billRuns.id, runId)));
}

export async function finishRun(tx: Tx, firmId: string, runId: string) {
  await tx
    .update(billRuns)
    .set({ status: 'Finished', leaseUntil: null, finishedAt: sql`now()` })
    .where(and(eq(billRuns.firmId, firmId), eq(billRuns.id, runId)));
}

/** The run's results still to do, in order (ids and what they bill). */
export function findPendingResults(tx: Tx, firmId: string, runId: string) {
  return tx
    .select({ id: billRunResults.id, clientId: billRunResults.clientId, matterIds: billRunResults.matterIds })
    .from(billRunResults)
    .where(and(eq(billRunResults.firmId, firmId), eq(billRunResults.billRunId, runId), eq(billRunResults.outcome, 'Pending')))
    .orderBy(asc(billRunResults.sortOrder));
}

/**
 * Serialises every bill-run draft of one client, across runs and processes, until the transaction
 * ends: the second waits, then reads the client's work afresh and finds it on the first's draft.
 */
export async function lockClientForDrafting(tx: Tx, firmId: string, clientId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bill-run:${firmId}:${clientId}`}, 0))`);
}

/** Takes a pending result (row lock): false when it is done, or another process is doing it. */
export async function claimResult(tx: Tx, firmId: string, resultId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: billRunResults.id })
    .from(billRunResults)
    .where(and(eq(billRunResults.firmId, firmId), eq(billRunResults.id, resultId), eq(billRunResults.outcome, 'Pending')))
    .for('update', { skipLocked: true });
  return rows.length === 1;
}

export async function recordResult(
  tx: Tx,
  firmId: string,
  resultId: string,
  values: {
    outcome: 'Drafted' | 'Skipped';
    invoiceId?: string | null;
    skipReason?: string | null;
    unbilledAmount?: string;
    itemCount?: number;
  },
) {
  await tx
    .update(billRunResults)
    .set({ ...values, doneAt: sql`now()` })
    .where(and(eq(billRunResults.firmId, firmId), eq(billRunResults.id, resultId), eq(billRunResults.outcome, 'Pending')));
}

/** Which of the filters' ids are not the firm's (404 "not found" for the first kind found). */
export async function findForeignFilter(tx: Tx, firmId: string, filters: BillRunFilters): Promise<string | null> {
  const missing = async (table: string, ids: string[], live = true) => {
    if (ids.length === 0) return false;
    const [row] = await rowsOf<{ found: number }>(
      tx.execute(
        sql`select count(*)::int as found from ${sql.identifier(table)} where firm_id = ${firmId} and id = any(${uuids(ids)})${live ? sql` and deleted_at is null` : sql``}`,
      ),
    );
    return row!.found !== new Set(ids).size;
  };
  if (await missing('clients', filters.clientIds)) return 'Client';
  if (await missing('matters', filters.matterIds)) return 'Matter';
  if (filters.feeEarnerId && (await missing('users', [filters.feeEarnerId], false))) return 'Fee earner';
  if (filters.practiceAreaId && (await missing('practice_areas', [filters.practiceAreaId]))) return 'Practice area';
  return null;
}
