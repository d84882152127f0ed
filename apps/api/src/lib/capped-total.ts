import { TOTAL_COUNT_CAP } from '@matterhorn/shared';

export type CappedTotal = { totalCount: number; isTotalCountCapped: boolean };

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
