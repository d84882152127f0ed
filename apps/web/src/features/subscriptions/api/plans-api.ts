import {
  pathOf,
  subscriptionContracts,
  subscriptionReceiptPath,
  type PlanChangeInput,
  type PlanChangePreview,
  type PlanChangeResult,
  type PlanList,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';

/** The plans the firm can choose, priced in its billing currency. */
export const plansQuery = queryOptions({
  queryKey: ['subscription-plans'],
  queryFn: async (): Promise<PlanList | null> => listContract(subscriptionContracts.plans, {}, 'firm'),
});

export const previewPlanChange = async (input: PlanChangeInput): Promise<PlanChangePreview> =>
  (await callContract(subscriptionContracts.previewChange, { body: input }, { auth: 'firm' })).data;

/** idempotencyKey: one per change shown, so a second click never pays twice. */
export const changePlan = async (input: PlanChangeInput, idempotencyKey: string): Promise<PlanChangeResult> =>
  (await callContract(subscriptionContracts.changePlan, { body: input }, { auth: 'firm', idempotencyKey })).data;

export const billingHistoryQuery = queryOptions({
  queryKey: ['subscription-billing-history'],
  queryFn: async () => (await listContract(subscriptionContracts.billingHistory, {}, 'firm')) ?? [],
});

export const cancelSubscription = async () =>
  (await callContract(subscriptionContracts.cancel, {}, { auth: 'firm', toastSuccess: true })).data;

export const reactivateSubscription = async () =>
  (await callContract(subscriptionContracts.reactivate, {}, { auth: 'firm', toastSuccess: true })).data;

export const downloadReceipt = (id: string, reference: string) =>
  downloadFile(pathOf(subscriptionReceiptPath, { id }), `matterhorn-receipt-${reference}.pdf`, 'application/pdf');
