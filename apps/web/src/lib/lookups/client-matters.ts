import { matterNameSchema, type MatterName } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiList } from '../api-client.ts';
import { parseList } from '../parse-list.ts';
import { lookupKeys } from './lookup-keys.ts';

/** The matters of one client (get-matter-name-using-client); asks nothing until a client is chosen. */
export const clientMattersQuery = (clientId: string) =>
  queryOptions({
    queryKey: lookupKeys.mattersOfClient(clientId),
    queryFn: async (): Promise<MatterName[]> =>
      parseList(
        matterNameSchema,
        await apiList<unknown>('/admin/matter-master/get-matter-name-using-client', { ClientId: clientId }, 'firm'),
      ),
    enabled: clientId !== '',
  });
