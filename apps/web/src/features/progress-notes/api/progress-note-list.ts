import { progressNoteListRoute, type ProgressNoteListQuery, type ProgressNotePage } from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listContract } from '../../../lib/api/call-contract.ts';

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
export function progressNoteListParams(query: ProgressNoteListQuery): ProgressNoteListQuery {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === '' || value === undefined || value === null) continue;
    params[key] = value;
  }
  return params as ProgressNoteListQuery;
}

/** List calls resolve to null silently on failure (SPEC.md §8). */
export function getProgressNotePage(query: ProgressNoteListQuery): Promise<ProgressNotePage | null> {
  return listContract(progressNoteListRoute, { query: progressNoteListParams(query) }, 'firm');
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
