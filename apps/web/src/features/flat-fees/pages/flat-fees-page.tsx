import { Button, Group, Stack, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadFlatFeesCsv } from '../api/download-flat-fees-csv.ts';
import { FlatFeeFilters, type FlatFeeFilterValues } from '../components/flat-fee-filters.tsx';
import { FlatFeeListView } from '../components/flat-fee-list-view.tsx';
import {
  flatFeeListQueryFrom,
  LIST_PARAMS,
  nextSort,
  sortFrom,
  withListParams,
  type ListParamChanges,
} from '../utils/flat-fee-list-params.ts';

export const ADD_FLAT_FEE_PATH = '/billing/flat-fees/add-new-flat-fee';

/** /billing/flat-fees: SPEC.md §3's filters, search, sort, paging, totals and CSV, all kept in the URL. */
export function FlatFeesPage() {
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const [isDownloading, setIsDownloading] = useState(false);

  const query = flatFeeListQueryFrom(searchParams);
  const sort = sortFrom(searchParams);
  const read = (name: keyof typeof LIST_PARAMS) => searchParams.get(LIST_PARAMS[name]) ?? '';
  const filters: FlatFeeFilterValues = {
    search: read('search'),
    status: query.status ?? '',
    clientId: query.ClientId ?? '',
    matterId: query.MatterId ?? '',
    addedBy: query.ExpenseAddedUserId ?? '',
    from: query.FromExpenseFlatFeesDateCreated ?? '',
    to: query.ToExpenseFlatFeesDateCreated ?? '',
  };

  const change = (changes: ListParamChanges) => setSearchParams((previous) => withListParams(previous, changes), { replace: true });

  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadFlatFeesCsv(query);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Download failed');
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Flat Fees</Title>
        <Group gap="sm">
          <Button variant="default" loading={isDownloading} onClick={() => void download()}>
            Download CSV
          </Button>
          {hasPermissions(session.permissions, ['flatFeePermission.create']) && (
            <Button component={Link} to={ADD_FLAT_FEE_PATH}>
              New Flat Fee
            </Button>
          )}
        </Group>
      </Group>

      <FlatFeeFilters values={filters} onChange={change} />

      <FlatFeeListView
        query={query}
        sort={sort}
        onSort={(column) => {
          const next = nextSort(sort, column);
          change({ sortColumn: next.column, sortType: next.type });
        }}
        onPageChange={(page) => change({ page: String(page) })}
        onSizeChange={(size) => change({ size: String(size) })}
      />
    </Stack>
  );
}
