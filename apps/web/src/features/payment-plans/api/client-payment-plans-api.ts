import { paymentPlanContracts as contracts, type ClientPaymentPlanInput, type ClientPaymentPlans } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

export const clientPaymentPlanKeys = {
  client: (clientId: string) => ['payment-plans', 'client', clientId] as const,
};

/** The client's plan on their balance, its history, and the open invoices a plan could cover. */
export const clientPaymentPlansQuery = (clientId: string) =>
  queryOptions({
    queryKey: clientPaymentPlanKeys.client(clientId),
    queryFn: async (): Promise<ClientPaymentPlans> =>
      (await callContract(contracts.clientPlans, { params: { id: clientId } }, { auth: 'firm' })).data,
  });

/** Sets up or replaces the client's plan; one plan per Idempotency-Key, however often Save is pressed. */
export async function saveClientPaymentPlan(
  clientId: string,
  body: ClientPaymentPlanInput,
  isReplacing: boolean,
  idempotencyKey: string,
): Promise<ClientPaymentPlans> {
  const contract = isReplacing ? contracts.replaceClientPlan : contracts.createClientPlan;
  return (await callContract(contract, { params: { id: clientId }, body }, { auth: 'firm', toastSuccess: true, idempotencyKey })).data;
}

export async function cancelClientPaymentPlan(clientId: string, idempotencyKey: string): Promise<ClientPaymentPlans> {
  return (
    await callContract(contracts.cancelClientPlan, { params: { id: clientId } }, { auth: 'firm', toastSuccess: true, idempotencyKey })
  ).data;
}
