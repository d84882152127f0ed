import { matterViewRoute } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { taskKeys } from './task-keys.ts';

/**
 * The client of a matter: a task names its matter, and the form picks a matter through its client,
 * so editing a task on a matter looks the client up; null when the matter is unknown.
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
    queryKey: taskKeys.matterClient(matterId),
    queryFn: () => getMatterClientId(matterId),
    enabled: matterId !== '',
    staleTime: Infinity,
  });
