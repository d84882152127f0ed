import { Button, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ClientSelect } from '../../../components/client-select.tsx';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import type { ListParamChanges } from '../utils/progress-note-list-params.ts';

const SEARCH_DELAY_MS = 300;

export const SHARED_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'true', label: 'Shared with client' },
  { value: 'false', label: 'Not shared' },
];

/** The filters as the URL holds them ('' when unset; dates ISO; shared 'true'/'false'). */
export type ProgressNoteFilterValues = {
  search: string;
  clientId: string;
  matterId: string;
  author: string;
  from: string;
  to: string;
  shared: string;
};

export type ProgressNoteFiltersProps = {
  values: ProgressNoteFilterValues;
  onChange: (changes: ListParamChanges) => void;
  /** Inside a matter the client and matter are the page's own. */
  hideMatterFilters?: boolean;
};

/** Search, client, matter, author, date range and shared-with-client; every change lands in the URL. */
export function ProgressNoteFilters({ values, onChange, hideMatterFilters = false }: ProgressNoteFiltersProps) {
  const clients = useQuery({ ...associatedClientsQuery, enabled: !hideMatterFilters });
  const matters = useQuery(clientMattersQuery(hideMatterFilters ? '' : values.clientId));
  // Deactivated members stay: what they wrote stays filterable.
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
    <Paper withBorder p="md" radius="md" component="section" aria-label="Progress note filters">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <TextInput
          label="Search progress notes"
          placeholder="Title, note, matter or client"
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
        {!hideMatterFilters && (
          <ClientSelect
            label="Client"
            showEveryone
            people={clients.data?.people ?? []}
            companies={clients.data?.companies ?? []}
            value={values.clientId}
            onChange={(clientId) => onChange({ client: clientId, matter: '' })}
          />
        )}
        {!hideMatterFilters && (
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
        )}
        <SearchableSelect
          label="Author"
          entity="team member"
          options={[{ value: '', label: 'Anyone' }, ...(members.data ?? []).map((user) => ({ value: user.id, label: user.name }))]}
          value={values.author}
          onChange={(author) => onChange({ author })}
        />
        <DateRangeFields from={values.from} to={values.to} onChange={onChange} />
        <SearchableSelect
          label="Shared with client"
          entity="choice"
          options={SHARED_OPTIONS}
          value={values.shared}
          onChange={(shared) => onChange({ shared })}
        />
        <Button
          variant="subtle"
          disabled={!isFiltered}
          style={{ alignSelf: 'end' }}
          onClick={() => {
            applySearch.cancel();
            setSearchText('');
            setShownSearch('');
            onChange({ search: '', client: '', matter: '', author: '', from: '', to: '', shared: '' });
          }}
        >
          Clear filters
        </Button>
      </SimpleGrid>
    </Paper>
  );
}
