import { type MatterName, matterNamesOfClientRoute } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { listContract } from '../api/call-contract.ts';
import { lookupKeys } from './lookup-keys.ts';

/** The matters of one client (get-matter-name-using-client); asks nothing until a client is chosen. */
export const clientMattersQuery = (clientId: string) =>
  queryOptions({
    queryKey: lookupKeys.mattersOfClient(clientId),
    queryFn: async (): Promise<MatterName[]> =>
      (await listContract(matterNamesOfClientRoute, { query: { ClientId: clientId } }, 'firm')) ?? [],
    enabled: clientId !== '',
  });
