import {
  type TimeEntry,
  timeEntryCreateRoute,
  type TimeEntryInput,
  timeEntryMatterRateRoute,
  timeEntryUpdateRoute,
  timeEntryViewRoute,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, type ApiEnvelope } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { timeEntryKeys } from './time-entry-list.ts';

/**
 * The root of every time-entry query (entries, lists, totals, the timer; the list's keys are in
 * time-entry-list.ts): invalidating it after a save or delete refreshes whatever the page shows.
 */
export const TIME_ENTRIES_KEY = timeEntryKeys.all;
export const timeEntryDetailKey = (entryId: string) => [...TIME_ENTRIES_KEY, 'entry', entryId] as const;
/** Kept outside the root: a refresh of the entries must not re-prefill a rate the user typed. */
export const MATTER_RATE_KEY = ['time-entry-matter-rate'] as const;

/** Null when the entry does not exist for this user (missing, another firm's or another user's: 404). */
export async function getTimeEntry(entryId: string): Promise<TimeEntry | null> {
  try {
    return (await callContract(timeEntryViewRoute, { params: { id: entryId } }, { auth: 'firm', silent: true })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const timeEntryQuery = (entryId: string) =>
  queryOptions({ queryKey: timeEntryDetailKey(entryId), queryFn: () => getTimeEntry(entryId), staleTime: 0 });

/** POST: the success message toasts; a failure toasts and throws (the form stops submitting). */
/** The create call's path, kept with an entry written offline (sent later under the same key). */
export const CREATE_TIME_ENTRY_PATH = timeEntryCreateRoute.path;

export async function createTimeEntry(
  body: TimeEntryInput,
  idempotencyKey: string,
  { silent = false } = {},
): Promise<ApiEnvelope<unknown>> {
  return callContract(timeEntryCreateRoute, { body }, { auth: 'firm', toastSuccess: true, idempotencyKey, silent });
}

export async function updateTimeEntry(entryId: string, body: TimeEntryInput): Promise<ApiEnvelope<unknown>> {
  return callContract(timeEntryUpdateRoute, { params: { id: entryId }, body }, { auth: 'firm', toastSuccess: true });
}

/** The fee earner's rate on the matter, else their default rate (SPEC.md §7); null when unknown. */
export async function getTimeEntryMatterRate(matterId: string, userId: string): Promise<string | null> {
  try {
    const answer = await callContract(timeEntryMatterRateRoute, { query: { matterId, UserId: userId } }, { auth: 'firm', silent: true });
    return answer.data.amount;
  } catch {
    return null;
  }
}

export const matterRateQuery = (matterId: string, userId: string) =>
  queryOptions({
    queryKey: [...MATTER_RATE_KEY, matterId, userId],
    queryFn: () => getTimeEntryMatterRate(matterId, userId),
    // Rates change on the matter and team pages: every choice asks the server.
    staleTime: 0,
  });
