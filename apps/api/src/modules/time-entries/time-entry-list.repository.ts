import { and, asc, eq, gte, inArray, isNull, lte, not, sql } from 'drizzle-orm';
import { IS_BILLABLE } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { isNotHeldFromBilling, type UnbilledItemFilter } from '../../platform/invoice-locks/invoice-lock.ts';
import { declareList, type ListRequest, type PageNumber } from '../../platform/lists/list-declaration.ts';
import { readListPage } from '../../platform/lists/list-page.ts';
import { nameByKey, sortByName } from '../../platform/lists/list-names.ts';
import { selectMatching } from '../../platform/lists/list-statements.ts';
import { activityTypes, clients, currencies, matters, timeEntries, users } from '../../db/schema/index.ts';
import type { TimeEntrySortColumn } from './time-entries.rules.ts';
import { isBilledTimeEntry } from './time-entry-billing.repository.ts';

export type TimeEntryListFilters = {
  /** Fee earners without timeEntry.viewAll see only their own entries. */
  visibleToUserId?: string | undefined;
  userId?: string | undefined;
  matterId?: string | undefined;
  clientId?: string | undefined;
  isBillable?: number | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
};
export type TimeEntryListRequest = ListRequest<TimeEntryListFilters, TimeEntrySortColumn>;

export const listColumns = {
  id: timeEntries.id,
  timeEntryDate: timeEntries.timeEntryDate,
  clientId: timeEntries.clientId,
  clientName: nameByKey<string>(clients, clients.displayName, timeEntries.clientId),
  matterId: timeEntries.matterId,
  matterName: nameByKey<string>(matters, matters.matterName, timeEntries.matterId),
  matterNumber: nameByKey<string | null>(matters, matters.matterNumber, timeEntries.matterId),
  activityId: timeEntries.activityTypeId,
  activityType: nameByKey<string>(activityTypes, activityTypes.activityType, timeEntries.activityTypeId),
  description: timeEntries.description,
  duration: timeEntries.duration,
  recordedDuration: sql<string>`coalesce(${timeEntries.recordedDuration}, ${timeEntries.duration})`,
  isBillable: timeEntries.isBillable,
  timeEntryUserId: timeEntries.userId,
  timeEntryUserName: nameByKey<string>(users, users.name, timeEntries.userId),
  userRate: timeEntries.userRate,
  totalAmount: timeEntries.totalAmount,
  homeTotalAmount: timeEntries.homeTotalAmount,
  currencySymbol: sql<string>`coalesce((select symbol from ${currencies} looked_up
    where looked_up.id = coalesce(${timeEntries.foreignCurrencyId}, ${timeEntries.homeCurrencyId})), '')`,
  status: timeEntries.status,
  isLocked: sql<boolean>`${isBilledTimeEntry}`,
  utbmsTaskCode: timeEntries.utbmsTaskCode,
  createdAt: timeEntries.createdAt,
};

/**
 * Time entries, filtered on their own columns (plain equality and ranges, which the partial indexes
 * on firm + user/matter/client + date serve under row-level security). A search matches the
 * description, or the matters whose search text matches: a matter's search text holds its client's
 * name (migration 0010), and an entry's matter always belongs to its client, so one trigram scan
 * covers both. The indexes are DESC NULLS LAST, built by drizzle.
 */
