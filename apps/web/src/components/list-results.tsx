import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { listPagingOf, PAGE_SIZES, type ListPage } from '../lib/list-paging.ts';
import { LoadingSpinner } from './loading-spinner.tsx';

export type ListResultsProps<Row> = {
  /** The page's query: pending, answered, or failed (data null or undefined). */
  result: { isPending: boolean; data: (ListPage & { data: Row[] }) | null | undefined };
  page: number;
  size: number;
  /** What the rows are, for the count and the failure: { one: 'flat fee', many: 'flat fees' }. */
  noun: { one: string; many: string };
  countTestId?: string;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  /** The table of the page's rows. */
  children: (rows: Row[]) => ReactNode;
};

/**
 * A list page's results under its filters: a spinner while the page loads, then the count ("1,000+"
 * past the API's cap), the table and the pager with "Rows per page"; a line saying so when it failed.
 */
export function ListResults<Row>({ result, page, size, noun, countTestId, onPageChange, onSizeChange, children }: ListResultsProps<Row>) {
  if (result.isPending) return <LoadingSpinner />;
  const list = result.data;
  if (!list) return <Text c="dimmed">The {noun.many} could not be loaded.</Text>;
  const { pageCount, totalLabel, isCapped } = listPagingOf(list, page, size);
  return (
    <>
      <Text size="sm" c="dimmed" role="status" data-testid={countTestId}>
        {list.totalCount === 1 && !isCapped ? `1 ${noun.one}` : `${totalLabel} ${noun.many}`}
        {isCapped && ' (narrow the search or filters for an exact count)'}
      </Text>
      {children(list.data)}
      <Group justify="space-between">
        <NativeSelect
          label="Rows per page"
          data={[...PAGE_SIZES]}
          value={String(size)}
          onChange={(event) => onSizeChange(Number(event.currentTarget.value))}
          w={140}
        />
        <Pagination
          total={pageCount}
          value={Math.min(page, pageCount)}
          onChange={onPageChange}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      </Group>
    </>
  );
}
