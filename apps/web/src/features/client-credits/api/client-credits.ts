import {
  clientCreditApplyRoute,
  clientCreditRefundRoute,
  clientCreditsViewRoute,
  type ApplyClientCreditInput,
  type ClientCredits,
  type RefundClientCreditInput,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/**
 * A client's credit balance: one query per client, refreshed by applying or refunding it (and by
 * the invoices it pays, whose queries live under ['invoices']).
 */
export const clientCreditKeys = {
  all: ['client-credits'] as const,
  ofClient: (clientId: string) => ['client-credits', clientId] as const,
};

export async function getClientCredits(clientId: string): Promise<ClientCredits> {
  return (await callContract(clientCreditsViewRoute, { query: { ClientId: clientId } }, { auth: 'firm', silent: true })).data;
}

export const clientCreditsQuery = (clientId: string) =>
  queryOptions({ queryKey: clientCreditKeys.ofClient(clientId), queryFn: () => getClientCredits(clientId), enabled: clientId !== '' });

/** POST apply-client-credit (Idempotency-Key: a double submit pays once). */
export async function applyClientCredit(body: ApplyClientCreditInput, idempotencyKey: string): Promise<ClientCredits> {
  return (await callContract(clientCreditApplyRoute, { body }, { auth: 'firm', toastSuccess: true, idempotencyKey })).data;
}

/** POST refund-client-credit (Idempotency-Key: a double submit refunds once). */
export async function refundClientCredit(body: RefundClientCreditInput, idempotencyKey: string): Promise<ClientCredits> {
  return (await callContract(clientCreditRefundRoute, { body }, { auth: 'firm', toastSuccess: true, idempotencyKey })).data;
}
