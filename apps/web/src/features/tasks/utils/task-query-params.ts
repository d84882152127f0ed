import { TASK_DUE_FILTERS, TASK_PRIORITIES, TASK_STATUSES, type TaskListQuery } from '@matterhorn/shared';
import {
  oneOfOrUndefined,
  textOrUndefined,
  uuidOrUndefined,
  type ListDefinition,
  type ListState,
} from '../../../components/list-kit/list-params.ts';

/** The list has one order (the server's: soonest due first), so it sorts by nothing the user picks. */
type TaskSortColumn = 'due';

/**
 * The list's filters, named in the URL as the API names them (/tasks?Due=overdue from the
 * dashboard). Scope '' is mine; Status '' is Open (the default) and 'Any' every status.
 */
export const TASK_QUERY = {
  filters: { scope: 'Scope', status: 'Status', priority: 'Priority', due: 'Due', assignee: 'AssigneeId', search: 'Search' },
  sortColumns: ['due'],
  defaultSort: { column: 'due', type: 'asc' },
} as const satisfies ListDefinition<string, TaskSortColumn>;

export type TaskFilter = keyof typeof TASK_QUERY.filters;
export type TaskFilterValues = Record<TaskFilter, string>;
export type TaskFilterChanges = Partial<TaskFilterValues>;

export const ANY_STATUS = 'Any';
export const OPEN_STATUS = 'Open';

export const SCOPE_OPTIONS = [
  { value: '', label: 'My tasks' },
  { value: 'all', label: 'Firm’s tasks' },
];

export const STATUS_OPTIONS = [
  { value: '', label: 'Open (to do or in progress)' },
  ...TASK_STATUSES.map((status) => ({ value: status, label: status })),
  { value: ANY_STATUS, label: 'Any status' },
];

export const PRIORITY_FILTER_OPTIONS = [
  { value: '', label: 'Any priority' },
  ...TASK_PRIORITIES.map((priority) => ({ value: priority, label: priority })),
];

export const DUE_LABELS: Record<(typeof TASK_DUE_FILTERS)[number], string> = {
  overdue: 'Overdue',
  today: 'Due today',
  week: 'Due in the next 7 days',
  none: 'No due date',
};

export const DUE_OPTIONS = [{ value: '', label: 'Any time' }, ...TASK_DUE_FILTERS.map((due) => ({ value: due, label: DUE_LABELS[due] }))];

/** The Status the call sends: Open by default, nothing for any status. */
export function statusOf(filter: string): TaskListQuery['Status'] {
  if (filter === ANY_STATUS) return undefined;
  return oneOfOrUndefined([...TASK_STATUSES, OPEN_STATUS] as const, filter) ?? OPEN_STATUS;
}

/** The list call's query from the list's state; a fixed matter (a matter's tab) shows the firm's tasks on it. */
export function taskListQueryFrom(
  { filters, page, size }: Pick<ListState<TaskFilter, TaskSortColumn>, 'filters' | 'page' | 'size'>,
  fixedMatterId?: string,
): TaskListQuery {
  const scope = fixedMatterId || filters.scope === 'all' ? 'all' : 'mine';
  const query: TaskListQuery = {
    Scope: scope,
    Status: statusOf(filters.status),
    Priority: oneOfOrUndefined(TASK_PRIORITIES, filters.priority),
    Due: oneOfOrUndefined(TASK_DUE_FILTERS, filters.due),
    MatterId: fixedMatterId,
    // Only the firm's tasks filter by who does them: mine are mine.
    AssigneeId: scope === 'all' ? uuidOrUndefined(filters.assignee) : undefined,
    Search: textOrUndefined(filters.search),
    page,
    size,
  };
  // Absent rather than undefined: the query is also the cache key.
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as TaskListQuery;
}
