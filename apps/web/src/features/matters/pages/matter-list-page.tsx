import { useQuery } from '@tanstack/react-query';
import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { hasPermissions, MATTER_RATES } from '@matterhorn/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ClientSelect } from '../../../components/client-select.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { ListResults } from '../../../components/list-results.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { activeMembers, teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadMatterCsv } from '../api/download-matter-csv.ts';
import { useMatterList } from '../api/get-matter-list.ts';
import { MattersTable, type MatterSortColumn } from '../components/matters-table.tsx';
import { LIST_PARAMS, matterListQueryFrom, withListParams } from '../utils/matter-list-params.ts';

const SEARCH_DELAY_MS = 300;

/** /matter/matter-list: server-side search, filters, sort, paging and CSV, all kept in the URL. */
export function MatterListPage() {
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = matterListQueryFrom(searchParams);
  const matters = useMatterList(query);
  const clients = useQuery(associatedClientsQuery);
  const team = useQuery({ ...teamMembersQuery, select: activeMembers });
  const [isDownloading, setIsDownloading] = useState(false);

  // The box shows what is typed; the URL (and so the call) follows after a short pause. A new
  // `search` from outside (the global search) replaces the text.
  const urlSearch = searchParams.get(LIST_PARAMS.search) ?? '';
  const [searchText, setSearchText] = useState(urlSearch);
  const [shownUrlSearch, setShownUrlSearch] = useState(urlSearch);
  if (urlSearch !== shownUrlSearch) {
    setShownUrlSearch(urlSearch);
    setSearchText(urlSearch);
  }

  const change = (changes: Parameters<typeof withListParams>[1]) =>
    setSearchParams((previous) => withListParams(previous, changes), { replace: true });
  const applySearch = useDebouncedCallback((text: string) => {
    setShownUrlSearch(text.trim());
    change({ search: text.trim() });
  }, SEARCH_DELAY_MS);

  const sort = (column: MatterSortColumn) => {
    const isSame = query.sortColumn === column;
    change({ sortColumn: column, sortType: isSame && query.sortType === 'asc' ? 'desc' : 'asc' });
  };

  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadMatterCsv(query);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Download failed');
    } finally {
      setIsDownloading(false);
    }
  };

  const size = Number(query.size ?? 20);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Matters</Title>
        <Group gap="sm">
          <Button variant="default" loading={isDownloading} onClick={() => void download()}>
            Download CSV
          </Button>
          {hasPermissions(session.permissions, ['matterMaster.create']) && (
            <Button component={Link} to="/matter/add-new-matter">
              Add matter
            </Button>
          )}
        </Group>
      </Group>

      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
          <TextInput
            label="Search matters"
            placeholder="Number, matter, client or party"
            type="search"
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
          />
          <ClientSelect
            label="Client"
            showEveryone
            people={clients.data?.people ?? []}
            companies={clients.data?.companies ?? []}
            value={query.ClientId ?? ''}
            onChange={(clientId) => change({ client: clientId })}
          />
          <SearchableSelect
            label="Status"
            entity="status"
            options={[{ value: '', label: 'All statuses' }, ...['Open', 'Closed'].map((status) => ({ value: status, label: status }))]}
            value={query.Status ?? ''}
            onChange={(status) => change({ status })}
          />
          <SearchableSelect
            label="Billing type"
            entity="billing type"
            options={[{ value: '', label: 'All billing types' }, ...MATTER_RATES.map((rate) => ({ value: rate, label: rate }))]}
            value={query.MatterRate ?? ''}
            onChange={(billingType) => change({ billingType })}
          />
          <SearchableSelect
            label="Fee earner"
            entity="fee earner"
            options={[
              { value: '', label: 'All fee earners' },
              ...(team.data ?? []).map((member) => ({ value: member.id, label: member.name })),
            ]}
            value={query.AssignedUserId ?? ''}
            onChange={(feeEarner) => change({ feeEarner })}
          />
        </SimpleGrid>
      </Paper>

      <ListResults
        result={matters}
        page={Number(query.page ?? 1)}
        size={size}
        noun={{ one: 'matter', many: 'matters' }}
        onPageChange={(next) => change({ page: String(next) })}
        onSizeChange={(next) => change({ size: String(next) })}
      >
        {(rows) => (
          <MattersTable
            matters={rows}
            sort={{ sortColumn: query.sortColumn ?? 'createdAt', sortType: query.sortType ?? 'desc' }}
            onSort={sort}
          />
        )}
      </ListResults>
    </Stack>
  );
}
