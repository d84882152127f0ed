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
import { BILLABLE_FILTERS, type ListParamChanges } from '../utils/time-entry-list-params.ts';

const SEARCH_DELAY_MS = 300;

/** The filters as the URL holds them ('' when unset; dates ISO). */
export type TimeEntryFilterValues = {
  search: string;
  billable: string;
  clientId: string;
  matterId: string;
  feeEarner: string;
  from: string;
  to: string;
};

export type TimeEntryFiltersProps = {
  values: TimeEntryFilterValues;
  onChange: (changes: ListParamChanges) => void;
  /** Fee earner is offered only to users who may see everyone's time (timeEntry.viewAll or administrator). */
  canViewAll: boolean;
};

/** SPEC.md §3's time-entry filters and the search box; every change lands in the URL. */
export function TimeEntryFilters({ values, onChange, canViewAll }: TimeEntryFiltersProps) {
  // The popup's lookups: one cache entry per list. Fee earners include deactivated members, whose past time stays filterable.
  const clients = useQuery(associatedClientsQuery);
  const matters = useQuery(clientMattersQuery(values.clientId));
  const feeEarners = useQuery({ ...teamMembersQuery, enabled: canViewAll });

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
      <SimpleGrid cols={{ base: 1, sm: 2, lg: canViewAll ? 4 : 3 }} spacing="sm">
        <TextInput
          label="Search time entries"
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
          label="Billable"
          entity="option"
          options={BILLABLE_FILTERS.map(({ value, label }) => ({ value, label }))}
          value={values.billable}
          onChange={(billable) => onChange({ billable })}
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
        {canViewAll && (
          <SearchableSelect
            label="Fee earner"
            entity="fee earner"
            options={[
              { value: '', label: 'All fee earners' },
              ...(feeEarners.data ?? []).map((user) => ({ value: user.id, label: user.name })),
            ]}
            value={values.feeEarner}
            onChange={(feeEarner) => onChange({ feeEarner })}
          />
        )}
        <DateRangeFields from={values.from} to={values.to} onChange={onChange} />
        <Button
          variant="subtle"
          disabled={!isFiltered}
          style={{ alignSelf: 'end' }}
          onClick={() => {
            applySearch.cancel();
            setSearchText('');
            setShownSearch('');
            onChange({ search: '', billable: '', client: '', matter: '', feeEarner: '', from: '', to: '' });
          }}
        >
          Clear filters
        </Button>
      </SimpleGrid>
    </Paper>
  );
}
