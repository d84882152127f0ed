import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { cappedCountColumn, countLimit, countMatching } from '../../lib/capped-total.ts';
import { givenParams, runShapedPage, type PageWindow, type Param } from '../../db/query-shapes.ts';
import {
  allMatchesRoute,
  liveAndSearched,
  searchedParams,
  searchParams,
  type SearchedList,
  type SearchRoute,
  type SearchRoutes,
  type SearchValues,
} from '../../lib/substring-search.ts';
import { matterAssignees, matterListNames, matters } from '../../db/schema/index.ts';

export type MatterListFilters = {
  searchText?: string | undefined;
  clientId?: string | undefined;
  status?: 'Open' | 'Closed' | undefined;
  billingType?: (typeof matters.$inferSelect)['billingType'] | undefined;
  assignedUserId?: string | undefined;
};
export type MatterSortColumn = 'matterName' | 'matterNumber' | 'clientName' | 'matterOpenDate' | 'status' | 'createdAt';
export type MatterSort = { column: MatterSortColumn; direction: 'asc' | 'desc' };

type BillingType = (typeof matters.$inferSelect)['billingType'];
/** The filter's values (or, for a page built once per shape, placeholders): only those given. */
type MatterParams = {
  firmId: Param<string>;
  clientId?: Param<string> | undefined;
  status?: Param<'Open' | 'Closed'> | undefined;
  billingType?: Param<BillingType> | undefined;
  assignedUserId?: Param<string> | undefined;
} & SearchValues;

const matterParams = (firmId: string, filters: MatterListFilters): MatterParams =>
  givenParams({
    firmId,
    ...searchParams(filters.searchText),
    clientId: filters.clientId,
    status: filters.status,
    billingType: filters.billingType,
    assignedUserId: filters.assignedUserId,
  });

/** Live matters (neither they nor their client deleted), as the live-matters index's predicate says it. */
const isLive = and(isNull(matters.deletedAt), isNull(matters.clientDeletedAt))!;

/**
 * The same, in words from which that partial index's predicate cannot be proved, so that a search
 * through the trigram index cannot turn into a walk of the live-matters index: once a count's limit
 * is small (a search's), the planner, which overestimates how many matters a term matches, preferred
 * that walk: 101 matches of a common term ("kestrel") took ~11,000 entries and 2.6 ms that way, 1 ms
 * through the trigram index.
 */
const isLiveForTrigramIndex = sql`num_nulls(${matters.deletedAt}, ${matters.clientDeletedAt}) = 2`;

const matterList: SearchedList = { name: 'matters', table: matters, live: isLive, liveOffIndex: isLiveForTrigramIndex };

/**
 * The list's filter, on matters alone: a matter carries its client's name and deletion (kept by
 * triggers, migration 0010), so a large firm's list never joins or anti-joins its clients. The
 * live-matters index holds the lower-case search text, so a search on `listOrder` walks it in list
 * order; on `trigramIndex` it reads the trigram index (SearchRoute).
 */
function matterConditions(params: MatterParams, route: SearchRoute = 'listOrder'): (SQL | undefined)[] {
  return [
    eq(matters.firmId, params.firmId),
    ...liveAndSearched(matterList, params, route),
    params.clientId ? eq(matters.clientId, params.clientId) : undefined,
    params.status ? eq(matters.status, params.status) : undefined,
    params.billingType ? eq(matters.billingType, params.billingType) : undefined,
  ];
}

/** A fee earner's live assignments, as matter_assignees' partial index holds them (migration 0012). */
const assignedTo = (firmId: Param<string>, userId: Param<string>) =>
  and(eq(matterAssignees.firmId, firmId), eq(matterAssignees.userId, userId), eq(matterAssignees.isMatterLive, true));

function whereOf(params: MatterParams, route: SearchRoute): SQL {
  const assigned = params.assignedUserId
    ? inArray(
        matters.id,
        sql`(select ${matterAssignees.matterId} from ${matterAssignees} where ${assignedTo(params.firmId, params.assignedUserId)})`,
      )
    : undefined;
  return and(...matterConditions(params, route), assigned)!;
}

const hasMatterFilters = (params: MatterParams) => Boolean(params.searchText || params.clientId || params.status || params.billingType);

/** A fee earner's matters join from their assignments: the newest first straight from that index (a search tests each). */
const fromAssignments = (params: MatterParams, userId: Param<string>) =>
  and(assignedTo(params.firmId, userId), ...matterConditions(params))!;
const assignmentJoin = and(eq(matters.firmId, matterAssignees.firmId), eq(matters.id, matterAssignees.matterId));

const SORT_EXPRESSIONS = {
  matterName: matters.matterName,
  matterNumber: matters.matterNumber,
  clientName: matters.clientName,
  matterOpenDate: matters.matterOpenDate,
  status: matters.status,
  createdAt: matters.createdAt,
} as const;

function orderOf(sort: MatterSort): SQL[] {
  const direction = sort.direction === 'asc' ? asc : desc;
  // The id breaks ties so that paging never repeats or skips a row.
  return [direction(SORT_EXPRESSIONS[sort.column]), direction(matters.id)];
}

const summaryColumns = {
  id: matters.id,
  matterNumber: matters.matterNumber,
  matterName: matters.matterName,
  matterRate: matters.billingType,
  status: matters.status,
  clientId: matters.clientId,
  clientName: matters.clientName,
  matterOpenDate: matters.matterOpenDate,
  matterCloseDate: matters.matterCloseDate,
  createdAt: matters.createdAt,
};

/**
 * The ids of the page's matters, in list order. Only the id is read, so the newest-first page is an
 * index-only scan of the live-matters index (which carries status, billing type, client and search
 * text): a search on `listOrder` walks the index without visiting the table.
 */
