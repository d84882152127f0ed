import { useQuery } from '@tanstack/react-query';
import { Button, Group, Stack, Title } from '@mantine/core';
import { hasPermissions, MATTER_RATES } from '@matterhorn/shared';
import { Link } from 'react-router';
import { ClientSelect } from '../../../components/client-select.tsx';
import { CsvDownloadButton } from '../../../components/list-kit/csv-download-button.tsx';
import { ListFilterBar } from '../../../components/list-kit/list-filter-bar.tsx';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { ListSearchInput } from '../../../components/list-kit/list-search-input.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { activeMembers, teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { downloadMatterCsv } from '../api/download-matter-csv.ts';
import { useMatterList } from '../api/get-matter-list.ts';
import { MattersTable } from '../components/matters-table.tsx';
import { MATTER_LIST, matterListQueryFrom } from '../utils/matter-list-params.ts';
import { PageTitle } from '../../../components/page-title.tsx';

/** /matter/matter-list: server-side search, filters, sort, paging and CSV, all kept in the URL. */
export function MatterListPage() {
  const session = useSession();
  const list = useListParams(MATTER_LIST);
  const { filters, setFilters } = list;
  const query = matterListQueryFrom(list);
  const matters = useMatterList(query);
  const clients = useQuery(associatedClientsQuery);
  const team = useQuery({ ...teamMembersQuery, select: activeMembers });

  return (
    <Stack gap="md">
      <PageTitle parts={['Matters']} />
      <Group justify="space-between">
        <Title order={1}>Matters</Title>
        <Group gap="sm">
          <CsvDownloadButton download={() => downloadMatterCsv(query)} />
          {hasPermissions(session.permissions, ['matterMaster.create']) && (
            <Button component={Link} to="/matter/add-new-matter">
              Add matter
            </Button>
          )}
        </Group>
      </Group>

      <ListFilterBar columns={{ base: 1, sm: 2, lg: 5 }}>
        <ListSearchInput
          label="Search matters"
          placeholder="Number, matter, client or party"
          value={filters.search}
          onSearch={(search) => setFilters({ search })}
        />
        <ClientSelect
          label="Client"
          showEveryone
          people={clients.data?.people ?? []}
          companies={clients.data?.companies ?? []}
          value={query.ClientId ?? ''}
          onChange={(client) => setFilters({ client })}
        />
        <SearchableSelect
          label="Status"
          entity="status"
          options={[{ value: '', label: 'All statuses' }, ...['Open', 'Closed'].map((status) => ({ value: status, label: status }))]}
          value={query.Status ?? ''}
          onChange={(status) => setFilters({ status })}
        />
        <SearchableSelect
          label="Billing type"
          entity="billing type"
          options={[{ value: '', label: 'All billing types' }, ...MATTER_RATES.map((rate) => ({ value: rate, label: rate }))]}
          value={query.MatterRate ?? ''}
          onChange={(billingType) => setFilters({ billingType })}
        />
        <SearchableSelect
          label="Fee earner"
          entity="fee earner"
          options={[
            { value: '', label: 'All fee earners' },
            ...(team.data ?? []).map((member) => ({ value: member.id, label: member.name })),
          ]}
          value={query.AssignedUserId ?? ''}
          onChange={(feeEarner) => setFilters({ feeEarner })}
        />
      </ListFilterBar>

      <ListResults
        result={matters}
        page={list.page}
        size={list.size}
        noun={{ one: 'matter', many: 'matters' }}
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
      >
        {(rows) => <MattersTable matters={rows} sort={list.sort} onSort={list.sortBy} />}
      </ListResults>
    </Stack>
  );
}
