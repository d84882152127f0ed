import { practiceAreaSchema, type PracticeArea } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiMutate, apiRequest } from '../../../lib/api-client.ts';
import { parseList } from '../../../lib/parse-list.ts';

export const PRACTICE_AREAS_KEY = ['practice-areas'] as const;
export type PracticeAreaInput = { name: string };

export async function getPracticeAreas(): Promise<PracticeArea[]> {
  return parseList(practiceAreaSchema, await apiGet<unknown>('/admin/practice-area/get-practice-areas', undefined, 'firm'));
}

export const practiceAreasQuery = queryOptions({ queryKey: PRACTICE_AREAS_KEY, queryFn: getPracticeAreas });

export function usePracticeAreas() {
  return useQuery(practiceAreasQuery);
}

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
