import { matterViewRoute } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { courtCalendarKeys } from './court-calendar-keys.ts';

/**
 * The client of a matter: an event names its matter, and the form picks a matter through its
 * client, so editing an event on a matter looks the client up; null when the matter is unknown.
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
    queryKey: courtCalendarKeys.matterClient(matterId),
    queryFn: () => getMatterClientId(matterId),
    enabled: matterId !== '',
    staleTime: Infinity,
  });
