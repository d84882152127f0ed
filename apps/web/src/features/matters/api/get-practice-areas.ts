import { practiceAreaSchema, type PracticeArea } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList } from '../../../lib/api-client.ts';

export async function getPracticeAreas(): Promise<PracticeArea[]> {
  const data = await apiList<unknown>('/admin/practice-area/get-practice-areas', undefined, 'firm');
  const parsed = z.array(practiceAreaSchema).safeParse(data);
  return parsed.success ? parsed.data : [];
}

export const practiceAreasQuery = queryOptions({ queryKey: ['practice-areas'], queryFn: getPracticeAreas });

export function usePracticeAreas() {
  return useQuery(practiceAreasQuery);
}
