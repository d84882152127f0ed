import { twoStepContracts, type TwoStepStatus } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

export const TWO_STEP_STATUS_KEY = ['my-account', 'two-step-status'] as const;

/** Whether the signed-in user's two-step sign-in is on, its recovery codes left, and whether the firm requires it. */
export async function getTwoStepStatus(): Promise<TwoStepStatus> {
  return (await callContract(twoStepContracts.status, {}, { auth: 'firm' })).data;
}

export const twoStepStatusQuery = queryOptions({ queryKey: TWO_STEP_STATUS_KEY, queryFn: getTwoStepStatus });

export function useTwoStepStatus() {
  return useQuery(twoStepStatusQuery);
}
