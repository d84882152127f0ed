import { activityTypeListRoute, type ActivityType } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { listContract } from '../api/call-contract.ts';
import { lookupKeys } from './lookup-keys.ts';

export const activityTypesQuery = queryOptions({
  queryKey: lookupKeys.activityTypes(),
  queryFn: async (): Promise<ActivityType[]> => (await listContract(activityTypeListRoute, {}, 'firm')) ?? [],
});