export const timeEntryList = declareList({
  table: timeEntries,
  live: isNull(timeEntries.deletedAt),
  filters: {
    visibleToUserId: (userId: string) => eq(timeEntries.userId, userId),
    userId: (userId: string) => eq(timeEntries.userId, userId),
    matterId: (matterId: string) => eq(timeEntries.matterId, matterId),
    clientId: (clientId: string) => eq(timeEntries.clientId, clientId),
    isBillable: (isBillable: number) => eq(timeEntries.isBillable, isBillable),
    fromDate: (date: string) => gte(timeEntries.timeEntryDate, date),
    toDate: (date: string) => lte(timeEntries.timeEntryDate, date),
  },
  search: [
    timeEntries.description,
    (pattern, firmId) =>
      sql`${timeEntries.matterId} = any(array(select searched.id from ${matters} searched
        where searched.firm_id = ${firmId} and searched.search_text ilike ${pattern}))`,
  ],
  sorts: {
    timeEntryDate: { keys: [{ key: timeEntries.timeEntryDate }, { key: timeEntries.createdAt }] },
    createdAt: { keys: [{ key: timeEntries.createdAt }] },
    duration: { keys: [{ key: timeEntries.duration }] },
    totalAmount: { keys: [{ key: timeEntries.totalAmount }] },
    clientName: sortByName(clients, clients.displayName, timeEntries.clientId),
    matterName: sortByName(matters, matters.matterName, timeEntries.matterId),
    timeEntryUserName: sortByName(users, users.name, timeEntries.userId),
    activityType: sortByName(activityTypes, activityTypes.activityType, timeEntries.activityTypeId),
  },
  columns: listColumns,
  isDescendingNullsLast: true,
});

export type TimeEntryListRow = Awaited<ReturnType<typeof findTimeEntryPage>>['rows'][number];

/** A page of the list and its capped total. The benchmark calls this same function from a bare handler. */
export const findTimeEntryPage = (tx: Tx, firmId: string, request: TimeEntryListRequest, page: PageNumber) =>
  readListPage(tx, timeEntryList, firmId, request, page);

/** Hours and home-currency amounts over the whole filter, as exact decimal text. */
export async function sumTimeEntries(tx: Tx, firmId: string, request: TimeEntryListRequest) {
  const billable = sql`${timeEntries.isBillable} = 4`;
  const [row] = await selectMatching(tx, timeEntryList, firmId, request, {
    totalHours: sql<string>`coalesce(sum(${timeEntries.duration}), 0)::numeric(20, 4)::text`,
    billableHours: sql<string>`coalesce(sum(${timeEntries.duration}) filter (where ${billable}), 0)::numeric(20, 4)::text`,
    nonBillableHours: sql<string>`coalesce(sum(${timeEntries.duration}) filter (where not ${billable}), 0)::numeric(20, 4)::text`,
    billableAmount: sql<string>`coalesce(sum(${timeEntries.homeTotalAmount}) filter (where ${billable}), 0)::numeric(20, 2)::text`,
    unbilledAmount: sql<string>`coalesce(sum(${timeEntries.homeTotalAmount}) filter (where ${billable}
        and not ${isBilledTimeEntry}), 0)::numeric(20, 2)::text`,
  });
  return row!;
}

/**
 * A client's billable time entries not on an invoice (the invoice's unbilled items), oldest first,
 * as the time-entry list shows them, with the activity's UTBMS code for the invoice's LEDES lines.
 */
export async function findUnbilledTimeEntries(tx: Tx, firmId: string, filter: UnbilledItemFilter) {
  const rows = await tx
    .select({ ...listColumns, activityCode: nameByKey<string | null>(activityTypes, activityTypes.utbmsCode, timeEntries.activityTypeId) })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.firmId, firmId),
        isNull(timeEntries.deletedAt),
        eq(timeEntries.clientId, filter.clientId),
        eq(timeEntries.isBillable, IS_BILLABLE.billable),
        filter.invoiceId ? eq(timeEntries.invoiceId, filter.invoiceId) : and(not(isBilledTimeEntry), isNotHeldFromBilling('time_entries')),
        filter.matterIds?.length ? inArray(timeEntries.matterId, filter.matterIds) : undefined,
        filter.ids ? inArray(timeEntries.id, filter.ids) : undefined,
        filter.from ? gte(timeEntries.timeEntryDate, filter.from) : undefined,
        filter.to ? lte(timeEntries.timeEntryDate, filter.to) : undefined,
      ),
    )
    .orderBy(asc(timeEntries.timeEntryDate), asc(timeEntries.createdAt), asc(timeEntries.id));
  return rows.map(({ activityCode, ...row }) => ({ ...row, createdAt: row.createdAt.toISOString(), activityCode }));
}
