import { LEAD_SOURCE_LABELS, LEAD_SOURCES, LEAD_STATUS_LABELS, LEAD_STATUSES } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { ListFilterBar } from '../../../components/list-kit/list-filter-bar.tsx';
import { ListSearchInput } from '../../../components/list-kit/list-search-input.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { practiceAreasQuery } from '../../../lib/lookups/practice-areas.ts';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import type { LeadFilterValues } from '../utils/lead-query-params.ts';

export type LeadFiltersProps = {
  values: LeadFilterValues;
  onChange: (changes: Partial<LeadFilterValues>) => void;
  onClear: () => void;
  isFiltered: boolean;
  /** The search box's key: Clear filters remounts it, dropping a search it was still waiting to send. */
  clearCount: number;
  /** The list filters by status; the board's columns are the statuses. */
  showStatus: boolean;
};

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...LEAD_STATUSES.map((status) => ({ value: status, label: LEAD_STATUS_LABELS[status] })),
];
const SOURCE_OPTIONS = [
  { value: '', label: 'Any source' },
  ...LEAD_SOURCES.map((source) => ({ value: source, label: LEAD_SOURCE_LABELS[source] })),
];

/** Search, status (list only), assignee, practice area, source and the days a lead came in. */
export function LeadFilters({ values, onChange, onClear, isFiltered, clearCount, showStatus }: LeadFiltersProps) {
  const members = useQuery(teamMembersQuery);
  const practiceAreas = useQuery(practiceAreasQuery);
  return (
    <ListFilterBar label="Lead filters" columns={{ base: 1, sm: 2, lg: 4 }} isFiltered={isFiltered} onClear={onClear}>
      <ListSearchInput
        key={clearCount}
        label="Search leads"
        placeholder="Name, company, email or phone"
        value={values.search}
        onSearch={(search) => onChange({ search })}
      />
      {showStatus && (
        <SearchableSelect
          label="Status"
          entity="status"
          options={STATUS_OPTIONS}
          value={values.status}
          onChange={(status) => onChange({ status })}
        />
      )}
      <SearchableSelect
        label="Assignee"
        entity="team member"
        options={[{ value: '', label: 'Anyone' }, ...(members.data ?? []).map((member) => ({ value: member.id, label: member.name }))]}
        value={values.assignee}
        onChange={(assignee) => onChange({ assignee })}
      />
      <SearchableSelect
        label="Practice area"
        entity="practice area"
        options={[
          { value: '', label: 'Any practice area' },
          ...(practiceAreas.data ?? []).map((area) => ({ value: area.id, label: area.name })),
        ]}
        value={values.practiceArea}
        onChange={(practiceArea) => onChange({ practiceArea })}
      />
      <SearchableSelect
        label="Source"
        entity="source"
        options={SOURCE_OPTIONS}
        value={values.source}
        onChange={(source) => onChange({ source })}
      />
      <DateRangeFields from={values.from} to={values.to} onChange={onChange} />
    </ListFilterBar>
  );
}
