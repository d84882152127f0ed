import { useQuery } from '@tanstack/react-query';
import { ClientSelect } from '../../../components/client-select.tsx';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { ListFilterBar } from '../../../components/list-kit/list-filter-bar.tsx';
import { ListSearchInput } from '../../../components/list-kit/list-search-input.tsx';
import type { ListParams } from '../../../components/list-kit/use-list-params.ts';
import { matterOptionLabel } from '../../../components/matter-option-label.ts';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { BILLABLE_FILTERS, type TimeEntryFilter, type TimeEntrySortColumn } from '../utils/time-entry-list-params.ts';

export type TimeEntryFiltersProps = {
  list: ListParams<TimeEntryFilter, TimeEntrySortColumn>;
  /** Fee earner is offered only to users who may see everyone's time (timeEntry.viewAll or administrator). */
  canViewAll: boolean;
};

/** SPEC.md §3's time-entry filters and the search box; every change lands in the URL. */
export function TimeEntryFilters({ list, canViewAll }: TimeEntryFiltersProps) {
  const { filters, setFilters } = list;
  // The popup's lookups: one cache entry per list. Fee earners include deactivated members, whose past time stays filterable.
  const clients = useQuery(associatedClientsQuery);
  const matters = useQuery(clientMattersQuery(filters.client));
  const feeEarners = useQuery({ ...teamMembersQuery, enabled: canViewAll });
  // Without timeEntry.viewAll the URL's fee earner is ignored, so it does not count as a filter.
  const isFiltered = Object.entries(filters).some(([name, value]) => value !== '' && (canViewAll || name !== 'feeEarner'));

  return (
    <ListFilterBar columns={{ base: 1, sm: 2, lg: canViewAll ? 4 : 3 }} isFiltered={isFiltered} onClear={list.clearFilters}>
      <ListSearchInput
        key={list.clearCount}
        label="Search time entries"
        placeholder="Description, matter or client"
        value={filters.search}
        onSearch={(search) => setFilters({ search })}
      />
      <SearchableSelect
        label="Billable"
        entity="option"
        options={BILLABLE_FILTERS.map(({ value, label }) => ({ value, label }))}
        value={filters.billable}
        onChange={(billable) => setFilters({ billable })}
      />
      <ClientSelect
        label="Client"
        showEveryone
        people={clients.data?.people ?? []}
        companies={clients.data?.companies ?? []}
        value={filters.client}
        onChange={(client) => setFilters({ client, matter: '' })}
      />
      <SearchableSelect
        label="Matter"
        entity="matter"
        placeholder={filters.client ? 'All matters' : 'Choose a client first'}
        disabled={filters.client === ''}
        options={[
          { value: '', label: 'All matters' },
          ...(matters.data ?? []).map((matter) => ({
            value: matter.id,
            label: matterOptionLabel(matter),
          })),
        ]}
        value={filters.matter}
        onChange={(matter) => setFilters({ matter })}
      />
      {canViewAll && (
        <SearchableSelect
          label="Fee earner"
          entity="fee earner"
          options={[
            { value: '', label: 'All fee earners' },
            ...(feeEarners.data ?? []).map((user) => ({ value: user.id, label: user.name })),
          ]}
          value={filters.feeEarner}
          onChange={(feeEarner) => setFilters({ feeEarner })}
        />
      )}
      <DateRangeFields from={filters.from} to={filters.to} onChange={setFilters} />
    </ListFilterBar>
  );
}
