import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { cappedCountColumn, COUNT_LIMIT, countMatching } from '../../lib/capped-total.ts';
import { matterAssignees, matters } from '../../db/schema/index.ts';

export type MatterListFilters = {
  searchText?: string | undefined;
  clientId?: string | undefined;
  status?: 'Open' | 'Closed' | undefined;
  billingType?: (typeof matters.$inferSelect)['billingType'] | undefined;
  assignedUserId?: string | undefined;
};
export type MatterSortColumn = 'matterName' | 'matterNumber' | 'clientName' | 'matterOpenDate' | 'status' | 'createdAt';
export type MatterSort = { column: MatterSortColumn; direction: 'asc' | 'desc' };

/** Text typed by a user, made literal inside a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The list's filter, on matters alone: a matter carries its client's name and deletion (kept by
 * triggers, migration 0010), so a large firm's list never joins or anti-joins its clients. The
 * live-matters index holds the lower-case search text, so a search walks it in list order.
 */
function matterConditions(firmId: string, filters: MatterListFilters): (SQL | undefined)[] {
  return [
    eq(matters.firmId, firmId),
    isNull(matters.deletedAt),
    isNull(matters.clientDeletedAt),
    filters.searchText ? sql`${matters.searchText} like ${`%${likeLiteral(filters.searchText.toLowerCase())}%`}` : undefined,
    filters.clientId ? eq(matters.clientId, filters.clientId) : undefined,
    filters.status ? eq(matters.status, filters.status) : undefined,
    filters.billingType ? eq(matters.billingType, filters.billingType) : undefined,
  ];
}

/** A fee earner's live assignments, as matter_assignees' partial index holds them (migration 0012). */
const assignedTo = (firmId: string, userId: string) =>
  and(eq(matterAssignees.firmId, firmId), eq(matterAssignees.userId, userId), eq(matterAssignees.isMatterLive, true));

function whereOf(firmId: string, filters: MatterListFilters): SQL {
  const assigned = filters.assignedUserId
    ? inArray(
        matters.id,
        sql`(select ${matterAssignees.matterId} from ${matterAssignees} where ${assignedTo(firmId, filters.assignedUserId)})`,
      )
    : undefined;
  return and(...matterConditions(firmId, filters), assigned)!;
}

const hasMatterFilters = (filters: MatterListFilters) =>
  Boolean(filters.searchText || filters.clientId || filters.status || filters.billingType);

/** A fee earner's matters join from their assignments: the newest first straight from that index. */
const fromAssignments = (firmId: string, userId: string, filters: MatterListFilters) =>
  and(assignedTo(firmId, userId), ...matterConditions(firmId, filters))!;
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
 * text): a search walks the index without visiting the table.
 */
function selectMatterIds(tx: Tx, firmId: string, filters: MatterListFilters, sort: MatterSort, window: MatterWindow) {
  if (filters.assignedUserId && sort.column === 'createdAt') {
    // matter_created_at and matter_id are the matter's created_at and id: the same order.
    const direction = sort.direction === 'asc' ? asc : desc;
    return tx
      .select({ id: matterAssignees.matterId })
      .from(matterAssignees)
      .innerJoin(matters, assignmentJoin)
      .where(fromAssignments(firmId, filters.assignedUserId, filters))
      .orderBy(direction(matterAssignees.matterCreatedAt), direction(matterAssignees.matterId))
      .limit(window.limit)
      .offset(window.offset);
  }
  return tx
    .select({ id: matters.id })
    .from(matters)
    .where(whereOf(firmId, filters))
    .orderBy(...orderOf(sort))
    .limit(window.limit)
    .offset(window.offset);
}

/** The matching matters, up to the count's limit (the list shows a capped total). */
function matchingMatters(tx: Tx, firmId: string, filters: MatterListFilters) {
  const one = { one: sql`1`.as('one') };
  if (filters.assignedUserId && !hasMatterFilters(filters)) {
    // Only the fee earner: their live assignments, counted from the index alone.
    return tx.select(one).from(matterAssignees).where(assignedTo(firmId, filters.assignedUserId)).limit(COUNT_LIMIT);
  }
  if (filters.assignedUserId) {
    return tx
      .select(one)
      .from(matterAssignees)
      .innerJoin(matters, assignmentJoin)
      .where(fromAssignments(firmId, filters.assignedUserId, filters))
      .limit(COUNT_LIMIT);
  }
  return tx.select(one).from(matters).where(whereOf(firmId, filters)).limit(COUNT_LIMIT);
}

/** A matter's fee earners and practice areas, by name: for the matter whose id is `matterId`. */
const aggregatesOf = (matterId: SQL) => ({
  assignedTo: sql<{ userId: string; name: string }[]>`coalesce((
    select json_agg(json_build_object('userId', u.id, 'name', u.name) order by u.name, u.id)
    from matter_assignees ma join users u on u.id = ma.user_id
    where ma.matter_id = ${matterId}), '[]'::json)`,
  practiceAreas: sql<string[]>`coalesce((
    select json_agg(pa.name order by pa.name)
    from matter_practice_areas mpa join practice_areas pa on pa.id = mpa.practice_area_id
    where mpa.matter_id = ${matterId}), '[]'::json)`,
});

type MatterWindow = { limit: number; offset: number; withCount?: boolean };

/**
 * A page of matters in one statement: the page's ids, then those matters with their fee earners and
 * practice areas (no query per matter); with `withCount`, each row also carries the filter's capped
 * count (cappedCountColumn).
 */
export async function findMatterPage(tx: Tx, firmId: string, filters: MatterListFilters, sort: MatterSort, window: MatterWindow) {
  const pageIds = selectMatterIds(tx, firmId, filters, sort, window).as('page_ids');
  return tx
    .select({
      ...summaryColumns,
      ...aggregatesOf(sql.raw('"matters"."id"')),
      matchingCount: window.withCount ? cappedCountColumn(matchingMatters(tx, firmId, filters)) : sql<null>`null::int`,
    })
    .from(matters)
    .innerJoin(pageIds, and(eq(matters.firmId, firmId), eq(matters.id, pageIds.id)))
    .orderBy(...orderOf(sort));
}

/** The filter's capped count on its own: for a page past the end, which has no row to carry it. */
export const countMatters = (tx: Tx, firmId: string, filters: MatterListFilters) => countMatching(tx, matchingMatters(tx, firmId, filters));

/** Every matching id in list order: the CSV export then reads the rows in chunks by id. */
export async function findMatterIds(tx: Tx, firmId: string, filters: MatterListFilters, sort: MatterSort): Promise<string[]> {
  const rows = await tx
    .select({ id: matters.id })
    .from(matters)
    .where(whereOf(firmId, filters))
    .orderBy(...orderOf(sort));
  return rows.map((row) => row.id);
}

export async function findMatterSummariesByIds(tx: Tx, matterIds: string[]) {
  if (matterIds.length === 0) return [];
  return tx.select(summaryColumns).from(matters).where(inArray(matters.id, matterIds));
}

/** Fee earners and practice areas of a chunk of matters, in one query (no query per matter). */
export async function findMatterAggregates(tx: Tx, matterIds: string[]) {
  if (matterIds.length === 0) return [];
  return tx
    .select({ id: matters.id, ...aggregatesOf(sql.raw('"matters"."id"')) })
    .from(matters)
    .where(inArray(matters.id, matterIds));
}
