import { recordViewContracts, type RecordViewQuery } from '@matterhorn/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

export const recordViewKeys = { list: (query: RecordViewQuery) => ['record-views', query] as const };

/** A client's "who looked" page; the previous page stays on screen while the next loads. */
export const recordViewsQuery = (query: RecordViewQuery) =>
  queryOptions({
    queryKey: recordViewKeys.list(query),
    queryFn: async () => (await callContract(recordViewContracts.list, { query }, { auth: 'firm' })).data,
    placeholderData: keepPreviousData,
  });
