import { matterRateSchema, timeEntrySchema, type TimeEntry, type TimeEntryInput } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiMutate, apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

/**
 * The root of every time-entry query (entries, lists, totals, the timer; the list's keys are in
 * time-entry-list.ts): invalidating it after a save or delete refreshes whatever the page shows.
 */
export const TIME_ENTRIES_KEY = ['time-entries'] as const;
export const timeEntryDetailKey = (entryId: string) => [...TIME_ENTRIES_KEY, 'entry', entryId] as const;
/** Kept outside the root: a refresh of the entries must not re-prefill a rate the user typed. */
export const MATTER_RATE_KEY = ['time-entry-matter-rate'] as const;

const BASE = '/admin/time-entry';
const entryPath = (entryId: string) => `${BASE}/${encodeURIComponent(entryId)}`;

/** Null when the entry does not exist for this user (missing, another firm's or another user's: 404). */
export async function getTimeEntry(entryId: string): Promise<TimeEntry | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>(entryPath(entryId), { auth: 'firm', silent: true });
    return timeEntrySchema.parse(envelope.data);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const timeEntryQuery = (entryId: string) =>
  queryOptions({ queryKey: timeEntryDetailKey(entryId), queryFn: () => getTimeEntry(entryId), staleTime: 0 });

/** POST: the success message toasts; a failure toasts and throws (the form stops submitting). */
export async function createTimeEntry(body: TimeEntryInput, idempotencyKey: string): Promise<ApiEnvelope<unknown>> {
  return apiMutate<unknown>(BASE, body, { auth: 'firm', idempotencyKey });
}

export async function updateTimeEntry(entryId: string, body: TimeEntryInput): Promise<ApiEnvelope<unknown>> {
  return apiMutate<unknown>(entryPath(entryId), body, { method: 'PUT', auth: 'firm' });
}

/** The fee earner's rate on the matter, else their default rate (SPEC.md §7); null when unknown. */
export async function getTimeEntryMatterRate(matterId: string, userId: string): Promise<string | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>(`${BASE}/get-time-entry-matter-rate`, {
      query: { matterId, UserId: userId },
      auth: 'firm',
      silent: true,
    });
    const parsed = matterRateSchema.safeParse(envelope.data);
    return parsed.success ? parsed.data.amount : null;
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
