import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListFilterBar } from '../../../components/list-kit/list-filter-bar.tsx';
import { ListSearchInput } from '../../../components/list-kit/list-search-input.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import {
  DUE_OPTIONS,
  PRIORITY_FILTER_OPTIONS,
  STATUS_OPTIONS,
  type TaskFilterChanges,
  type TaskFilterValues,
} from '../utils/task-query-params.ts';

export type TaskFiltersProps = {
  values: TaskFilterValues;
  onChange: (changes: TaskFilterChanges) => void;
  /** The firm's tasks filter by who does them; mine are mine. */
  showAssignee: boolean;
  /** A matter's tab: the matter is the tab's own, and the list is short enough to go without a search. */
  isMatterTab?: boolean;
};

const CLEARED = { status: '', priority: '', due: '', assignee: '', search: '' } as const;

/** Status (Open by default), priority, due, assignee and a title search; every change lands in the list's state. */
export function TaskFilters({ values, onChange, showAssignee, isMatterTab = false }: TaskFiltersProps) {
  const members = useQuery({ ...teamMembersQuery, enabled: showAssignee });
  // Clear filters remounts the search box, dropping a search it was still waiting to send.
  const [clearCount, setClearCount] = useState(0);
  const isFiltered = Object.keys(CLEARED).some((name) => values[name as keyof typeof CLEARED] !== '');

  return (
    <ListFilterBar
      label="Task filters"
      columns={isMatterTab ? { base: 1, sm: showAssignee ? 4 : 3 } : { base: 1, sm: 2, lg: showAssignee ? 6 : 5 }}
      isFiltered={isFiltered}
      onClear={() => {
        setClearCount((count) => count + 1);
        onChange(CLEARED);
      }}
    >
      {!isMatterTab && (
        <ListSearchInput
          key={clearCount}
          label="Search tasks"
          placeholder="Words in the title"
          value={values.search}
          onSearch={(search) => onChange({ search })}
        />
      )}
      <SearchableSelect
        label="Status"
        entity="status"
        options={STATUS_OPTIONS}
        value={values.status}
        onChange={(status) => onChange({ status })}
      />
      {!isMatterTab && (
        <SearchableSelect
          label="Priority"
          entity="priority"
          options={PRIORITY_FILTER_OPTIONS}
          value={values.priority}
          onChange={(priority) => onChange({ priority })}
        />
      )}
      <SearchableSelect label="Due" entity="choice" options={DUE_OPTIONS} value={values.due} onChange={(due) => onChange({ due })} />
      {showAssignee && (
        <SearchableSelect
          label="Assignee"
          entity="team member"
          options={[{ value: '', label: 'Anyone' }, ...(members.data ?? []).map((member) => ({ value: member.id, label: member.name }))]}
          value={values.assignee}
          onChange={(assignee) => onChange({ assignee })}
        />
      )}
    </ListFilterBar>
  );
}
