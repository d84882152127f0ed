import { taskContracts, type ApplyTaskListInput, type Task, type TaskList, type taskListInputSchema } from '@matterhorn/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';

/**
 * The root of every task query (a list, a matter's tasks, the dashboard's count): applying a list
 * creates tasks, so it invalidates everything under it. Task keys elsewhere start with it.
 */
export const TASKS_ROOT_KEY = ['tasks'] as const;

/** The firm's task lists are one query, apart from the tasks themselves: a task saved elsewhere leaves them alone. */
export const taskListKeys = {
  all: ['task-lists'] as const,
};

export type TaskListSaveInput = z.output<typeof taskListInputSchema>;

/** Null when the call failed (SPEC.md §8: a list call fails silently); the page says so. */
export const taskListsQuery = queryOptions({
  queryKey: taskListKeys.all,
  queryFn: (): Promise<TaskList[] | null> => listContract(taskContracts.lists, {}, 'firm'),
});

export function useTaskLists() {
  return useQuery(taskListsQuery);
}

export async function createTaskList(body: TaskListSaveInput): Promise<TaskList> {
  return (await callContract(taskContracts.createList, { body }, { auth: 'firm', toastSuccess: true })).data;
}

export async function updateTaskList(id: string, body: TaskListSaveInput): Promise<TaskList> {
  return (await callContract(taskContracts.updateList, { params: { id }, body }, { auth: 'firm', toastSuccess: true })).data;
}

export async function deleteTaskList(id: string): Promise<void> {
  await callContract(taskContracts.removeList, { params: { id } }, { auth: 'firm', toastSuccess: true });
}

/** The tasks it created; the server's message ("3 tasks added to the matter") is the toast. */
export async function applyTaskList(id: string, body: ApplyTaskListInput): Promise<Task[]> {
  return (await callContract(taskContracts.applyList, { params: { id }, body }, { auth: 'firm', toastSuccess: true })).data;
}

/** The writes, each refreshing what it changed once it succeeded; a failure has toasted and rethrows. */
export function useTaskListWrites() {
  const queryClient = useQueryClient();
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: taskListKeys.all });
  return {
    save: async (id: string | null, body: TaskListSaveInput): Promise<TaskList> => {
      const saved = id ? await updateTaskList(id, body) : await createTaskList(body);
      await refreshLists();
      return saved;
    },
    remove: async (id: string): Promise<void> => {
      await deleteTaskList(id);
      await refreshLists();
    },
    apply: async (id: string, body: ApplyTaskListInput): Promise<Task[]> => {
      const tasks = await applyTaskList(id, body);
      // Not awaited: the matter's task lists refresh behind the closing modal.
      void refreshLists();
      void queryClient.invalidateQueries({ queryKey: TASKS_ROOT_KEY });
      return tasks;
    },
  };
}
