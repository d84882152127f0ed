import { Group, NativeSelect, Pagination, Stack, Text } from '@mantine/core';
import { hasPermissions, type FlatFeeListItem, type FlatFeeListQuery } from '@matterhorn/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { listPagingOf } from '../../../lib/list-paging.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useFlatFeePage } from '../api/flat-fee-list.ts';
import { PAGE_SIZES, type FlatFeeSort, type FlatFeeSortColumn } from '../utils/flat-fee-list-params.ts';
import { DeleteFlatFeeModal } from './delete-flat-fee-modal.tsx';
import { FlatFeesTable } from './flat-fees-table.tsx';
import { FlatFeeTotals } from './flat-fee-totals.tsx';

export type FlatFeeListViewProps = {
  query: FlatFeeListQuery;
  sort: FlatFeeSort;
  onSort: (column: FlatFeeSortColumn) => void;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  hideMatterColumns?: boolean;
};

export const editFlatFeePath = (id: string) => `/billing/flat-fees/edit/${id}`;

/** The totals, count, table and pager of one filtered list; Edit opens the edit page, Delete asks first. */
export function FlatFeeListView({ query, sort, onSort, onPageChange, onSizeChange, hideMatterColumns }: FlatFeeListViewProps) {
  const session = useSession();
  const navigate = useNavigate();
  const rows = useFlatFeePage(query);
  const [deleting, setDeleting] = useState<FlatFeeListItem | null>(null);
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);

  const page = Number(query.page ?? 1);
  const size = Number(query.size ?? 20);
  const list = rows.data;
  const { pageCount, totalLabel, isCapped } = listPagingOf(list, page, size);

  return (
    <Stack gap="md">
      <FlatFeeTotals totals={list?.totals} homeCurrencySymbol={session.workingUser?.currency ?? ''} />
      {rows.isPending ? (
        <LoadingSpinner />
      ) : list ? (
        <>
          <Text size="sm" c="dimmed" role="status" data-testid="flat-fee-count">
            {list.totalCount === 1 && !isCapped ? '1 flat fee' : `${totalLabel} flat fees`}
            {isCapped && ' (narrow the search or filters for an exact count)'}
          </Text>
          <FlatFeesTable
            fees={list.data}
            sort={sort}
            onSort={onSort}
            hideMatterColumns={hideMatterColumns}
            onEdit={can('flatFeePermission.edit') ? (fee) => navigate(editFlatFeePath(fee.id)) : undefined}
            onDelete={can('flatFeePermission.delete') ? setDeleting : undefined}
          />
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
      ) : (
        <Text c="dimmed">The flat fees could not be loaded.</Text>
      )}
      <DeleteFlatFeeModal
        fee={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          // The page's only row went: show the page before it rather than an empty one.
          if (list && list.data.length === 1 && page > 1) onPageChange(page - 1);
        }}
      />
    </Stack>
  );
}
