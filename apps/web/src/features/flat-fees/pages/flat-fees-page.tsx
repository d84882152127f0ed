import { Button, Group, Stack, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { Link } from 'react-router';
import { CsvDownloadButton } from '../../../components/list-kit/csv-download-button.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { downloadFlatFeesCsv } from '../api/download-flat-fees-csv.ts';
import { FlatFeeFilters, type FlatFeeFilterValues } from '../components/flat-fee-filters.tsx';
import { FlatFeeListView } from '../components/flat-fee-list-view.tsx';
import { FLAT_FEE_LIST, flatFeeListQueryFrom } from '../utils/flat-fee-list-params.ts';
import { PageTitle } from '../../../components/page-title.tsx';

export const ADD_FLAT_FEE_PATH = '/billing/flat-fees/add-new-flat-fee';

/** /billing/flat-fees: SPEC.md §3's filters, search, sort, paging, totals and CSV, all kept in the URL. */
export function FlatFeesPage() {
  const session = useSession();
  const list = useListParams(FLAT_FEE_LIST);
  const query = flatFeeListQueryFrom(list);
  const filters: FlatFeeFilterValues = {
    search: list.filters.search,
    status: query.status ?? '',
    clientId: query.ClientId ?? '',
    matterId: query.MatterId ?? '',
    addedBy: query.ExpenseAddedUserId ?? '',
    from: query.FromExpenseFlatFeesDateCreated ?? '',
    to: query.ToExpenseFlatFeesDateCreated ?? '',
  };

  return (
    <Stack gap="md">
      <PageTitle parts={['Flat Fees', 'Billing']} />
      <Group justify="space-between">
        <Title order={1}>Flat Fees</Title>
        <Group gap="sm">
          <CsvDownloadButton download={() => downloadFlatFeesCsv(query)} />
          {hasPermissions(session.permissions, ['flatFeePermission.create']) && (
            <Button component={Link} to={ADD_FLAT_FEE_PATH}>
              New Flat Fee
            </Button>
          )}
        </Group>
      </Group>

      <FlatFeeFilters values={filters} onChange={list.setFilters} />

      <FlatFeeListView query={query} sort={list.sort} onSort={list.sortBy} onPageChange={list.setPage} onSizeChange={list.setSize} />
    </Stack>
  );
}
