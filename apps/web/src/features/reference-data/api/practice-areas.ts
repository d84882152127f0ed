import {
  practiceAreaCreateRoute,
  practiceAreaRemoveRoute,
  practiceAreaUpdateRoute,
  type practiceAreaInputSchema,
} from '@matterhorn/shared';
import type { z } from 'zod';
import { callContract } from '../../../lib/api/call-contract.ts';

/** The list itself is a shared lookup (lib/lookups/practice-areas.ts); these calls change it. */
export type PracticeAreaInput = z.output<typeof practiceAreaInputSchema>;

export async function createPracticeArea(body: PracticeAreaInput): Promise<void> {
  await callContract(practiceAreaCreateRoute, { body }, { auth: 'firm', toastSuccess: true });
}

export async function updatePracticeArea(id: string, body: PracticeAreaInput): Promise<void> {
  await callContract(practiceAreaUpdateRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: true });
}

export async function deletePracticeArea(id: string): Promise<void> {
  await callContract(practiceAreaRemoveRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}
