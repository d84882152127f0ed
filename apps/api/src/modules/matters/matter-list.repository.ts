import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
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

export async function findMatterPage(tx: Tx, firmId: string, filters: MatterListFilters, sort: MatterSort, limit: number, offset: number) {
  if (filters.assignedUserId && sort.column === 'createdAt') {
    // matter_created_at and matter_id are the matter's created_at and id: the same order.
    const direction = sort.direction === 'asc' ? asc : desc;
    return tx
      .select(summaryColumns)
      .from(matterAssignees)
      .innerJoin(matters, assignmentJoin)
      .where(fromAssignments(firmId, filters.assignedUserId, filters))
      .orderBy(direction(matterAssignees.matterCreatedAt), direction(matterAssignees.matterId))
      .limit(limit)
      .offset(offset);
  }
  return tx
    .select(summaryColumns)
    .from(matters)
    .where(whereOf(firmId, filters))
    .orderBy(...orderOf(sort))
    .limit(limit)
    .offset(offset);
}

/** Matching matters, counted up to `limit` only (the list shows a capped total). */
export async function countMattersUpTo(tx: Tx, firmId: string, filters: MatterListFilters, limit: number): Promise<number> {
  const one = { one: sql`1`.as('one') };
  let matching;
  if (filters.assignedUserId && !hasMatterFilters(filters)) {
    // Only the fee earner: their live assignments, counted from the index alone.
    matching = tx.select(one).from(matterAssignees).where(assignedTo(firmId, filters.assignedUserId)).limit(limit).as('matching');
  } else if (filters.assignedUserId) {
    matching = tx
      .select(one)
      .from(matterAssignees)
      .innerJoin(matters, assignmentJoin)
      .where(fromAssignments(firmId, filters.assignedUserId, filters))
      .limit(limit)
      .as('matching');
  } else {
    matching = tx.select(one).from(matters).where(whereOf(firmId, filters)).limit(limit).as('matching');
  }
  const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(matching);
  return Number(row?.count ?? 0);
}

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

/**
 * Fee earners and practice areas of a page of matters, in one query (no query per matter). The
 * outer table is spelt out: drizzle leaves a single-table select's columns unqualified.
 */
export async function findMatterAggregates(tx: Tx, matterIds: string[]) {
  if (matterIds.length === 0) return [];
  return tx
    .select({
      id: matters.id,
      assignedTo: sql<{ userId: string; name: string }[]>`coalesce((
        select json_agg(json_build_object('userId', u.id, 'name', u.name) order by u.name, u.id)
        from matter_assignees ma join users u on u.id = ma.user_id
        where ma.matter_id = matters.id), '[]'::json)`,
      practiceAreas: sql<string[]>`coalesce((
        select json_agg(pa.name order by pa.name)
        from matter_practice_areas mpa join practice_areas pa on pa.id = mpa.practice_area_id
        where mpa.matter_id = matters.id), '[]'::json)`,
    })
    .from(matters)
    .where(inArray(matters.id, matterIds));
}
