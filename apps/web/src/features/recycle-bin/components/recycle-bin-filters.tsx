import { RECYCLE_BIN_KIND_LABELS, RECYCLE_BIN_KINDS } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { ListFilterBar } from '../../../components/list-kit/list-filter-bar.tsx';
import { ListSearchInput } from '../../../components/list-kit/list-search-input.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import type { RecycleBinFilter } from '../utils/recycle-bin-list-params.ts';

const KIND_OPTIONS = [
  { value: '', label: 'All types' },
  ...RECYCLE_BIN_KINDS.map((kind) => ({ value: kind, label: RECYCLE_BIN_KIND_LABELS[kind] })),
];

export type RecycleBinFiltersProps = {
  /** The filters as the URL holds them ('' when unset). */
  values: Record<RecycleBinFilter, string>;
  onChange: (changes: Partial<Record<RecycleBinFilter, string>>) => void;
  isFiltered: boolean;
  onClear: () => void;
  /** Grows with each Clear filters: the search box, keyed by it, drops a search it was still waiting to send. */
  clearCount: number;
};

/** Type, search (name, client or matter) and who deleted it; every change lands in the URL. */
export function RecycleBinFilters({ values, onChange, isFiltered, onClear, clearCount }: RecycleBinFiltersProps) {
  // Deactivated members stay: what they deleted stays filterable.
  const members = useQuery(teamMembersQuery);
  return (
    <ListFilterBar columns={{ base: 1, sm: 2, lg: 4 }} isFiltered={isFiltered} onClear={onClear}>
      <ListSearchInput
        key={clearCount}
        label="Search deleted items"
        placeholder="Name, client or matter"
        value={values.search}
        onSearch={(search) => onChange({ search })}
      />
      <SearchableSelect label="Type" entity="type" options={KIND_OPTIONS} value={values.kind} onChange={(kind) => onChange({ kind })} />
      <SearchableSelect
        label="Deleted by"
        entity="team member"
        options={[{ value: '', label: 'Anyone' }, ...(members.data ?? []).map((member) => ({ value: member.id, label: member.name }))]}
        value={values.deletedBy}
        onChange={(deletedBy) => onChange({ deletedBy })}
      />
    </ListFilterBar>
  );
}
