import { type MatterView, matterViewRoute } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Null when the matter does not exist for this firm (missing, another firm's, or deleted: all 404). */
export async function getMatterView(matterId: string): Promise<MatterView | null> {
  try {
    return (await callContract(matterViewRoute, { query: { matterid: matterId } }, { auth: 'firm', silent: true })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const matterViewQuery = (matterId: string) =>
  queryOptions({
    queryKey: ['matters', 'view', matterId],
    queryFn: () => getMatterView(matterId),
    enabled: matterId !== '',
  });

export function useMatterView(matterId: string) {
  return useQuery(matterViewQuery(matterId));
}
