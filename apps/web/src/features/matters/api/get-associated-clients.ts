import { associatedClientsSchema, type AssociatedClients } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';

const EMPTY: AssociatedClients = { people: [], companies: [] };

/** People and companies for the client dropdown (SPEC.md §7). */
export async function getAssociatedClients(): Promise<AssociatedClients> {
  const data = await apiList<unknown>('/admin/client-info/get-associated-client-users', undefined, 'firm');
  const parsed = associatedClientsSchema.safeParse(data);
  return parsed.success ? parsed.data : EMPTY;
}

export const associatedClientsQuery = queryOptions({ queryKey: ['associated-clients'], queryFn: getAssociatedClients });

export function useAssociatedClients() {
  return useQuery(associatedClientsQuery);
}
