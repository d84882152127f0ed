import { practiceAreaSchema, type PracticeArea } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiList } from '../api-client.ts';
import { parseList } from '../parse-list.ts';
import { lookupKeys } from './lookup-keys.ts';

export const practiceAreasQuery = queryOptions({
  queryKey: lookupKeys.practiceAreas(),
  queryFn: async (): Promise<PracticeArea[]> =>
    parseList(practiceAreaSchema, await apiList<unknown>('/admin/practice-area/get-practice-areas', undefined, 'firm')),
});
