import { matterViewRoute } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { courtUpdateKeys } from './court-update-list.ts';

/**
 * The client of a matter, for a form opened on a matter (?matterId=) that must show its client too;
 * null when the matter is unknown.
 */
export async function getMatterClientId(matterId: string): Promise<string | null> {
  try {
    const { data } = await callContract(matterViewRoute, { query: { matterid: matterId } }, { auth: 'firm', silent: true });
    return data.client.id;
  } catch {
    return null;
  }
}

export const matterClientQuery = (matterId: string) =>
  queryOptions({
    queryKey: courtUpdateKeys.matterClient(matterId),
    queryFn: () => getMatterClientId(matterId),
    enabled: matterId !== '',
    staleTime: Infinity,
  });
