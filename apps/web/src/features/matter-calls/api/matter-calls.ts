import { matterCallContracts as contracts, type LogCallInput, type MatterCall } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';

export const matterCallKeys = {
  all: ['matter-calls'] as const,
  list: (matterId: string) => ['matter-calls', matterId] as const,
};

export const matterCallsQuery = (matterId: string) =>
  queryOptions({
    queryKey: matterCallKeys.list(matterId),
    queryFn: (): Promise<MatterCall[] | null> => listContract(contracts.list, { query: { MatterId: matterId } }, 'firm'),
  });

export function useMatterCalls(matterId: string) {
  return useQuery(matterCallsQuery(matterId));
}

/** One call per Idempotency-Key, however often Log call is pressed. */
export async function logCall(body: LogCallInput, idempotencyKey: string): Promise<MatterCall> {
  return (await callContract(contracts.log, { body }, { auth: 'firm', toastSuccess: true, idempotencyKey })).data;
}
