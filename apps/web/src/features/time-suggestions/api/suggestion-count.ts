import { timeSuggestionCountContract } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { listContract } from '../../../lib/api/call-contract.ts';

/** Suggested time's queries, under one key. */
export const suggestionKeys = {
  all: ['time-suggestions'] as const,
  list: (from: string, to: string) => ['time-suggestions', 'list', from, to] as const,
  count: () => ['time-suggestions', 'count'] as const,
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
