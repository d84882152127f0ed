import { FLAT_FEE_STATUSES } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListFilterBar } from '../../../components/list-kit/list-filter-bar.tsx';
import { ClientMatterFilters } from '../../../components/list-kit/client-matter-filters.tsx';
import { ListSearchInput } from '../../../components/list-kit/list-search-input.tsx';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import type { ListParamChanges } from '../utils/flat-fee-list-params.ts';

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
  // Deactivated members stay: what they added stays filterable.
  const members = useQuery(teamMembersQuery);

  // Clear filters remounts the search box, dropping a search it was still waiting to send.
  const [clearCount, setClearCount] = useState(0);

  const isFiltered = Object.values(values).some((value) => value !== '');

  const clearFilters = () => {
    setClearCount((count) => count + 1);
    onChange({ search: '', status: '', client: '', matter: '', addedBy: '', from: '', to: '' });
  };

  return (
    <ListFilterBar columns={{ base: 1, sm: 2, lg: 4 }} isFiltered={isFiltered} onClear={clearFilters}>
      <ListSearchInput
        key={clearCount}
        label="Search flat fees"
        placeholder="Description, matter or client"
        value={values.search}
        onSearch={(search) => onChange({ search })}
      />
      <SearchableSelect
        label="Status"
        entity="status"
        options={[{ value: '', label: 'All' }, ...FLAT_FEE_STATUSES.map((status) => ({ value: status, label: status }))]}
        value={values.status}
        onChange={(status) => onChange({ status })}
      />
      <ClientMatterFilters clientId={values.clientId} matterId={values.matterId} onChange={onChange} />
      <SearchableSelect
        label="Added by"
        entity="team member"
        options={[{ value: '', label: 'Anyone' }, ...(members.data ?? []).map((user) => ({ value: user.id, label: user.name }))]}
        value={values.addedBy}
        onChange={(addedBy) => onChange({ addedBy })}
      />
      <DateRangeFields from={values.from} to={values.to} onChange={onChange} />
    </ListFilterBar>
  );
}
