import { Button, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { FLAT_FEE_STATUSES } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ClientSelect } from '../../../components/client-select.tsx';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import type { ListParamChanges } from '../utils/flat-fee-list-params.ts';

const SEARCH_DELAY_MS = 300;

/** The filters as the URL holds them ('' when unset; dates ISO). */
export type FlatFeeFilterValues = {
  search: string;
  status: string;
  clientId: string;
  matterId: string;
  addedBy: string;
  from: string;
  to: string;
};

export type FlatFeeFiltersProps = {
  values: FlatFeeFilterValues;
  onChange: (changes: ListParamChanges) => void;
};

/** SPEC.md §3's flat-fee filters (status, matter, added by, date range) and the search box; every change lands in the URL. */
export function FlatFeeFilters({ values, onChange }: FlatFeeFiltersProps) {
  const clients = useQuery(associatedClientsQuery);
  const matters = useQuery(clientMattersQuery(values.clientId));
  // Deactivated members stay: what they added stays filterable.
  const members = useQuery(teamMembersQuery);

  // The box shows what is typed; the URL (and so the call) follows after a short pause. A new
  // `search` from outside (the global search) replaces the text.
  const [searchText, setSearchText] = useState(values.search);
  const [shownSearch, setShownSearch] = useState(values.search);
  if (values.search !== shownSearch) {
    setShownSearch(values.search);
    setSearchText(values.search);
  }
  const applySearch = useDebouncedCallback((text: string) => {
    setShownSearch(text.trim());
    onChange({ search: text.trim() });
  }, SEARCH_DELAY_MS);

  const isFiltered = Object.values(values).some((value) => value !== '');

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Filters">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <TextInput
          label="Search flat fees"
          placeholder="Description, matter or client"
          type="search"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            // Enter searches at once rather than after the pause.
            if (event.key === 'Enter') applySearch.flush();
          }}
        />
        <SearchableSelect
          label="Status"
          entity="status"
          options={[{ value: '', label: 'All' }, ...FLAT_FEE_STATUSES.map((status) => ({ value: status, label: status }))]}
          value={values.status}
          onChange={(status) => onChange({ status })}
        />
        <ClientSelect
          label="Client"
          showEveryone
          people={clients.data?.people ?? []}
          companies={clients.data?.companies ?? []}
          value={values.clientId}
          onChange={(clientId) => onChange({ client: clientId, matter: '' })}
        />
        <SearchableSelect
          label="Matter"
          entity="matter"
          placeholder={values.clientId ? 'All matters' : 'Choose a client first'}
          disabled={values.clientId === ''}
          options={[
            { value: '', label: 'All matters' },
            ...(matters.data ?? []).map((matter) => ({
              value: matter.id,
              label: matter.matterNumber ? `${matter.matterNumber} · ${matter.matterName}` : matter.matterName,
            })),
          ]}
          value={values.matterId}
          onChange={(matter) => onChange({ matter })}
        />
        <SearchableSelect
          label="Added by"
          entity="team member"
          options={[{ value: '', label: 'Anyone' }, ...(members.data ?? []).map((user) => ({ value: user.id, label: user.name }))]}
          value={values.addedBy}
          onChange={(addedBy) => onChange({ addedBy })}
        />
        <DateRangeFields from={values.from} to={values.to} onChange={onChange} />
        <Button
          variant="subtle"
          disabled={!isFiltered}
          style={{ alignSelf: 'end' }}
          onClick={() => {
            applySearch.cancel();
            setSearchText('');
            setShownSearch('');
            onChange({ search: '', status: '', client: '', matter: '', addedBy: '', from: '', to: '' });
          }}
        >
          Clear filters
        </Button>
      </SimpleGrid>
    </Paper>
  );
}
