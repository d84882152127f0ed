import { and, eq, ilike, is, or, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { SEARCH_TOTAL_COUNT_CAP, TOTAL_COUNT_CAP } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import type { FilterThrough, ListDeclaration, ListRequest, SortKey } from './list-declaration.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyList = ListDeclaration<any, string, SelectedFields>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRequest = ListRequest<any, string>;

/** Where the previous export batch ended: its last row's sort values, as text, and its id. */
export type Keyset = { values: (string | null)[]; id: string };

/**
 * What a search text matches: itself, anywhere, in any case (ILIKE, which the trigram indexes
 * serve), its LIKE wildcards and escape taken literally. Lower case, as the search texts are.
 */
export const substringPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** How far a list counts: a searched one less far; a short list (isCountExact) to the end. */
export function countCap(list: AnyList, request: AnyRequest): number | null {
  if (list.isCountExact) return null;
  return request.searchText ? SEARCH_TOTAL_COUNT_CAP : TOTAL_COUNT_CAP;
}

/** What a request matches: conditions on the list's own table, and the tables its filters go through. */
function matchingParts(list: AnyList, firmId: string, request: AnyRequest) {
  const conditions: SQL[] = [];
  const through: FilterThrough[] = [];
  for (const [name, value] of Object.entries(request.filters)) {
    if (value === undefined || value === '') continue;
    const filter = list.filters[name]!(value, firmId);
    if (is(filter, SQL)) conditions.push(filter);
    else if (filter) through.push(filter);
  }
  if (request.searchText) {
    const pattern = substringPattern(request.searchText);
    const matches = list.search.map((column) => (typeof column === 'function' ? column(pattern, firmId) : ilike(column, pattern)));
    conditions.push(matches.length === 1 ? matches[0]! : or(...matches)!);
  }
  return { conditions, through };
}

/** A filter's table joins the list's on the columns it copies. */
const equalCopies = (filter: FilterThrough) => and(...filter.copies.map(([column, copy]) => eq(copy, column)))!;

/**
 * The firm's live rows that match the request's filters and search, with `fields`: a select on the
 * list's table, joined to the tables its filters go through (and `also`'s), that callers may order
 * and limit.
 */
export function selectMatching<Fields extends SelectedFields>(
  tx: Tx,
  list: AnyList,
  firmId: string,
  request: AnyRequest,
  fields: Fields,
  also: { join?: { table: PgTable; on: SQL } | undefined; where?: SQL | undefined } = {},
) {
  const { conditions, through } = matchingParts(list, firmId, request);
  let query = tx.select(fields).from(list.table).$dynamic();
  for (const filter of through) query = query.innerJoin(filter.table, equalCopies(filter)) as typeof query;
  if (also.join) query = query.innerJoin(also.join.table, also.join.on) as typeof query;
  return query.where(and(eq(list.table.firmId, firmId), list.live, ...conditions, ...through.map((filter) => filter.where), also.where));
}

const keyTypeOf = (key: SortKey) => key.type ?? (key.key as AnyPgColumn).getSQLType();

/** The sort's keys, then the id: every row has one place, so pages and batches never repeat or skip a row. */
function sortKeysOf(list: AnyList, request: AnyRequest): SortKey[] {
  return [...list.sorts[request.sort.column]!.keys, { key: list.table.id, type: 'uuid' }];
}

/** One ORDER BY term per key, in the request's direction, with nulls placed as the list's indexes place them. */
function orderTerms(list: AnyList, request: AnyRequest, keys: (SQL | AnyPgColumn)[]): SQL[] {
  const isAscending = request.sort.direction === 'asc';
  const nulls = list.isDescendingNullsLast ? (isAscending ? sql` nulls first` : sql` nulls last`) : sql``;
  return keys.map((key) => sql`${key} ${sql.raw(isAscending ? 'asc' : 'desc')}${nulls}`);
}

/** Whether the keys' nulls come before their values in the request's order. */
const areNullsFirst = (list: AnyList, request: AnyRequest) =>
  request.sort.direction === 'asc' ? Boolean(list.isDescendingNullsLast) : !list.isDescendingNullsLast;

/**
 * The rows after `after` in the request's order. Keys that are never null compare as one row
 * value, which an index in that order starts at directly; a nullable key is spelt out key by key.
 */
function afterKeyset(list: AnyList, request: AnyRequest, keys: SortKey[], after: Keyset): SQL {
  const isAscending = request.sort.direction === 'asc';
  const values = [...after.values, after.id];
  const valueOf = (index: number) => sql`${values[index]}::${sql.raw(keyTypeOf(keys[index]!))}`;
  if (keys.every((key) => !key.isNullable)) {
    const left = sql.join(
      keys.map((key) => sql`${key.key}`),
      sql`, `,
    );
    const right = sql.join(
      keys.map((_key, index) => valueOf(index)),
      sql`, `,
    );
    return isAscending ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`;
  }
  const nullsFirst = areNullsFirst(list, request);
  const from = (index: number): SQL => {
    const key = keys[index]!.key;
    const beyond = isAscending ? sql`${key} > ${valueOf(index)}` : sql`${key} < ${valueOf(index)}`;
    if (index === keys.length - 1) return beyond;
    if (values[index] === null)
      return nullsFirst
        ? sql`(${key} is not null or (${key} is null and ${from(index + 1)}))`
        : sql`(${key} is null and ${from(index + 1)})`;
    const tied = sql`(${key} = ${valueOf(index)} and ${from(index + 1)})`;
    return nullsFirst ? sql`(${beyond} or ${tied})` : sql`(${beyond} or ${key} is null or ${tied})`;
  };
  return from(0);
}

/** The matching rows, up to one past the cap (to tell "exactly the cap" from "more"), counted. */
export function countStatement(tx: Tx, list: AnyList, firmId: string, request: AnyRequest): SQL {
  const cap = countCap(list, request);
  const one = { one: sql`1`.as('one') };
  const { conditions, through } = matchingParts(list, firmId, request);
  const [alone] = through;
  const matching =
    alone?.isLiveRowsAlone && through.length === 1 && conditions.length === 0
      ? tx.select(one).from(alone.table).where(alone.where).$dynamic()
      : selectMatching(tx, list, firmId, request, one);
  return sql`(select count(*)::int from (${cap === null ? matching : matching.limit(cap + 1)}) matching)`;
}

/** A page of the list: its place in the list's order, and whether its rows carry the capped count. */
export type Window = { limit: number; offset: number; withCount?: boolean };

/**
 * A page in one statement: the window's ids first (only the id and sort keys are read, so a page in
 * an index's order is an index-only scan that stops after the page, however far its offset), then
 * those rows with the list's columns by key; with `withCount`, each row also carries the capped
 * count, which PostgreSQL computes once, as an init plan.
 */
export function windowStatement(tx: Tx, list: AnyList, firmId: string, request: AnyRequest, window: Window) {
  const keys = sortKeysOf(list, request);
  const sortFields = Object.fromEntries(keys.map((key, index) => [`sort${index}`, sql`${key.key}`.as(`sort_${index}`)]));
  const ids = selectMatching(
    tx,
    list,
    firmId,
    request,
    { id: list.table.id, ...sortFields },
    { join: list.sorts[request.sort.column]!.join },
  )
    .orderBy(
      ...orderTerms(
        list,
        request,
        keys.map((key) => key.key),
      ),
    )
    .limit(window.limit)
    .offset(window.offset)
    .as('chosen');
  const chosenKeys = keys.map((_key, index) => (ids as unknown as Record<string, SQL>)[`sort${index}`]!);
  const matchingCount = window.withCount ? sql<number | null>`${countStatement(tx, list, firmId, request)}` : sql<null>`null::int`;
  let query = tx
    .select({ ...list.columns, matchingCount })
    .from(list.table)
    .innerJoin(ids, and(eq(list.table.firmId, firmId), eq(list.table.id, ids.id)))
    .$dynamic();
  for (const join of list.joins ?? []) query = query.leftJoin(join.table, join.on) as typeof query;
  return query.orderBy(...orderTerms(list, request, chosenKeys));
}

/**
 * An export batch: the `limit` rows after `after` with the list's columns, in one walk (a keyset
 * skips no rows, so the page's ids-first step would only add a second lookup of each row), each
 * column named, and its sort values as text (`sortValues`, the id last). A sort key that a filter's
 * table copies resumes on the copy, in that table's index. A statement to execute: its rows come as
 * the driver reads them, without the ORM's mapping, which cost more CPU than the query.
 */
export function batchStatement(tx: Tx, list: AnyList, firmId: string, request: AnyRequest, limit: number, after: Keyset | null): SQL {
  const keys = sortKeysOf(list, request);
  const copied = new Map(matchingParts(list, firmId, request).through.flatMap((filter) => filter.copies));
  const resumeKeys = keys.map((key) => ({ ...key, key: copied.get(key.key as AnyPgColumn) ?? key.key }));
  const sortValues = sql`array[${sql.join(
    keys.map((key) => sql`${key.key}::text`),
    sql`, `,
  )}]`;
  const fields = Object.fromEntries(Object.entries({ ...list.columns, sortValues }).map(([name, value]) => [name, sql`${value}`.as(name)]));
  let query = selectMatching(tx, list, firmId, request, fields, {
    join: list.sorts[request.sort.column]!.join,
    where: after ? afterKeyset(list, request, resumeKeys, after) : undefined,
  });
  for (const join of list.joins ?? []) query = query.leftJoin(join.table, join.on) as typeof query;
  return query
    .orderBy(
      ...orderTerms(
        list,
        request,
        keys.map((key) => key.key),
      ),
    )
    .limit(limit)
    .getSQL();
}
