import { matterViewRoute } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../api/call-contract.ts';
import { lookupKeys } from './lookup-keys.ts';

/**
 * The client of a matter, for a form that picks a matter through its client and is opened on a
 * matter (a court update, a task, an event): null when the matter is unknown.
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
    queryKey: lookupKeys.matterClient(matterId),
    queryFn: () => getMatterClientId(matterId),
    enabled: matterId !== '',
    staleTime: Infinity,
  });
