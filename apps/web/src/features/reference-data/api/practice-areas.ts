import { apiMutate, apiRequest } from '../../../lib/api-client.ts';

/** The list itself is a shared lookup (lib/lookups/practice-areas.ts); these calls change it. */
export type PracticeAreaInput = { name: string };

export async function createPracticeArea(body: PracticeAreaInput): Promise<void> {
  await apiMutate<unknown>('/admin/practice-area/create-practice-area', body, { auth: 'firm' });
}

export async function updatePracticeArea(id: string, body: PracticeAreaInput): Promise<void> {
  await apiMutate<unknown>(`/admin/practice-area/update-practice-area/${encodeURIComponent(id)}`, body, { method: 'PUT', auth: 'firm' });
}

export async function deletePracticeArea(id: string): Promise<void> {
  await apiRequest(`/admin/practice-area/delete-practice-area/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: 'firm',
    toastSuccess: true,
  });
}
