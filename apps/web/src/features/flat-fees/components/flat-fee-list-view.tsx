import { Stack } from '@mantine/core';
import { hasPermissions, type FlatFeeListItem, type FlatFeeListQuery } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { useListLayout } from '../../../components/list-kit/use-list-layout.ts';
import { pageAndTotalsQueries } from '../../../lib/list-paging.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { flatFeeListQuery, useFlatFeePage } from '../api/flat-fee-list.ts';
import { type FlatFeeSort, type FlatFeeSortColumn } from '../utils/flat-fee-list-params.ts';
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
  const split = pageAndTotalsQueries(query);
  const rows = useFlatFeePage(split.page);
  const totals = useQuery({ ...flatFeeListQuery(split.totals ?? query), enabled: split.totals !== null });
  const [deleting, setDeleting] = useState<FlatFeeListItem | null>(null);
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  // Under 1,408 px (and on a phone, where the table scrolls inside its card) the less important columns fold.
  const isFolded = useListLayout() !== 'full';

  const page = Number(query.page ?? 1);
  const size = Number(query.size ?? 20);
  const list = rows.data;

  return (
    <Stack gap="md">
      <FlatFeeTotals totals={totals.data?.totals} homeCurrencySymbol={session.workingUser?.currency ?? ''} />
      <ListResults
        result={rows}
        page={page}
        size={size}
        noun={{ one: 'flat fee', many: 'flat fees' }}
        countTestId="flat-fee-count"
        onPageChange={onPageChange}
        onSizeChange={onSizeChange}
      >
        {(pageRows) => (
          <FlatFeesTable
            fees={pageRows}
            sort={sort}
            onSort={onSort}
            hideMatterColumns={hideMatterColumns}
            isFolded={isFolded}
            onEdit={can('flatFeePermission.edit') ? (fee) => navigate(editFlatFeePath(fee.id)) : undefined}
            onDelete={can('flatFeePermission.delete') ? setDeleting : undefined}
          />
        )}
      </ListResults>
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
