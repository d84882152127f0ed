import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { IS_BILLABLE, type MatterBudgetMeasure } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { receivesEmail } from '../../platform/notifications/email-opt-outs.ts';
import { clients, expenses, firms, matterBudgetAlerts, matterBudgets, matters, timeEntries, users } from '../../db/schema/index.ts';

export type BudgetLimitValues = {
  totalAmount: string | null;
  hoursLimit: string | null;
  feesLimit: string | null;
  expensesLimit: string | null;
};
export type BudgetValues = BudgetLimitValues & { responsibleUserId: string };

const budgetColumns = {
  totalAmount: matterBudgets.totalAmount,
  hoursLimit: matterBudgets.hoursLimit,
  feesLimit: matterBudgets.feesLimit,
  expensesLimit: matterBudgets.expensesLimit,
  responsibleUserId: matterBudgets.responsibleUserId,
  updatedAt: matterBudgets.updatedAt,
};

/** The matter a budget belongs to, as its emails name it; a deleted matter is left out. */
export async function findBudgetMatter(tx: Tx, firmId: string, matterId: string) {
  const [row] = await tx
    .select({ id: matters.id, matterName: matters.matterName, matterNumber: matters.matterNumber, clientName: clients.displayName })
    .from(matters)
    .innerJoin(clients, eq(clients.id, matters.clientId))
    .where(and(eq(matters.firmId, firmId), eq(matters.id, matterId), isNull(matters.deletedAt)));
  return row ?? null;
}

/** The matter's budget with its responsible fee earner's name and email; `lock`: FOR UPDATE, serialising the time recorded against it. */
export async function findBudget(tx: Tx, firmId: string, matterId: string, lock = false) {
  const query = tx
    .select({
      ...budgetColumns,
      responsibleUserName: users.name,
      responsibleEmail: users.email,
      isResponsibleActive: users.isActive,
      responsibleWantsAlerts: sql<boolean>`${receivesEmail('users', 'budgetAlerts')}`,
    })
    .from(matterBudgets)
    .innerJoin(users, eq(users.id, matterBudgets.responsibleUserId))
    .where(and(eq(matterBudgets.firmId, firmId), eq(matterBudgets.matterId, matterId)));
  const [row] = lock ? await query.for('update', { of: matterBudgets }) : await query;
  return row ?? null;
}
export type BudgetRow = NonNullable<Awaited<ReturnType<typeof findBudget>>>;

export async function upsertBudget(tx: Tx, firmId: string, matterId: string, values: BudgetValues, updatedByUserId: string) {
  await tx
    .insert(matterBudgets)
    .values({ firmId, matterId, ...values, updatedByUserId })
    .onConflictDoUpdate({ target: matterBudgets.matterId, set: { ...values, updatedByUserId, updatedAt: sql`now()` } });
}

/** Removes the budget; its alerts go with it (the foreign key cascades). */
export async function deleteBudget(tx: Tx, firmId: string, matterId: string) {
  await tx.delete(matterBudgets).where(and(eq(matterBudgets.firmId, firmId), eq(matterBudgets.matterId, matterId)));
}

/**
 * What the matter has used, billed and unbilled: the billed hours of every live time entry, the
 * billable ones' amounts and the expenses not rejected, both in the home currency.
 */
export async function findBudgetUsage(
  tx: Tx,
  firmId: string,
  matterId: string,
): Promise<{ hours: string; fees: string; expenses: string }> {
  const [time] = await tx
    .select({
      hours: sql<string>`coalesce(sum(${timeEntries.duration}), 0)::numeric(14,4)::text`,
      fees: sql<string>`coalesce(sum(${timeEntries.homeTotalAmount}) filter (where ${timeEntries.isBillable} = ${IS_BILLABLE.billable}), 0)::numeric(16,2)::text`,
    })
    .from(timeEntries)
    .where(and(eq(timeEntries.firmId, firmId), eq(timeEntries.matterId, matterId), isNull(timeEntries.deletedAt)));
  const [spent] = await tx
    .select({ expenses: sql<string>`coalesce(sum(${expenses.homeAmount}), 0)::numeric(16,2)::text` })
    .from(expenses)
    .where(
      and(
        eq(expenses.firmId, firmId),
        eq(expenses.matterId, matterId),
        isNull(expenses.deletedAt),
        ne(expenses.approvalStatus, 'Rejected'),
      ),
    );
  return { hours: time!.hours, fees: time!.fees, expenses: spent!.expenses };
}

/** Re-arms the thresholds of limits that changed: a new limit is told of afresh. */
export async function deleteAlerts(tx: Tx, firmId: string, matterId: string, measures: MatterBudgetMeasure[]) {
  if (measures.length === 0) return;
  await tx
    .delete(matterBudgetAlerts)
    .where(
      and(eq(matterBudgetAlerts.firmId, firmId), eq(matterBudgetAlerts.matterId, matterId), inArray(matterBudgetAlerts.measure, measures)),
    );
}

/** Claims the thresholds not told of yet; answers those this call claimed (never one claimed before, even concurrently). */
export async function claimAlerts(
  tx: Tx,
  firmId: string,
  matterId: string,
  reached: { measure: MatterBudgetMeasure; threshold: number }[],
  notifiedUserId: string,
): Promise<{ measure: MatterBudgetMeasure; threshold: number }[]> {
  if (reached.length === 0) return [];
  return tx
    .insert(matterBudgetAlerts)
    .values(reached.map((alert) => ({ firmId, matterId, ...alert, notifiedUserId })))
    .onConflictDoNothing()
    .returning({ measure: matterBudgetAlerts.measure, threshold: matterBudgetAlerts.threshold });
}

/** An active member of the firm, to be a budget's responsible fee earner. */
export async function findActiveMember(tx: Tx, firmId: string, userId: string) {
  const [row] = await tx
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
  return row ?? null;
}

/** The firm's setting: refuse time that would take a matter past its budget. */
export async function findTimeBlockedPastBudget(tx: Tx, firmId: string): Promise<boolean> {
  const [row] = await tx.select({ isBlocked: firms.blockTimePastBudget }).from(firms).where(eq(firms.id, firmId));
  return row?.isBlocked ?? false;
}
