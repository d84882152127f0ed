import { conflictCheckListRoute, type conflictCheckPageSchema } from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { listContract } from '../../../lib/api/call-contract.ts';

export type ConflictCheckPage = z.infer<typeof conflictCheckPageSchema>;

export async function getConflictChecks(page: number, size: number): Promise<ConflictCheckPage | null> {
  return listContract(conflictCheckListRoute, { query: { page, size } }, 'firm');
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
