import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { activityTypes, clients, currencies, firms, matterAssignees, matters, timeEntries, users } from '../../db/schema/index.ts';
import { billedOnInvoiceNumberOf } from '../../platform/invoice-locks/invoice-lock.ts';

const billedOnInvoiceNumber = billedOnInvoiceNumberOf('time_entries');

/** Rows recorded before billing increments hold no recorded duration: they billed what was recorded. */
export const recordedDurationOf = sql<string>`coalesce(${timeEntries.recordedDuration}, ${timeEntries.duration})`;

/** What the service writes; the firm, entered-by and timestamps are added here. */
export type TimeEntryValues = {
  clientId: string;
  matterId: string;
  activityTypeId: string;
  userId: string;
  isBillable: number;
  description: string;
  timeEntryDate: string;
  duration: string;
  recordedDuration: string;
  userRate: string;
  foreignUserRate: string;
  homeCurrencyId: number | null;
  foreignCurrencyId: number | null;
  exchangeRate: string;
  totalAmount: string;
  foreignTotalAmount: string;
  homeTotalAmount: string;
  utbmsTaskCode: string | null;
};

export async function findFirmBilling(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({ homeCurrencyId: firms.homeCurrencyId, multicurrency: firms.multicurrency, billingIncrement: firms.billingIncrement })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row ?? null;
}

export async function currencyExists(tx: Tx, currencyId: number): Promise<boolean> {
  const [row] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, currencyId));
  return Boolean(row);
}

// Lookups answer deleted rows too (with deletedAt): an entry may keep a reference deleted since.
export async function findClientReference(tx: Tx, firmId: string, clientId: string) {
  const [row] = await tx
    .select({ id: clients.id, deletedAt: clients.deletedAt })
    .from(clients)
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId)));
  return row ?? null;
}

export async function findMatterReference(tx: Tx, firmId: string, matterId: string) {
  const [row] = await tx
    .select({ id: matters.id, clientId: matters.clientId, status: matters.status, deletedAt: matters.deletedAt })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.id, matterId)));
  return row ?? null;
}

export async function findActivityReference(tx: Tx, firmId: string, activityId: string) {
  const [row] = await tx
    .select({ id: activityTypes.id, deletedAt: activityTypes.deletedAt })
    .from(activityTypes)
    .where(and(eq(activityTypes.firmId, firmId), eq(activityTypes.id, activityId)));
  return row ?? null;
}

export async function findUserReference(tx: Tx, firmId: string, userId: string) {
  const [row] = await tx
    .select({ id: users.id, isActive: users.isActive, defaultHourlyRate: users.defaultHourlyRate })
    .from(users)
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
  return row ?? null;
}

/** The user's rate on the matter (as an assignee), else their default rate, else the matter's own rate. */
export async function findMatterRate(tx: Tx, firmId: string, matterId: string, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({
      rate: sql<string | null>`coalesce(
        (select ${matterAssignees.hourlyRate} from ${matterAssignees}
          where ${matterAssignees.firmId} = ${firmId} and ${matterAssignees.matterId} = ${matterId} and ${matterAssignees.userId} = ${userId}),
        ${users.defaultHourlyRate},
        (select ${matters.hourlyRate} from ${matters} where ${matters.firmId} = ${firmId} and ${matters.id} = ${matterId}))::text`,
    })
    .from(users)
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
  return row?.rate ?? null;
}

export async function insertTimeEntry(
  tx: Tx,
  firmId: string,
  values: TimeEntryValues & { enteredByUserId: string; manualTimeEntry: boolean },
): Promise<string> {
  const [row] = await tx
    .insert(timeEntries)
    .values({ firmId, ...values })
    .returning({ id: timeEntries.id });
  return row!.id;
}

export async function updateTimeEntry(tx: Tx, firmId: string, timeEntryId: string, values: TimeEntryValues) {
  await tx
    .update(timeEntries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(timeEntries.firmId, firmId), eq(timeEntries.id, timeEntryId)));
}

