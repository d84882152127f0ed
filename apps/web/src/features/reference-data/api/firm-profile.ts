import { firmProfileRoute, firmProfileUpdateRoute, type FirmProfile, type firmProfileInputSchema } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callContract } from '../../../lib/api/call-contract.ts';

export const FIRM_PROFILE_KEY = ['firm-profile'] as const;
export type FirmProfileUpdate = z.output<typeof firmProfileInputSchema>;

/** An answer that does not match the contract fails the query (the page then says so). */
export async function getFirmProfile(): Promise<FirmProfile> {
  return (await callContract(firmProfileRoute, {}, { auth: 'firm' })).data;
}

export const firmProfileQuery = queryOptions({ queryKey: FIRM_PROFILE_KEY, queryFn: getFirmProfile });

export function useFirmProfile() {
  return useQuery(firmProfileQuery);
}

export async function updateFirmProfile(body: FirmProfileUpdate): Promise<void> {
  await callContract(firmProfileUpdateRoute, { body }, { auth: 'firm', toastSuccess: true });
}
