import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import { SEARCH_TOTAL_COUNT_CAP, TOTAL_COUNT_CAP } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import type { ListDeclaration, ListRequest, SortKey } from './list-declaration.ts';

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

/** The firm's live rows that match the request's filters and search. */
export function matchingCondition(list: AnyList, firmId: string, request: AnyRequest): SQL {
  const conditions: (SQL | undefined)[] = [eq(list.table.firmId, firmId), list.live];
  for (const [name, value] of Object.entries(request.filters)) {
    if (value !== undefined && value !== '') conditions.push(list.filters[name]!(value, firmId));
  }
  if (request.searchText) {
    const pattern = substringPattern(request.searchText);
    const matches = list.search.map((column) => (typeof column === 'function' ? column(pattern, firmId) : ilike(column, pattern)));
    conditions.push(matches.length === 1 ? matches[0] : or(...matches));
  }
  return and(...conditions)!;
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
  const matching = tx
    .select({ one: sql`1`.as('one') })
    .from(list.table)
    .where(matchingCondition(list, firmId, request))
    .$dynamic();
  return sql`(select count(*)::int from (${cap === null ? matching : matching.limit(cap + 1)}) matching)`;
}

/** The values as one array of their text forms (which cast back to their types exactly). */
const textArray = (values: SQL[]) =>
  sql<(string | null)[]>`array[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}]`;

/** A window of the list's rows in order: a page (offset) or an export batch (after a keyset). */
export type Window = { limit: number; offset?: number; after?: Keyset | null; withCount?: boolean; withKeyset?: boolean };

/**
 * One statement: the window's ids first (only the id and sort keys are read, so a page in an
 * index's order is an index-only scan that stops after the page), then those rows with the
 * list's columns by key; with `withCount`, each row also carries the capped count, which
 * PostgreSQL computes once, as an init plan; with `withKeyset`, each row its sort values as text.
 */
export function windowStatement(tx: Tx, list: AnyList, firmId: string, request: AnyRequest, window: Window) {
  const keys = sortKeysOf(list, request);
  const sortJoin = list.sorts[request.sort.column]!.join;
  const sortFields = Object.fromEntries(keys.map((key, index) => [`sort${index}`, sql`${key.key}`.as(`sort_${index}`)]));
  const conditions = [matchingCondition(list, firmId, request), window.after ? afterKeyset(list, request, keys, window.after) : undefined];
  const keyExpressions = keys.map((key) => key.key);
  const chosen = tx
    .select({ id: list.table.id, ...sortFields })
    .from(list.table)
    .$dynamic();
  const ids = (sortJoin ? chosen.innerJoin(sortJoin.table, sortJoin.on) : chosen)
    .where(and(...conditions))
    .orderBy(...orderTerms(list, request, keyExpressions))
    .limit(window.limit)
    .offset(window.offset ?? 0)
    .as('chosen');
  const chosenKeys = keys.map((_key, index) => (ids as unknown as Record<string, SQL>)[`sort${index}`]!);
  const extras = {
    matchingCount: window.withCount ? sql<number | null>`${countStatement(tx, list, firmId, request)}` : sql<null>`null::int`,
    sortValues: window.withKeyset ? textArray(chosenKeys) : sql<null>`null`,
  };
  let query = tx
    .select({ ...list.columns, ...extras })
    .from(list.table)
    .innerJoin(ids, and(eq(list.table.firmId, firmId), eq(list.table.id, ids.id)))
    .$dynamic();
  for (const join of list.joins ?? []) query = query.leftJoin(join.table, join.on);
  return query.orderBy(...orderTerms(list, request, chosenKeys));
}
