import { and, eq, gte, isNull, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { givenParams, runShapedPage, type PageWindow, type Param } from '../../db/query-shapes.ts';
import { cappedCountColumn, countLimit, countMatching } from '../../lib/capped-total.ts';
import { activityTypes, clients, currencies, matters, timeEntries, users } from '../../db/schema/index.ts';
import { substringPattern } from '../../lib/substring-search.ts';
import type { TimeEntrySort, TimeEntrySortColumn } from './time-entries.rules.ts';

export type TimeEntryListFilters = {
  /** Fee earners without timeEntry.viewAll see only their own entries. */
  visibleToUserId?: string | undefined;
  userId?: string | undefined;
  matterId?: string | undefined;
  clientId?: string | undefined;
  isBillable?: number | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  searchText?: string | undefined;
};

type FilterParams = {
  firmId: Param<string>;
  visibleToUserId?: Param<string> | undefined;
  userId?: Param<string> | undefined;
  matterId?: Param<string> | undefined;
  clientId?: Param<string> | undefined;
  isBillable?: Param<number> | undefined;
  fromDate?: Param<string> | undefined;
  toDate?: Param<string> | undefined;
  searchPattern?: Param<string> | undefined;
};

/** The filter's values, only those given (the present ones are the statement's shape). */
const filterParams = (firmId: string, filters: TimeEntryListFilters): FilterParams =>
  givenParams({
    firmId,
    visibleToUserId: filters.visibleToUserId,
    userId: filters.userId,
    matterId: filters.matterId,
    clientId: filters.clientId,
    isBillable: filters.isBillable || undefined,
    fromDate: filters.fromDate,
    toDate: filters.toDate,
    searchPattern: filters.searchText ? substringPattern(filters.searchText) : undefined,
  });

/**
 * The filter on time_entries alone (plain equality and ranges on its own columns, which the partial
 * indexes on firm + user/matter/client + date serve under row-level security); the page joins the
 * names, the count and the totals need no join. Search matches the description, or the ids of the
 * matters whose search text matches: a matter's search text holds its client's name (migration
 * 0010), and an entry's matter always belongs to its client, so one trigram scan covers both.
 */
function whereOf(params: FilterParams): SQL {
  const conditions: (SQL | undefined)[] = [eq(timeEntries.firmId, params.firmId), isNull(timeEntries.deletedAt)];
  if (params.visibleToUserId) conditions.push(eq(timeEntries.userId, params.visibleToUserId));
  if (params.userId) conditions.push(eq(timeEntries.userId, params.userId));
  if (params.matterId) conditions.push(eq(timeEntries.matterId, params.matterId));
  if (params.clientId) conditions.push(eq(timeEntries.clientId, params.clientId));
  if (params.isBillable) conditions.push(eq(timeEntries.isBillable, params.isBillable));
  if (params.fromDate) conditions.push(gte(timeEntries.timeEntryDate, params.fromDate));
  if (params.toDate) conditions.push(lte(timeEntries.timeEntryDate, params.toDate));
  if (params.searchPattern) {
    const pattern = params.searchPattern;
    conditions.push(
      sql`(${timeEntries.description} ilike ${pattern}
        or ${timeEntries.matterId} = any(array(select sm.id from ${matters} sm where sm.firm_id = ${params.firmId} and sm.search_text like ${pattern})))`,
    );
  }
  return and(...conditions)!;
}

/** The entry's own columns: a page (or export batch) of them is chosen first, then named. */
const entryColumns = {
  id: timeEntries.id,
  timeEntryDate: timeEntries.timeEntryDate,
  createdAt: timeEntries.createdAt,
  clientId: timeEntries.clientId,
  matterId: timeEntries.matterId,
  activityTypeId: timeEntries.activityTypeId,
  userId: timeEntries.userId,
  description: timeEntries.description,
  duration: timeEntries.duration,
  isBillable: timeEntries.isBillable,
  userRate: timeEntries.userRate,
  foreignUserRate: timeEntries.foreignUserRate,
  totalAmount: timeEntries.totalAmount,
  homeTotalAmount: timeEntries.homeTotalAmount,
  homeCurrencyId: timeEntries.homeCurrencyId,
  foreignCurrencyId: timeEntries.foreignCurrencyId,
  status: timeEntries.status,
  invoiceId: timeEntries.invoiceId,
  utbmsTaskCode: timeEntries.utbmsTaskCode,
};
/** The columns that sorting reads, whether of the table or of the page chosen from it. */
type EntryFields = Record<'id' | 'timeEntryDate' | 'createdAt' | 'duration' | 'totalAmount', AnyColumn> & {
  sortName: SQL.Aliased<unknown>;
};
type SortKey = { column: AnyColumn | SQL | SQL.Aliased; type: string };

/**
 * Each sort's key columns before the id tie-break, with their SQL types for keyset comparisons.
 * Sorts on the entry's own columns choose the rows from time_entries alone: the default one reads
 * a partial index in order and stops after the page. A name sort joins the one table it sorts by.
 */
const ENTRY_SORTS: Partial<Record<TimeEntrySortColumn, (entry: EntryFields) => SortKey[]>> = {
  timeEntryDate: (entry) => [
    { column: entry.timeEntryDate, type: 'date' },
    { column: entry.createdAt, type: 'timestamptz' },
  ],
  createdAt: (entry) => [{ column: entry.createdAt, type: 'timestamptz' }],
  duration: (entry) => [{ column: entry.duration, type: 'numeric' }],
  totalAmount: (entry) => [{ column: entry.totalAmount, type: 'numeric' }],
};
const NAME_SORTS = {
  clientName: { table: clients, name: clients.displayName, on: eq(clients.id, timeEntries.clientId) },
  matterName: { table: matters, name: matters.matterName, on: eq(matters.id, timeEntries.matterId) },
  timeEntryUserName: { table: users, name: users.name, on: eq(users.id, timeEntries.userId) },
  activityType: { table: activityTypes, name: activityTypes.activityType, on: eq(activityTypes.id, timeEntries.activityTypeId) },
} as const;
type NameSort = keyof typeof NAME_SORTS;
const nameSortOf = (sort: TimeEntrySort) => (sort.column in NAME_SORTS ? NAME_SORTS[sort.column as NameSort] : null);

const sortKeysOf = (sort: TimeEntrySort, entry: EntryFields): SortKey[] =>
  ENTRY_SORTS[sort.column]?.(entry) ?? [{ column: entry.sortName, type: 'text' }];

/**
 * The id breaks ties so that paging never repeats or skips a row. The indexes are DESC NULLS LAST
 * (drizzle's desc()); PostgreSQL's plain DESC means NULLS FIRST and would not match them, so the
 * order spells the nulls out (the columns are never null: only the index match changes).
 */
function orderOf(sort: TimeEntrySort, entry: EntryFields, keys = sortKeysOf(sort, entry)): SQL[] {
  const direction = (column: SortKey['column']) =>
    sort.direction === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`;
  return [...keys.map((key) => direction(key.column)), direction(entry.id)];
}

/** Rows strictly after the keyset in the sort's order: a row comparison, as every sort key is non-null. */
function afterKeyset(sort: TimeEntrySort, entry: EntryFields, keys: SortKey[], after: TimeEntryKeyset): SQL {
  const left = sql.join([...keys.map((key) => sql`${key.column}`), sql`${entry.id}`], sql`, `);
  const right = sql.join([...keys.map((key, index) => sql`${after.values[index]}::${sql.raw(key.type)}`), sql`${after.id}::uuid`], sql`, `);
  return sort.direction === 'asc' ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`;
}

type LookupTable = typeof clients | typeof matters | typeof activityTypes | typeof users;

/** Where the previous batch of the export stopped: its last row's sort values (as text) and id. */
export type TimeEntryKeyset = { values: string[]; id: string };
export type TimeEntryWindow = { limit: Param<number>; offset?: Param<number>; after?: TimeEntryKeyset | null };

/** The matching entries of one page or batch, in list order, from time_entries (plus a name sort's one join). */
function selectWindow(tx: Tx, params: FilterParams, sort: TimeEntrySort, window: TimeEntryWindow) {
  const nameSort = nameSortOf(sort);
  const entry = { ...entryColumns, sortName: (nameSort ? sql<string>`${nameSort.name}` : sql<null>`null`).as('sort_name') };
  const keys = nameSort ? [{ column: nameSort.name, type: 'text' }] : sortKeysOf(sort, entry);
  const conditions = [whereOf(params), window.after ? afterKeyset(sort, entry, keys, window.after) : undefined];
  const query = tx.select(entry).from(timeEntries).$dynamic();
  return (nameSort ? query.innerJoin(nameSort.table, nameSort.on) : query)
    .where(and(...conditions))
    .orderBy(...orderOf(sort, entry, keys))
    .limit(window.limit)
    .offset(window.offset ?? 0)
    .as('page');
}

/** The page (or export batch) of entries to name, with the order to keep them in. */
export function selectTimeEntryWindow(tx: Tx, firmId: string, filters: TimeEntryListFilters, sort: TimeEntrySort, window: TimeEntryWindow) {
  return selectParamWindow(tx, filterParams(firmId, filters), sort, window);
}

function selectParamWindow(tx: Tx, params: FilterParams, sort: TimeEntrySort, window: TimeEntryWindow) {
  const page = selectWindow(tx, params, sort, window);
  const keys = sortKeysOf(sort, page);
  return { page, keys, order: orderOf(sort, page, keys) };
}

/** The matching entries, up to the count's limit (the list shows a capped total); no join. */
const matchingEntries = (tx: Tx, params: FilterParams) =>
  tx
    .select({ one: sql`1`.as('one') })
    .from(timeEntries)
    .where(whereOf(params))
    .limit(countLimit(Boolean(params.searchPattern)));

/**
 * One statement: the page of entries, then each row's client, matter, activity, fee earner and
 * billing currency by primary key. Lookups for a page's rows plan far faster than a six-table join,
 * whose planning took longer than running it. With `withCount`, every row also carries the filter's
 * capped count (cappedCountColumn).
 */
function selectNamedPage(tx: Tx, params: FilterParams, sort: TimeEntrySort, window: TimeEntryWindow & { withCount?: boolean }) {
  const { page, order } = selectParamWindow(tx, params, sort, window);
  // Spelt out: drizzle leaves a single-source select's columns unqualified, and inside a lookup an
  // unqualified name would mean the looked-up table's column if it had one.
  const onPage = (column: AnyColumn) => sql.raw(`"page"."${column.name}"`);
  const lookUp = <T>(table: LookupTable, column: AnyColumn, id: AnyColumn) =>
    sql<T>`(select ${sql.identifier(column.name)} from ${table} looked_up where looked_up.id = ${onPage(id)})`;
  const currencyId = sql`coalesce(${onPage(timeEntries.foreignCurrencyId)}, ${onPage(timeEntries.homeCurrencyId)})`;
  return tx
    .select({
      id: page.id,
      timeEntryDate: page.timeEntryDate,
      clientId: page.clientId,
      clientName: lookUp<string>(clients, clients.displayName, timeEntries.clientId),
      matterId: page.matterId,
      matterName: lookUp<string>(matters, matters.matterName, timeEntries.matterId),
      matterNumber: lookUp<string | null>(matters, matters.matterNumber, timeEntries.matterId),
      activityId: page.activityTypeId,
      activityType: lookUp<string>(activityTypes, activityTypes.activityType, timeEntries.activityTypeId),
      description: page.description,
      duration: page.duration,
      isBillable: page.isBillable,
      timeEntryUserId: page.userId,
      timeEntryUserName: lookUp<string>(users, users.name, timeEntries.userId),
      userRate: page.userRate,
      totalAmount: page.totalAmount,
      homeTotalAmount: page.homeTotalAmount,
      currencySymbol: sql<string>`coalesce((select symbol from ${currencies} looked_up where looked_up.id = ${currencyId}), '')`,
      status: page.status,
      isLocked: sql<boolean>`(${onPage(timeEntries.invoiceId)} is not null or ${onPage(timeEntries.status)} = 5)`,
      utbmsTaskCode: page.utbmsTaskCode,
      createdAt: page.createdAt,
      matchingCount: window.withCount ? cappedCountColumn(matchingEntries(tx, params)) : sql<null>`null::int`,
    })
    .from(page)
    .orderBy(...order);
}

export type TimeEntryListRow = Awaited<ReturnType<typeof findTimeEntryPage>>[number];

/**
 * A page of the list, in one statement; with `withCount`, each row carries the filter's capped count.
 * Its SQL is built once per shape (the filters given, the sort, the count) and reused with this
 * page's values. The benchmark calls this same function from a bare handler.
 */
export function findTimeEntryPage(tx: Tx, firmId: string, filters: TimeEntryListFilters, sort: TimeEntrySort, window: PageWindow) {
  return runShapedPage(tx, { name: 'time-entry-page', sort, params: filterParams(firmId, filters), window }, (params, shaped) =>
    selectNamedPage(tx, params, sort, shaped),
  );
}

/** The filter's capped count on its own: for a page past the end, which has no row to carry it. */
export const countTimeEntries = (tx: Tx, firmId: string, filters: TimeEntryListFilters) =>
  countMatching(tx, matchingEntries(tx, filterParams(firmId, filters)));

/** Hours and home-currency amounts over the whole filter, as exact decimal text. */
export async function sumTimeEntries(tx: Tx, firmId: string, filters: TimeEntryListFilters) {
  const billable = sql`${timeEntries.isBillable} = 4`;
  const [row] = await tx
    .select({
      totalHours: sql<string>`coalesce(sum(${timeEntries.duration}), 0)::numeric(20, 4)::text`,
      billableHours: sql<string>`coalesce(sum(${timeEntries.duration}) filter (where ${billable}), 0)::numeric(20, 4)::text`,
      nonBillableHours: sql<string>`coalesce(sum(${timeEntries.duration}) filter (where not ${billable}), 0)::numeric(20, 4)::text`,
      billableAmount: sql<string>`coalesce(sum(${timeEntries.homeTotalAmount}) filter (where ${billable}), 0)::numeric(20, 2)::text`,
      unbilledAmount: sql<string>`coalesce(sum(${timeEntries.homeTotalAmount}) filter (where ${billable}
        and ${timeEntries.invoiceId} is null and ${timeEntries.status} <> 5), 0)::numeric(20, 2)::text`,
    })
    .from(timeEntries)
    .where(whereOf(filterParams(firmId, filters)));
  return row!;
}
