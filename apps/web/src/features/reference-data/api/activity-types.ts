import type { activityTypeInputSchema } from '@matterhorn/shared';
import type { z } from 'zod';
import { apiMutate, apiRequest } from '../../../lib/api-client.ts';

/** The list itself is a shared lookup (lib/lookups/activity-types.ts); these calls change it. */
export type ActivityTypeInput = z.output<typeof activityTypeInputSchema>;

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
