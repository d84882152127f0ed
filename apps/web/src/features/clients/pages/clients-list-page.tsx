import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { Link } from 'react-router';
import { CsvDownloadButton } from '../../../components/list-kit/csv-download-button.tsx';
import { ListFilterBar } from '../../../components/list-kit/list-filter-bar.tsx';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { ListSearchInput } from '../../../components/list-kit/list-search-input.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { downloadClientsCsv } from '../api/download-clients-csv.ts';
import { useClientsList } from '../api/get-clients-list.ts';
import { ClientsTable } from '../components/clients-table.tsx';
import { CLIENT_LIST, listParamsOf } from '../utils/client-list-params.ts';
import { PageTitle } from '../../../components/page-title.tsx';

const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  { value: 'individual', label: 'Individual' },
  { value: 'company', label: 'Company' },
];
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
];

/** /clients/list: server-side search, filters, sort, paging and CSV of the firm's clients, all kept in the URL. */
export function ClientsListPage() {
  const session = useSession();
  const list = useListParams(CLIENT_LIST);
  const { filters, setFilters } = list;
  const params = listParamsOf(list);
  const clients = useClientsList(params);
  const { page: _page, size: _size, ...csvFilters } = params;

  return (
    <Stack gap="md">
      <PageTitle parts={['Clients']} />
      <Group justify="space-between">
        <Title order={1}>Clients</Title>
        <Group>
          <Anchor component={Link} to="/conflict-check" size="sm">
            Conflict check
          </Anchor>
          <CsvDownloadButton download={() => downloadClientsCsv(csvFilters)} />
          {hasPermissions(session.permissions, ['clientInfo.create']) && (
            <Button component={Link} to="/clients/add-new-client">
              Add client
            </Button>
          )}
        </Group>
      </Group>

      <ListFilterBar columns={{ base: 1, sm: 2, lg: 4 }} isFiltered={list.isFiltered} onClear={list.clearFilters}>
        <ListSearchInput
          key={list.clearCount}
          label="Search clients"
          placeholder="Name, email or phone"
          value={filters.search}
          onSearch={(search) => setFilters({ search })}
        />
        <SearchableSelect
          label="Client type"
          entity="client type"
          options={TYPE_OPTIONS}
          value={params.ClientType ?? ''}
          onChange={(type) => setFilters({ type })}
        />
        <SearchableSelect
          label="Status"
          entity="status"
          options={STATUS_OPTIONS}
          value={params.Status ?? ''}
          onChange={(status) => setFilters({ status })}
        />
      </ListFilterBar>

      <ListResults
        result={clients}
        page={list.page}
        size={list.size}
        noun={{ one: 'client', many: 'clients' }}
        showsRange
        empty={
          <Card withBorder>
            <Stack gap={4} align="center" py="lg">
              <Text fw={600}>{list.isFiltered ? 'No clients match your search.' : 'No clients yet.'}</Text>
              <Text size="sm" c="dimmed">
                {list.isFiltered ? 'Try other words or clear the filters.' : 'Clients you add will be listed here.'}
              </Text>
            </Stack>
          </Card>
        }
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
      >
        {(rows) => (
          <Card withBorder p={0}>
            <ClientsTable clients={rows} sort={list.sort} onSort={list.sortBy} isRefreshing={clients.isPlaceholderData} />
          </Card>
        )}
      </ListResults>
    </Stack>
  );
}
