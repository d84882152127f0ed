import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListFilterBar } from '../../../components/list-kit/list-filter-bar.tsx';
import { ClientMatterFilters } from '../../../components/list-kit/client-matter-filters.tsx';
import { ListSearchInput } from '../../../components/list-kit/list-search-input.tsx';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import type { ListParamChanges } from '../utils/progress-note-list-params.ts';

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
  // Deactivated members stay: what they wrote stays filterable.
  const members = useQuery(teamMembersQuery);

  // Clear filters remounts the search box, dropping a search it was still waiting to send.
  const [clearCount, setClearCount] = useState(0);

  const isFiltered = Object.values(values).some((value) => value !== '');

  const clearFilters = () => {
    setClearCount((count) => count + 1);
    onChange({ search: '', client: '', matter: '', author: '', from: '', to: '', shared: '' });
  };

  return (
    <ListFilterBar label="Progress note filters" columns={{ base: 1, sm: 2, lg: 4 }} isFiltered={isFiltered} onClear={clearFilters}>
      <ListSearchInput
        key={clearCount}
        label="Search progress notes"
        placeholder="Title, note, matter or client"
        value={values.search}
        onSearch={(search) => onChange({ search })}
      />
      {!hideMatterFilters && <ClientMatterFilters clientId={values.clientId} matterId={values.matterId} onChange={onChange} />}
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
    </ListFilterBar>
  );
}
