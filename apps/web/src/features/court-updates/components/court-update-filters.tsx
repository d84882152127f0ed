import { Button, Collapse, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ClientSelect } from '../../../components/client-select.tsx';
import { DATE_RANGE_BACKWARDS } from '../../../components/date-range-fields.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { courtLabel, courtsQuery } from '../api/courts.ts';
import type { ListParamChanges } from '../utils/court-update-list-params.ts';
import { DateField } from './date-field.tsx';

const SEARCH_DELAY_MS = 300;

/** The filters as the URL holds them ('' when unset; dates ISO). */
export type CourtUpdateFilterValues = {
  search: string;
  clientId: string;
  matterId: string;
  courtId: string;
  hearingFrom: string;
  hearingTo: string;
  nextFrom: string;
  nextTo: string;
};

export type CourtUpdateFiltersProps = {
  values: CourtUpdateFilterValues;
  onChange: (changes: ListParamChanges) => void;
  /** A list of one matter's updates has no client or matter to choose. */
  hideMatterFilters?: boolean;
};

/** The filters (client, matter, court, hearing and next adjourned date ranges) and the search box; every change lands in the URL. */
export function CourtUpdateFilters({ values, onChange, hideMatterFilters = false }: CourtUpdateFiltersProps) {
  const clients = useQuery(associatedClientsQuery);
  const matters = useQuery(clientMattersQuery(values.clientId));
  const courts = useQuery(courtsQuery);

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

  // A matter's own list is fixed to it: that is no filter the user chose.
  const chosen = Object.entries(values).filter(([name, value]) => value !== '' && !(hideMatterFilters && name === 'matterId'));
  const isFiltered = chosen.length > 0;
  const backwards = (from: string, to: string) => (from !== '' && to !== '' && from > to ? DATE_RANGE_BACKWARDS : undefined);

  // On a phone the filters fold under a button, so the list is not a screen away; the search stays.
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [areFiltersOpen, filtersPanel] = useDisclosure(false);
  const activeFilterCount = chosen.filter(([name]) => name !== 'search').length;

  const searchBox = (
    <TextInput
      label="Search court updates"
      placeholder="Suit number, judge, what happened or purpose"
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
  );

  const fields = (
    <>
      {!hideMatterFilters && (
        <>
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
        </>
      )}
      <SearchableSelect
        label="Court"
        entity="court"
        options={[
          { value: '', label: 'All courts' },
          ...(courts.data ?? []).map((court) => ({ value: court.id, label: courtLabel(court) })),
        ]}
        value={values.courtId}
        onChange={(court) => onChange({ court })}
      />
      <DateField label="Hearing from" value={values.hearingFrom} onChange={(hearingFrom) => onChange({ hearingFrom })} />
      <DateField
        label="Hearing to"
        value={values.hearingTo}
        error={backwards(values.hearingFrom, values.hearingTo)}
        onChange={(hearingTo) => onChange({ hearingTo })}
      />
      <DateField label="Next adjourned from" value={values.nextFrom} onChange={(nextFrom) => onChange({ nextFrom })} />
      <DateField
        label="Next adjourned to"
        value={values.nextTo}
        error={backwards(values.nextFrom, values.nextTo)}
        onChange={(nextTo) => onChange({ nextTo })}
      />
      <Button
        variant="subtle"
        disabled={!isFiltered}
        style={{ alignSelf: 'end' }}
        onClick={() => {
          applySearch.cancel();
          setSearchText('');
          setShownSearch('');
          onChange({ search: '', client: '', matter: '', court: '', hearingFrom: '', hearingTo: '', nextFrom: '', nextTo: '' });
        }}
      >
        Clear filters
      </Button>
    </>
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Court update filters">
      {isPhone ? (
        <>
          {searchBox}
          <Button
            variant="default"
            mt="sm"
            fullWidth
            aria-expanded={areFiltersOpen}
            aria-controls="court-update-filter-fields"
            onClick={filtersPanel.toggle}
          >
            {areFiltersOpen ? 'Hide filters' : activeFilterCount > 0 ? `Filters (${activeFilterCount})` : 'Filters'}
          </Button>
          <Collapse expanded={areFiltersOpen} id="court-update-filter-fields">
            <SimpleGrid cols={1} spacing="sm" mt="sm">
              {fields}
            </SimpleGrid>
          </Collapse>
        </>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {searchBox}
          {fields}
        </SimpleGrid>
      )}
    </Paper>
  );
}
