import { activityTypeSchema, type ActivityType } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiList } from '../api-client.ts';
import { parseList } from '../parse-list.ts';
import { lookupKeys } from './lookup-keys.ts';

export const activityTypesQuery = queryOptions({
  queryKey: lookupKeys.activityTypes(),
  queryFn: async (): Promise<ActivityType[]> =>
    parseList(activityTypeSchema, await apiList<unknown>('/admin/activity/get-activity-type', undefined, 'firm')),
});
