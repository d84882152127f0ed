import {
  activityTypeCreateRoute,
  activityTypeRemoveRoute,
  activityTypeUpdateRoute,
  type activityTypeInputSchema,
} from '@matterhorn/shared';
import type { z } from 'zod';
import { callContract } from '../../../lib/api/call-contract.ts';

/** The list itself is a shared lookup (lib/lookups/activity-types.ts); these calls change it. */
export type ActivityTypeInput = z.output<typeof activityTypeInputSchema>;

export async function createActivityType(body: ActivityTypeInput): Promise<void> {
  await callContract(activityTypeCreateRoute, { body }, { auth: 'firm', toastSuccess: true });
}

export async function updateActivityType(id: string, body: ActivityTypeInput): Promise<void> {
  await callContract(activityTypeUpdateRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: true });
}

export async function deleteActivityType(id: string): Promise<void> {
  await callContract(activityTypeRemoveRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}
