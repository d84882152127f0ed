import { sql, type SQLWrapper } from 'drizzle-orm';
import { SEARCH_TOTAL_COUNT_CAP, TOTAL_COUNT_CAP } from '@matterhorn/shared';
import type { Tx } from '../db/database.ts';

export type CappedTotal = { totalCount: number; isTotalCountCapped: boolean };

/** How far a list counts: a searched list less far (SEARCH_TOTAL_COUNT_CAP). */
const totalCountCap = (isSearched: boolean) => (isSearched ? SEARCH_TOTAL_COUNT_CAP : TOTAL_COUNT_CAP);

/** A count's limit: one past the cap, to tell "exactly the cap" from "more". */
export const countLimit = (isSearched: boolean) => totalCountCap(isSearched) + 1;

/**
 * A list's total, counted up to the cap: an exact count of a large firm reads every matching row
 * (tens of milliseconds on 100,000 clients), a count bounded at cap + 1 reads at most that many.
 * `countUpTo(limit)` counts matching rows, stopping at `limit`.
 *
 * A non-empty page with fewer than `size` rows is the last page, so it gives the total without a
 * count query (on page 1 that is the usual small result of a search), and a page with rows past the
 * cap shows that the total is capped. Otherwise the count runs (an empty page may be past the end).
 */
export async function cappedTotal(
  page: { page: number; size: number; rowCount: number },
  countUpTo: (limit: number) => Promise<number>,
  cap = TOTAL_COUNT_CAP,
): Promise<CappedTotal> {
  const offset = (page.page - 1) * page.size;
  const isLastPage = (page.rowCount > 0 || page.page === 1) && page.rowCount < page.size;
  const reachesPastCap = page.rowCount > 0 && offset + page.rowCount > cap;
  const count = isLastPage || reachesPastCap ? offset + page.rowCount : await countUpTo(cap + 1);
  return count > cap ? { totalCount: cap, isTotalCountCapped: true } : { totalCount: count, isTotalCountCapped: false };
}

/**
 * The count of `matching` (a select of the matching rows that stops at countLimit) as a column of
 * the page's own statement: PostgreSQL runs it once, as an init plan, and the list needs no second
 * round trip. A page past the end has no row to carry it and counts on its own (countMatching).
 */
export const cappedCountColumn = (matching: SQLWrapper) => sql<number>`(select count(*)::int from (${matching}) matching)`;

export async function countMatching(tx: Tx, matching: SQLWrapper): Promise<number> {
  const result = await tx.execute(sql`select ${cappedCountColumn(matching)} as count`);
  return Number((result as unknown as { rows: { count: number | string }[] }).rows[0]?.count ?? 0);
}

/** cappedTotal of a page whose rows carry the capped count (cappedCountColumn), counted as far as a searched or unsearched list counts. */
export const cappedTotalOfRows = (
  page: { page: number; size: number },
  rows: { matchingCount: number | null }[],
  countUpTo: () => Promise<number>,
  isSearched: boolean,
): Promise<CappedTotal> =>
  cappedTotal({ ...page, rowCount: rows.length }, async () => rows[0]?.matchingCount ?? (await countUpTo()), totalCountCap(isSearched));
