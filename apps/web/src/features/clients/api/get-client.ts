import { clientDetailSchema, type ClientDetail } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

/** Silent: the page shows 'Client not found' for a 404 rather than a toast. */
export async function getClient(id: string): Promise<ClientDetail> {
  const envelope = await apiRequest<ApiEnvelope<unknown>>(`/admin/client-info/get-client/${encodeURIComponent(id)}`, {
    auth: 'firm',
    silent: true,
  });
  return clientDetailSchema.parse(envelope.data);
}

export const clientQuery = (id: string) =>
  queryOptions({ queryKey: ['clients', 'detail', id], queryFn: () => getClient(id), enabled: id !== '' });

export function useClient(id: string) {
  return useQuery(clientQuery(id));
}
