import { timeSuggestionContracts as contracts, type AcceptSuggestionInput, type TimeSuggestion } from '@matterhorn/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';
import { FIGURES_KEY } from '../../../lib/app-state/figure-keys.ts';
import { TIME_ENTRIES_ROOT_KEY } from '../../../lib/app-state/time-entry-keys.ts';
import { suggestionKeys } from './suggestion-count.ts';

export const suggestionsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: suggestionKeys.list(from, to),
    queryFn: async (): Promise<TimeSuggestion[] | null> => listContract(contracts.list, { query: { from, to } }, 'firm'),
  });

export function useSuggestions(from: string, to: string, isEnabled: boolean) {
  return useQuery({ ...suggestionsQuery(from, to), enabled: isEnabled });
}

/**
 * Accept, accept a day and dismiss; each refreshes the suggestions, their count beside the timer, the
 * time lists and the figures — also when refused (a 409: already recorded elsewhere), so nothing shown is stale.
 */
export function useSuggestionWrites() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refreshing = async <T>(write: () => Promise<T>): Promise<T> => {
      try {
        return await write();
      } finally {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: TIME_ENTRIES_ROOT_KEY }),
          queryClient.invalidateQueries({ queryKey: FIGURES_KEY }),
        ]);
      }
    };
    return {
      accept: (body: AcceptSuggestionInput, idempotencyKey: string) =>
        refreshing(async () => {
          await callContract(contracts.accept, { body }, { auth: 'firm', toastSuccess: true, idempotencyKey });
        }),
      acceptDay: (workDate: string, idempotencyKey: string) =>
        refreshing(
          async () =>
            (await callContract(contracts.acceptDay, { body: { workDate } }, { auth: 'firm', toastSuccess: true, idempotencyKey })).data,
        ),
      dismiss: (workDate: string, matterId: string) =>
        refreshing(async () => {
          await callContract(contracts.dismiss, { body: { workDate, matterId } }, { auth: 'firm', toastSuccess: true });
        }),
    };
  }, [queryClient]);
}
