import { type ClientDetail, clientViewRoute } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Silent: the page shows 'Client not found' for a 404 rather than a toast. */
export async function getClient(id: string): Promise<ClientDetail> {
  return (await callContract(clientViewRoute, { params: { id } }, { auth: 'firm', silent: true })).data;
}

export const clientQuery = (id: string) =>
  queryOptions({ queryKey: ['clients', 'detail', id], queryFn: () => getClient(id), enabled: id !== '' });

export function useClient(id: string) {
  return useQuery(clientQuery(id));
}
