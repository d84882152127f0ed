import { conflictCheckPageSchema } from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiList } from '../../../lib/api-client.ts';

export type ConflictCheckPage = z.infer<typeof conflictCheckPageSchema>;

export async function getConflictChecks(page: number, size: number): Promise<ConflictCheckPage | null> {
  const data = await apiList<unknown>('/admin/conflict-check/get-conflict-checks', { page, size }, 'firm');
  const parsed = conflictCheckPageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export const conflictChecksQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: ['conflict-checks', 'list', page, size],
    queryFn: () => getConflictChecks(page, size),
    placeholderData: keepPreviousData,
  });

export function useConflictChecks(page: number, size: number) {
  return useQuery(conflictChecksQuery(page, size));
}
