import { groupThousands } from '@matterhorn/shared';

/** The page sizes every list offers (its "Rows per page"). */
export const PAGE_SIZES = ['10', '20', '50', '100'] as const;

/** A requested size if the lists offer it, else the default. */
export function offeredPageSize(size: number, fallback: number): number {
  return PAGE_SIZES.includes(String(size) as (typeof PAGE_SIZES)[number]) ? size : fallback;
}

type ListQueryParts = { page?: unknown; size?: unknown; sortColumn?: unknown; sortType?: unknown; IncludeTotals?: unknown };

/**
 * A list's query split in two: its page without totals, and its totals alone (the filter without
 * page and order, one row). Kept apart, paging and sorting reuse the cached totals instead of summing
 * the firm's whole filtered list again with every page.
 */
export function pageAndTotalsQueries<Query extends ListQueryParts>(query: Query): { page: Query; totals: Query | null } {
  if (!query.IncludeTotals) return { page: query, totals: null };
  const { page: _page, size: _size, sortColumn: _column, sortType: _type, ...filter } = query;
  return { page: { ...query, IncludeTotals: false }, totals: { ...filter, page: 1, size: 1, IncludeTotals: true } as Query };
}

/** What a list answered: its page of rows and its total, which the API caps (isTotalCountCapped). */
export type ListPage = { data: unknown[]; totalCount: number; isTotalCountCapped?: boolean | undefined };

export type ListPaging = {
  /** Pages the pager offers: up to the counted total, and one more while a page past it is full. */
  pageCount: number;
  /** 1-based positions of the page's first and last rows (0 and 0 when nothing matches). */
  first: number;
  last: number;
  /** "1,234", or "1,000+" when the API stopped counting at its cap. */
  totalLabel: string;
  isCapped: boolean;
};

/**
 * Paging for a list whose total the API counts only up to a cap (1,000): the pager offers the pages
 * up to the cap, and past it a "next" page for as long as the current page is full, so every row
 * stays reachable although the exact total is not known.
 */
export function listPagingOf(list: ListPage | null | undefined, page: number, size: number): ListPaging {
  const totalCount = list?.totalCount ?? 0;
  const isCapped = list?.isTotalCountCapped === true;
  const shown = list?.data.length ?? 0;
  const countedPages = Math.max(1, Math.ceil(totalCount / size));
  const pageCount = isCapped ? Math.max(countedPages, shown === size ? page + 1 : page) : countedPages;
  const first = totalCount === 0 ? 0 : (page - 1) * size + 1;
  return {
    pageCount,
    first,
    // Past a capped total only the rows themselves say where the page ends.
    last: isCapped ? first + Math.max(shown - 1, 0) : Math.min(page * size, totalCount),
    totalLabel: `${groupThousands(String(totalCount))}${isCapped ? '+' : ''}`,
    isCapped,
  };
}
