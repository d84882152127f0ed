import { retentionContracts } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';

export const retentionKeys = { all: ['data-protection', 'retention'] as const };

export const useRetentionReviews = () =>
  useQuery({ queryKey: retentionKeys.all, queryFn: () => listContract(retentionContracts.list, {}, 'firm') });

/** This month's review, found now if the monthly job has not found it yet. */
export async function findReviewNow() {
  return (await callContract(retentionContracts.findNow, {}, { auth: 'firm' })).data;
}

export async function approveReview(id: string) {
  return (await callContract(retentionContracts.approve, { params: { id } }, { auth: 'firm', toastSuccess: true })).data;
}
