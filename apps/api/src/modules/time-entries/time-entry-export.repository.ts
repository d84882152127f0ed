import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { activityTypes, clients, currencies, matters, timeEntries, users } from '../../db/schema/index.ts';
import { nameByKey } from '../../platform/lists/list-names.ts';
import { listColumns, timeEntryList } from './time-entry-list.repository.ts';

/**
 * The same list as the CSV shows it: every value as text, and the firm's few fee earners, activity
 * types and currencies by id, named once per export (findExportNames).
 */
export const timeEntryExport = {
  ...timeEntryList,
  columns: {
    timeEntryDate: timeEntries.timeEntryDate,
    clientName: nameByKey<string>(clients, clients.displayName, timeEntries.clientId),
    matterLabel: sql<string>`(select coalesce(matter_number || ' ', '') || matter_name from ${matters} looked_up
      where looked_up.id = ${timeEntries.matterId})`,
    activityTypeId: timeEntries.activityTypeId,
    description: timeEntries.description,
    userId: timeEntries.userId,
    duration: timeEntries.duration,
    isBillable: timeEntries.isBillable,
    foreignUserRate: timeEntries.foreignUserRate,
    totalAmount: timeEntries.totalAmount,
    currencyId: sql<number | null>`coalesce(${timeEntries.foreignCurrencyId}, ${timeEntries.homeCurrencyId})`,
    isLocked: listColumns.isLocked,
    utbmsTaskCode: timeEntries.utbmsTaskCode,
  },
};
export type ExportNames = Awaited<ReturnType<typeof findExportNames>>;

/** The firm's fee earners, activity types and the currencies: small sets, read once per export. */
export async function findExportNames(tx: Tx, firmId: string) {
  const [people, activities, money] = [
    await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.firmId, firmId)),
    await tx.select({ id: activityTypes.id, name: activityTypes.activityType }).from(activityTypes).where(eq(activityTypes.firmId, firmId)),
    await tx.select({ id: currencies.id, code: currencies.isoCode }).from(currencies),
  ];
  return {
    users: new Map(people.map((row) => [row.id, row.name])),
    activities: new Map(activities.map((row) => [row.id, row.name])),
    currencies: new Map(money.map((row) => [row.id, row.code])),
  };
}
