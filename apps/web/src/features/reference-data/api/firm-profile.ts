import { firmProfileSchema, type FirmProfile, type firmProfileInputSchema } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiMutate } from '../../../lib/api-client.ts';

export const FIRM_PROFILE_KEY = ['firm-profile'] as const;
export type FirmProfileUpdate = z.output<typeof firmProfileInputSchema>;

/** Null when the answer does not match the contract (the page then says so). */
export async function getFirmProfile(): Promise<FirmProfile | null> {
  const parsed = firmProfileSchema.safeParse(await apiGet<unknown>('/admin/business/get-firm-profile', undefined, 'firm'));
  return parsed.success ? parsed.data : null;
}

export const firmProfileQuery = queryOptions({ queryKey: FIRM_PROFILE_KEY, queryFn: getFirmProfile });

export function useFirmProfile() {
  return useQuery(firmProfileQuery);
}

export async function updateFirmProfile(body: FirmProfileUpdate): Promise<void> {
  await apiMutate<unknown>('/admin/business/update-firm-profile', body, { method: 'PUT', auth: 'firm' });
}
