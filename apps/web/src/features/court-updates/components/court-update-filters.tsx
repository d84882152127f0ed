import { Button, Collapse, Paper, SimpleGrid } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ClientMatterFilters } from '../../../components/list-kit/client-matter-filters.tsx';
import { ListSearchInput } from '../../../components/list-kit/list-search-input.tsx';
import { DATE_RANGE_BACKWARDS } from '../../../components/date-range-fields.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { courtLabel, courtsQuery } from '../api/courts.ts';
import type { ListParamChanges } from '../utils/court-update-list-params.ts';
import { DateField } from './date-field.tsx';

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
  const courts = useQuery(courtsQuery);

  // Clear filters remounts the search box, dropping a search it was still waiting to send.
  const [clearCount, setClearCount] = useState(0);

  // A matter's own list is fixed to it: that is no filter the user chose.
  const chosen = Object.entries(values).filter(([name, value]) => value !== '' && !(hideMatterFilters && name === 'matterId'));
  const isFiltered = chosen.length > 0;
  const backwards = (from: string, to: string) => (from !== '' && to !== '' && from > to ? DATE_RANGE_BACKWARDS : undefined);

  // On a phone the filters fold under a button, so the list is not a screen away; the search stays.
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [areFiltersOpen, filtersPanel] = useDisclosure(false);
  const activeFilterCount = chosen.filter(([name]) => name !== 'search').length;

  const clearFilters = () => {
    setClearCount((count) => count + 1);
    onChange({ search: '', client: '', matter: '', court: '', hearingFrom: '', hearingTo: '', nextFrom: '', nextTo: '' });
  };

  const searchBox = (
    <ListSearchInput
      key={clearCount}
      label="Search court updates"
      placeholder="Suit number, judge, what happened or purpose"
      value={values.search}
      onSearch={(search) => onChange({ search })}
    />
  );

  const fields = (
    <>
      {!hideMatterFilters && <ClientMatterFilters clientId={values.clientId} matterId={values.matterId} onChange={onChange} />}
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
      <Button variant="subtle" disabled={!isFiltered} style={{ alignSelf: 'end' }} onClick={clearFilters}>
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
