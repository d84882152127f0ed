import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { listPagingOf, type ListPage } from '../../lib/list-paging.ts';
import { LoadingSpinner } from '../loading-spinner.tsx';
import { ListPager } from './list-pager.tsx';

export type ListResultsProps<Row> = {
  /** The page's query: pending, answered, or failed (data null or undefined). */
  result: { isPending: boolean; data: (ListPage & { data: Row[] }) | null | undefined };
  page: number;
  size: number;
  /** What the rows are, for the count and the failure: { one: 'flat fee', many: 'flat fees' }. */
  noun: { one: string; many: string };
  countTestId?: string;
  /** "Showing 21–40 of 45 clients" instead of "45 clients". */
  showsRange?: boolean;
  /** Shown instead of the rows when nothing matches; without it the table says so itself. */
  empty?: ReactNode;
  pagerLabel?: string;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  /** The table of the page's rows. */
  children: (rows: Row[]) => ReactNode;
};

/**
 * A list page's results under its filters: a spinner while the page loads, then the count ("1,000+"
 * past the API's cap), the rows (or the empty state) and the pager with "Rows per page"; a line
 * saying so when it failed (SPEC.md §8: a failed list call resolves to null).
 */
export function ListResults<Row>({
  result,
  page,
  size,
  noun,
  countTestId,
  showsRange = false,
  empty,
  pagerLabel,
  onPageChange,
  onSizeChange,
  children,
}: ListResultsProps<Row>) {
  if (result.isPending) return <LoadingSpinner label={`Loading ${noun.many}`} />;
  const list = result.data;
  if (!list) return <Text c="dimmed">The {noun.many} could not be loaded.</Text>;
  const { pageCount, first, last, totalLabel, isCapped } = listPagingOf(list, page, size);
  const count =
    list.totalCount === 0
      ? `0 ${noun.many}`
      : showsRange
        ? `Showing ${first}–${last} of ${totalLabel} ${noun.many}`
        : list.totalCount === 1 && !isCapped
          ? `1 ${noun.one}`
          : `${totalLabel} ${noun.many}`;
  return (
    <>
      <Text size="sm" c="dimmed" role="status" data-testid={countTestId}>
        <span>{count}</span>
        {isCapped && <span> (narrow the search or filters for an exact count)</span>}
      </Text>
      {list.data.length === 0 && empty !== undefined ? empty : children(list.data)}
      {/* Named after its list, so two lists on one page (a matter's expenses and flat fees) are two landmarks, not one name twice. */}
      <ListPager
        page={page}
        pageCount={pageCount}
        size={size}
        label={pagerLabel ?? `Pages of ${noun.many}`}
        onPageChange={onPageChange}
        onSizeChange={onSizeChange}
      />
    </>
  );
}
