import { timeSuggestionCountContract } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { listContract } from '../../../lib/api/call-contract.ts';
import { TIME_ENTRIES_ROOT_KEY } from '../../../lib/app-state/time-entry-keys.ts';

/**
 * Suggested time's queries, under the time entries' key: whatever records or deletes time (the popup,
 * the timer, an accepted suggestion) changes what is suggested, so the count beside the timer is never stale.
 */
export const suggestionKeys = {
  all: [...TIME_ENTRIES_ROOT_KEY, 'suggestions'] as const,
  list: (from: string, to: string) => [...TIME_ENTRIES_ROOT_KEY, 'suggestions', 'list', from, to] as const,
  count: () => [...TIME_ENTRIES_ROOT_KEY, 'suggestions', 'count'] as const,
};

/** The count beside the timer: asked for again every few minutes, as the day's work grows. */
export function useSuggestionCount(isEnabled: boolean) {
  return useQuery({
    queryKey: suggestionKeys.count(),
    queryFn: async () => (await listContract(timeSuggestionCountContract, {}, 'firm'))?.count ?? 0,
    enabled: isEnabled,
    refetchInterval: 5 * 60_000,
    staleTime: 60_000,
  });
}
