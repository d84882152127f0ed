import { progressNotePageSchema, type ProgressNoteListQuery, type ProgressNotePage } from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiList, type QueryParams } from '../../../lib/api-client.ts';

export const PROGRESS_NOTE_BASE = '/admin/progress-update';
export const PROGRESS_NOTE_LIST_PATH = `${PROGRESS_NOTE_BASE}/get-progress-notes`;

/**
 * Every progress-note query lives under ['progress-notes'], so a save, delete or attachment change
 * that invalidates the root refreshes the list, a matter's Notes tab and the note's own page.
 */
export const progressNoteKeys = {
  all: ['progress-notes'] as const,
  list: (query: ProgressNoteListQuery) => ['progress-notes', 'list', query] as const,
  detail: (id: string) => ['progress-notes', 'detail', id] as const,
};

/** The query as sent: blanks dropped so the query string stays clean (SPEC.md §7). */
export function progressNoteListParams(query: ProgressNoteListQuery): QueryParams {
  const params: QueryParams = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === '' || value === undefined || value === null) continue;
    params[key] = value as QueryParams[string];
  }
  return params;
}

/** List calls resolve to null silently on failure (SPEC.md §8). */
export async function getProgressNotePage(query: ProgressNoteListQuery): Promise<ProgressNotePage | null> {
  const data = await apiList<unknown>(PROGRESS_NOTE_LIST_PATH, progressNoteListParams(query), 'firm');
  const parsed = progressNotePageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export const progressNoteListQuery = (query: ProgressNoteListQuery) =>
  queryOptions({
    queryKey: progressNoteKeys.list(query),
    queryFn: () => getProgressNotePage(query),
    placeholderData: keepPreviousData,
  });

export function useProgressNotePage(query: ProgressNoteListQuery) {
  return useQuery(progressNoteListQuery(query));
}
