import { activityTypeSchema, type ActivityType, type activityTypeInputSchema } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiMutate, apiRequest } from '../../../lib/api-client.ts';
import { parseList } from '../../../lib/parse-list.ts';

export const ACTIVITY_TYPES_KEY = ['activity-types'] as const;
export type ActivityTypeInput = z.output<typeof activityTypeInputSchema>;

export async function getActivityTypes(): Promise<ActivityType[]> {
  return parseList(activityTypeSchema, await apiGet<unknown>('/admin/activity/get-activity-type', undefined, 'firm'));
}

export const activityTypesQuery = queryOptions({ queryKey: ACTIVITY_TYPES_KEY, queryFn: getActivityTypes });

export function useActivityTypes() {
  return useQuery(activityTypesQuery);
}

export async function createActivityType(body: ActivityTypeInput): Promise<void> {
  await apiMutate<unknown>('/admin/activity/create-activity-type', body, { auth: 'firm' });
}

export async function updateActivityType(id: string, body: ActivityTypeInput): Promise<void> {
  await apiMutate<unknown>(`/admin/activity/update-activity-type/${encodeURIComponent(id)}`, body, { method: 'PUT', auth: 'firm' });
}

export async function deleteActivityType(id: string): Promise<void> {
  await apiRequest(`/admin/activity/delete-activity-type/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: 'firm',
    toastSuccess: true,
  });
}
