import { type AssociatedClients, clientAssociatedRoute } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { listContract } from '../api/call-contract.ts';
import { lookupKeys } from './lookup-keys.ts';

const NO_CLIENTS: AssociatedClients = { people: [], companies: [] };

/** People and companies for the client dropdown (SPEC.md §7). */
export const associatedClientsQuery = queryOptions({
  queryKey: lookupKeys.associatedClients(),
  queryFn: async (): Promise<AssociatedClients> => (await listContract(clientAssociatedRoute, {}, 'firm')) ?? NO_CLIENTS,
});
