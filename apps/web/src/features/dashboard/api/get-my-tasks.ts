import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';
import type { DashboardScope } from './get-dashboard-summary.ts';

/**
 * get-tasks' path, kept literal (its test checks it against taskContracts.list): by contract the
 * dashboard, every user's first page, would carry the task schemas.
 */
export const MY_TASKS_PATH = '/admin/tasks/get-tasks';
/** How many of today's tasks the card lists; the tasks page has them all. */
export const MY_TASKS_TODAY_SIZE = 5;

/** Under ['tasks'], so a task saved, done or deleted anywhere (which refreshes every task query) refreshes the card. */
export const myTasksKey = (user: DashboardScope) => ['tasks', 'dashboard-today', user.AdminUserId, user.BusinessId] as const;

export type DashboardTask = {
  id: string;
  title: string;
  matterName: string | null;
  matterNumber: string | null;
  dueTime: string | null;
  isOverdue: boolean;
};
export type MyTasksToday = { overdueCount: number; totalCount: number; tasks: DashboardTask[] };

const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';

function dashboardTaskOf(value: unknown): DashboardTask | null {
  const task = (value ?? {}) as Record<string, unknown>;
  const isTask =
    typeof task.id === 'string' &&
    typeof task.title === 'string' &&
    isTextOrNull(task.matterName) &&
    isTextOrNull(task.matterNumber) &&
    isTextOrNull(task.dueTime) &&
    typeof task.isOverdue === 'boolean';
  if (!isTask) return null;
  const { id, title, matterName, matterNumber, dueTime, isOverdue } = task as DashboardTask;
  return { id, title, matterName, matterNumber, dueTime, isOverdue };
}

/** The answer's shape, checked by hand (no schema on the dashboard); null when it is not a page of tasks. */
export function myTasksTodayOf(data: unknown): MyTasksToday | null {
  const page = (data ?? {}) as Record<string, unknown>;
  if (typeof page.overdueCount !== 'number' || typeof page.totalCount !== 'number' || !Array.isArray(page.data)) return null;
  const tasks = page.data.map(dashboardTaskOf);
  if (tasks.some((task) => task === null)) return null;
  return { overdueCount: page.overdueCount, totalCount: page.totalCount, tasks: tasks as DashboardTask[] };
}

/** The signed-in member's open tasks due today and how many of theirs are overdue; null when the call failed. */
export async function getMyTasksToday(): Promise<MyTasksToday | null> {
  const data = await apiList<unknown>(
    MY_TASKS_PATH,
    { Scope: 'mine', Status: 'Open', Due: 'today', page: 1, size: MY_TASKS_TODAY_SIZE },
    'firm',
  );
  return myTasksTodayOf(data);
}

export function useMyTasksToday(user: DashboardScope) {
  return useQuery(queryOptions({ queryKey: myTasksKey(user), queryFn: getMyTasksToday, enabled: !!user.AdminUserId }));
}
