import { taskContracts, type Task, type TaskInput, type TaskListQuery, type TaskPage, type TaskStatus } from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';
import { taskKeys } from './task-keys.ts';

/** List calls resolve to null silently on failure (SPEC.md §8). */
export function getTaskPage(query: TaskListQuery): Promise<TaskPage | null> {
  return listContract(taskContracts.list, { query }, 'firm');
}

export const taskListQuery = (query: TaskListQuery) =>
  queryOptions({ queryKey: taskKeys.list(query), queryFn: () => getTaskPage(query), placeholderData: keepPreviousData });

export function useTaskPage(query: TaskListQuery) {
  return useQuery(taskListQuery(query));
}

/** Null when the task does not exist for this firm (missing, another firm's or deleted). */
export async function getTask(id: string): Promise<Task | null> {
  try {
    return (await callContract(taskContracts.view, { params: { id } }, { auth: 'firm', silent: true })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const taskQuery = (id: string) => queryOptions({ queryKey: taskKeys.detail(id), queryFn: () => getTask(id), enabled: id !== '' });

export function useTask(id: string) {
  return useQuery(taskQuery(id));
}

/** POST create-task (one task per Idempotency-Key, however often Save is pressed) or PUT update-task. */
export async function saveTask(id: string | null, body: TaskInput, idempotencyKey?: string): Promise<Task> {
  if (id) return (await callContract(taskContracts.update, { params: { id }, body }, { auth: 'firm', toastSuccess: true })).data;
  return (
    await callContract(taskContracts.create, { body }, { auth: 'firm', toastSuccess: true, ...(idempotencyKey ? { idempotencyKey } : {}) })
  ).data;
}

export async function setTaskStatus(id: string, status: TaskStatus): Promise<Task> {
  return (await callContract(taskContracts.setStatus, { params: { id }, body: { status } }, { auth: 'firm', toastSuccess: true })).data;
}

export async function deleteTask(id: string): Promise<void> {
  await callContract(taskContracts.remove, { params: { id } }, { auth: 'firm', toastSuccess: true });
}

/** The writes, each refreshing every task query once it succeeds (failures have toasted and throw). */
export function useTaskWrites() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: taskKeys.all });
    return {
      save: async (id: string | null, body: TaskInput, idempotencyKey?: string) => {
        const task = await saveTask(id, body, idempotencyKey);
        await refresh();
        return task;
      },
      setStatus: async (id: string, status: TaskStatus) => {
        const task = await setTaskStatus(id, status);
        await refresh();
        return task;
      },
      remove: async (id: string) => {
        await deleteTask(id);
        await refresh();
      },
    };
  }, [queryClient]);
}
