import { firmSettingsContracts, type FirmSettings, type firmSettingsInputSchema } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callContract } from '../../../lib/api/call-contract.ts';

export const FIRM_SETTINGS_KEY = ['firm', 'settings'] as const;
/** Any of the settings: one left out keeps its value. */
export type FirmSettingsUpdate = z.output<typeof firmSettingsInputSchema>;

/** An answer that does not match the contract fails the query (the page then says so). */
export async function getFirmSettings(): Promise<FirmSettings> {
  return (await callContract(firmSettingsContracts.view, {}, { auth: 'firm' })).data;
}

/**
 * Read afresh on every visit (kept no longer than the page is open): the form starts from the
 * answer it is first given, so it must never start from another visit's copy.
 */
export const firmSettingsQuery = queryOptions({ queryKey: FIRM_SETTINGS_KEY, queryFn: getFirmSettings, gcTime: 0 });

export function useFirmSettings() {
  return useQuery(firmSettingsQuery);
}

/** Sends the changed settings; the success toast carries the API's words. Answers every setting as saved. */
export async function updateFirmSettings(body: FirmSettingsUpdate): Promise<FirmSettings> {
  return (await callContract(firmSettingsContracts.update, { body }, { auth: 'firm', toastSuccess: true })).data;
}
