import type { TaskListQuery } from '@matterhorn/shared';

/**
 * Every task query lives under ['tasks'], so one invalidation after a write refreshes the tasks
 * page, a matter's Tasks tab, an open task and the dashboard's "My tasks" card (which keys its own
 * query under ['tasks'] too, as features never import each other).
 */
export const taskKeys = {
  all: ['tasks'] as const,
  list: (query: TaskListQuery) => ['tasks', 'list', query] as const,
  detail: (id: string) => ['tasks', 'detail', id] as const,
};
