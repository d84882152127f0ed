import { timeSuggestionContracts as contracts, type timeRecordingPreferencesInputSchema } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';

export const PREFERENCES_KEY = ['time-suggestions', 'preferences'] as const;

export const preferencesQuery = queryOptions({
  queryKey: PREFERENCES_KEY,
  queryFn: () => listContract(contracts.preferences, {}, 'firm'),
});

export function usePreferences() {
  return useQuery(preferencesQuery);
}

export async function updatePreferences(body: z.input<typeof timeRecordingPreferencesInputSchema>) {
  return (await callContract(contracts.updatePreferences, { body }, { auth: 'firm', toastSuccess: true })).data;
}