function selectMatterIds(tx: Tx, params: MatterParams, sort: MatterSort, window: MatterWindow) {
  if (params.assignedUserId && sort.column === 'createdAt') {
    // matter_created_at and matter_id are the matter's created_at and id: the same order.
    const direction = sort.direction === 'asc' ? asc : desc;
    return tx
      .select({ id: matterAssignees.matterId })
      .from(matterAssignees)
      .innerJoin(matters, assignmentJoin)
      .where(fromAssignments(params, params.assignedUserId))
      .orderBy(direction(matterAssignees.matterCreatedAt), direction(matterAssignees.matterId))
      .limit(window.limit)
      .offset(window.offset);
  }
  return tx
    .select({ id: matters.id })
    .from(matters)
    .where(whereOf(params, window.routes.page))
    .orderBy(...orderOf(sort))
    .limit(window.limit)
    .offset(window.offset);
}

/** The matching matters, up to the count's limit (the list shows a capped total), found on `route`. */
function matchingMatters(tx: Tx, params: MatterParams, route: SearchRoute) {
  const one = { one: sql`1`.as('one') };
  const limit = countLimit(params.searchText !== undefined);
  if (params.assignedUserId && !hasMatterFilters(params)) {
    // Only the fee earner: their live assignments, counted from the index alone.
    return tx.select(one).from(matterAssignees).where(assignedTo(params.firmId, params.assignedUserId)).limit(limit);
  }
  if (params.assignedUserId) {
    return tx
      .select(one)
      .from(matterAssignees)
      .innerJoin(matters, assignmentJoin)
      .where(fromAssignments(params, params.assignedUserId))
      .limit(limit);
  }
  return tx.select(one).from(matters).where(whereOf(params, route)).limit(limit);
}

/** A matter's fee earners and practice areas by name, from matter_list_names (none yet: empty lists). */
const listNames = {
  assignedTo: sql<{ userId: string; name: string }[]>`coalesce(${matterListNames.assignedTo}, '[]'::jsonb)`,
  practiceAreas: sql<string[]>`coalesce(${matterListNames.practiceAreas}, '[]'::jsonb)`,
};
const listNamesJoin = and(eq(matterListNames.firmId, matters.firmId), eq(matterListNames.matterId, matters.id));

/** A page's window, and how its search finds the page's rows and the count's. */
type MatterWindow = { limit: Param<number>; offset: Param<number>; withCount?: boolean; routes: SearchRoutes };

function selectMatterPage(tx: Tx, params: MatterParams, sort: MatterSort, window: MatterWindow) {
  const pageIds = selectMatterIds(tx, params, sort, window).as('page_ids');
  return tx
    .select({
      ...summaryColumns,
      ...listNames,
      matchingCount: window.withCount ? cappedCountColumn(matchingMatters(tx, params, window.routes.count)) : sql<null>`null::int`,
    })
    .from(matters)
    .innerJoin(pageIds, and(eq(matters.firmId, params.firmId), eq(matters.id, pageIds.id)))
    .leftJoin(matterListNames, listNamesJoin)
    .orderBy(...orderOf(sort));
}

/**
 * A page of matters in one statement: the page's ids, then those matters with their fee earners and
 * practice areas (matter_list_names, by key); with `withCount`, each row also carries the filter's capped
 * count (cappedCountColumn). Its SQL is built once per shape (runShaped).
 */
export async function findMatterPage(tx: Tx, firmId: string, filters: MatterListFilters, sort: MatterSort, window: PageWindow) {
  const { params, routes } = await searchedMatterParams(tx, firmId, filters, sort);
  return runShapedPage(tx, { name: `matter-page:${routes.page}:${routes.count}`, sort, params, window }, (shapedParams, shaped) =>
    selectMatterPage(tx, shapedParams, sort, { ...shaped, routes }),
  );
}

/** The filter's capped count on its own: for a page past the end, which has no row to carry it. */
export async function countMatters(tx: Tx, firmId: string, filters: MatterListFilters) {
  const { params, routes } = await searchedMatterParams(tx, firmId, filters);
  return countMatching(tx, matchingMatters(tx, params, routes.count));
}

/**
 * The filter's values with the search's narrowing, and the routes of its page and count
 * (substring-search.ts): the live-matters index is in the list's newest-first order, which a search
 * may walk when its text is common. A fee earner's newest matters come from their assignments (each
 * tested), whatever the route.
 */
const searchedMatterParams = (tx: Tx, firmId: string, filters: MatterListFilters, sort?: MatterSort) =>
  searchedParams(tx, matterList, firmId, matterParams(firmId, filters), sort?.column === 'createdAt');

/** Every matching id in list order: the CSV export then reads the rows in chunks by id. */
export async function findMatterIds(tx: Tx, firmId: string, filters: MatterListFilters, sort: MatterSort): Promise<string[]> {
  const rows = await tx
    .select({ id: matters.id })
    .from(matters)
    .where(whereOf(matterParams(firmId, filters), allMatchesRoute(filters.searchText)))
    .orderBy(...orderOf(sort));
  return rows.map((row) => row.id);
}

/** A chunk of matters with their fee earners and practice areas, for the CSV export (one query). */
export async function findMatterSummariesByIds(tx: Tx, firmId: string, matterIds: string[]) {
  if (matterIds.length === 0) return [];
  return tx
    .select({ ...summaryColumns, ...listNames })
    .from(matters)
    .leftJoin(matterListNames, listNamesJoin)
    .where(and(eq(matters.firmId, firmId), inArray(matters.id, matterIds)));
}
