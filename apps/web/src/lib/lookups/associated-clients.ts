import { associatedClientsSchema, type AssociatedClients } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiList } from '../api-client.ts';
import { lookupKeys } from './lookup-keys.ts';

const NO_CLIENTS: AssociatedClients = { people: [], companies: [] };

/** People and companies for the client dropdown (SPEC.md §7). */
export const associatedClientsQuery = queryOptions({
  queryKey: lookupKeys.associatedClients(),
  queryFn: async (): Promise<AssociatedClients> => {
    const parsed = associatedClientsSchema.safeParse(
      await apiList<unknown>('/admin/client-info/get-associated-client-users', undefined, 'firm'),
    );
    return parsed.success ? parsed.data : NO_CLIENTS;
  },
});
