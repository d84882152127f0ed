import { Anchor, Button, Card, Group, NativeSelect, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { listPagingOf } from '../../../lib/list-paging.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { downloadClientsCsv } from '../api/download-clients-csv.ts';
import { useClientsList } from '../api/get-clients-list.ts';
import { ClientsTable } from '../components/clients-table.tsx';
import {
  clientListStateOf,
  listParamsOf,
  PAGE_SIZE_CHOICES,
  searchParamsOf,
  type ClientListState,
  type ClientSortColumn,
} from '../utils/client-list-params.ts';

const SEARCH_DELAY_MS = 300;

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

/** /clients/list: server-side search, filters, sort, paging and CSV of the firm's clients. */
export function ClientsListPage() {
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = clientListStateOf(searchParams);
  const [searchText, setSearchText] = useState(state.search);
  const [searchedText, setSearchedText] = useState(state.search);
  const [isDownloading, setIsDownloading] = useState(false);
  const list = useClientsList(listParamsOf(state));

  const update = (changes: Partial<ClientListState>) => {
    setSearchParams(searchParamsOf({ ...state, page: 1, ...changes }), { replace: true });
  };

  // The global search can change ?search= while this page is open: show the new text.
  if (state.search !== searchedText) {
    setSearchedText(state.search);
    setSearchText(state.search);
  }

  useEffect(() => {
    if (searchText.trim() === state.search.trim()) return undefined;
    const timer = setTimeout(() => {
      setSearchedText(searchText.trim());
      setSearchParams(searchParamsOf({ ...state, search: searchText, page: 1 }), { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // Only typing restarts the delay; the state it writes is read when the delay ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchText]);

  const sortBy = (column: ClientSortColumn) => {
    const order = state.sort === column && state.order === 'asc' ? 'desc' : 'asc';
    update({ sort: column, order });
  };

  const download = async () => {
    if (isDownloading) return;
    setIsDownloading(true);
    try {
      const { page: _page, size: _size, ...filters } = listParamsOf(state);
      await downloadClientsCsv(filters);
    } catch {
      // The error has been shown.
    } finally {
      setIsDownloading(false);
    }
  };

  const page = list.data;
  const totalCount = page?.totalCount ?? 0;
  const { pageCount, first, last, totalLabel, isCapped } = listPagingOf(page, state.page, state.size);
  const isFiltered = state.search !== '' || state.type !== '' || state.status !== '';

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Clients</Title>
        <Group>
          <Anchor component={Link} to="/conflict-check" size="sm">
            Conflict check
          </Anchor>
          <Button variant="default" onClick={() => void download()} loading={isDownloading} disabled={isDownloading}>
            Download CSV
          </Button>
          {hasPermissions(session.permissions, ['clientInfo.create']) && (
            <Button component={Link} to="/clients/add-new-client">
              Add client
            </Button>
          )}
        </Group>
      </Group>

      <Card withBorder>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Search clients"
            placeholder="Name, email or phone"
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') update({ search: searchText });
            }}
            style={{ flex: '1 1 260px' }}
          />
          <SearchableSelect
            label="Client type"
            entity="client type"
            options={TYPE_OPTIONS}
            value={state.type}
            onChange={(value) => update({ type: value === 'individual' || value === 'company' ? value : '' })}
          />
          <SearchableSelect
            label="Status"
            entity="status"
            options={STATUS_OPTIONS}
            value={state.status}
            onChange={(value) => update({ status: value === 'active' || value === 'archived' ? value : '' })}
          />
        </Group>
      </Card>

      {list.isPending ? (
        <LoadingSpinner label="Loading clients" />
      ) : totalCount === 0 ? (
        <Card withBorder>
          <Stack gap={4} align="center" py="lg">
            <Text fw={600}>{isFiltered ? 'No clients match your search.' : 'No clients yet.'}</Text>
            <Text size="sm" c="dimmed">
              {isFiltered ? 'Try other words or clear the filters.' : 'Clients you add will be listed here.'}
            </Text>
          </Stack>
        </Card>
      ) : (
        <Card withBorder p={0}>
          <ClientsTable
            clients={page?.data ?? []}
            sort={state.sort}
            order={state.order}
            onSort={sortBy}
            isRefreshing={list.isPlaceholderData}
          />
        </Card>
      )}

      <Group justify="space-between">
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {totalCount === 0 ? '0 clients' : `Showing ${first}–${last} of ${totalLabel} clients`}
          {isCapped && ' (narrow the search or filters for an exact count)'}
        </Text>
        <Group>
          <NativeSelect
            label="Rows per page"
            size="xs"
            data={[...PAGE_SIZE_CHOICES]}
            value={String(state.size)}
            onChange={(event) => update({ size: Number(event.currentTarget.value) })}
            styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
          />
          {pageCount > 1 && (
            <Pagination
              total={pageCount}
              value={Math.min(state.page, pageCount)}
              onChange={(next) => update({ page: next })}
              size="sm"
              aria-label="Pages"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          )}
        </Group>
      </Group>
    </Stack>
  );
}