/** A live entry's current state, locked until the transaction ends. */
export async function lockTimeEntry(tx: Tx, firmId: string, timeEntryId: string) {
  const [row] = await tx
    .select({
      id: timeEntries.id,
      clientId: timeEntries.clientId,
      matterId: timeEntries.matterId,
      activityTypeId: timeEntries.activityTypeId,
      userId: timeEntries.userId,
      timeEntryDate: timeEntries.timeEntryDate,
      duration: timeEntries.duration,
      recordedDuration: recordedDurationOf,
      isBillable: timeEntries.isBillable,
      userRate: timeEntries.userRate,
      exchangeRate: timeEntries.exchangeRate,
      totalAmount: timeEntries.totalAmount,
      homeTotalAmount: timeEntries.homeTotalAmount,
      foreignCurrencyId: timeEntries.foreignCurrencyId,
      activityId: timeEntries.activityTypeId,
      description: timeEntries.description,
      utbmsTaskCode: timeEntries.utbmsTaskCode,
      status: timeEntries.status,
      invoiceId: timeEntries.invoiceId,
      billedOnInvoiceNumber,
    })
    .from(timeEntries)
    .where(and(eq(timeEntries.firmId, firmId), eq(timeEntries.id, timeEntryId), isNull(timeEntries.deletedAt)))
    .for('update');
  return row ?? null;
}

export async function setTimeEntryDeleted(tx: Tx, firmId: string, timeEntryId: string, deletedByUserId: string) {
  await tx
    .update(timeEntries)
    .set({ deletedAt: sql`now()`, deletedByUserId, updatedAt: sql`now()` })
    .where(and(eq(timeEntries.firmId, firmId), eq(timeEntries.id, timeEntryId)));
}

/** One live entry with the names the popup shows, in one statement. */
export async function findTimeEntryDetail(tx: Tx, firmId: string, timeEntryId: string) {
  const [row] = await tx
    .select({
      id: timeEntries.id,
      clientId: timeEntries.clientId,
      clientName: clients.displayName,
      matterId: timeEntries.matterId,
      matterName: matters.matterName,
      matterNumber: matters.matterNumber,
      matterRate: matters.billingType,
      activityId: timeEntries.activityTypeId,
      activityType: activityTypes.activityType,
      activityCode: activityTypes.utbmsCode,
      isBillable: timeEntries.isBillable,
      timeEntryUserId: timeEntries.userId,
      timeEntryUserName: users.name,
      description: timeEntries.description,
      timeEntryDate: timeEntries.timeEntryDate,
      duration: timeEntries.duration,
      recordedDuration: recordedDurationOf,
      userRate: timeEntries.userRate,
      foreignUserRate: timeEntries.foreignUserRate,
      homeCurrencyId: timeEntries.homeCurrencyId,
      foreignCurrencyId: timeEntries.foreignCurrencyId,
      currencySymbol: sql<string>`coalesce(${currencies.symbol}, '')`,
      exchangeRate: timeEntries.exchangeRate,
      totalAmount: timeEntries.totalAmount,
      foreignTotalAmount: timeEntries.foreignTotalAmount,
      homeTotalAmount: timeEntries.homeTotalAmount,
      status: timeEntries.status,
      invoiceId: timeEntries.invoiceId,
      billedOnInvoiceNumber,
      manualTimeEntry: timeEntries.manualTimeEntry,
      utbmsTaskCode: timeEntries.utbmsTaskCode,
      createdAt: timeEntries.createdAt,
      updatedAt: timeEntries.updatedAt,
    })
    .from(timeEntries)
    .innerJoin(clients, eq(clients.id, timeEntries.clientId))
    .innerJoin(matters, eq(matters.id, timeEntries.matterId))
    .innerJoin(activityTypes, eq(activityTypes.id, timeEntries.activityTypeId))
    .innerJoin(users, eq(users.id, timeEntries.userId))
    .leftJoin(currencies, eq(currencies.id, sql`coalesce(${timeEntries.foreignCurrencyId}, ${timeEntries.homeCurrencyId})`))
    .where(and(eq(timeEntries.firmId, firmId), eq(timeEntries.id, timeEntryId), isNull(timeEntries.deletedAt)));
  return row ?? null;
}
