import { practiceAreaListRoute, type PracticeArea } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { listContract } from '../api/call-contract.ts';
import { lookupKeys } from './lookup-keys.ts';

export const practiceAreasQuery = queryOptions({
  queryKey: lookupKeys.practiceAreas(),
  queryFn: async (): Promise<PracticeArea[]> => (await listContract(practiceAreaListRoute, {}, 'firm')) ?? [],
});
