import {
  portalPaymentOptionsRoute,
  portalSavedCardListRoute,
  portalStartPaymentRoute,
  portalWithdrawSavedCardRoute,
  type PortalPayableKind,
  type StartedPortalPayment,
} from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** What the signed-in client can pay online now (nothing when the firm has no gateway for the currency). */
export const portalPaymentOptionsQuery = () =>
  queryOptions({
    queryKey: ['portal', 'payment-options'],
    queryFn: async () => (await callContract(portalPaymentOptionsRoute, {}, { auth: 'client', silent: true })).data,
    staleTime: 30_000,
  });

export const usePortalPaymentOptions = () => useQuery(portalPaymentOptionsQuery());

/** Starts the gateway's checkout for an invoice or trust request; the answer names the page to go to. */
export async function startPortalPayment(body: {
  kind: PortalPayableKind;
  id: string;
  amount: string;
  saveCard?: boolean;
  deductWithholdingTax?: boolean;
}): Promise<StartedPortalPayment> {
  return (await callContract(portalStartPaymentRoute, { body }, { auth: 'client', silent: true })).data;
}

/** The cards the client let the firm charge for their plans' instalments. */
export const portalSavedCardsQuery = () =>
  queryOptions({
    queryKey: ['portal', 'saved-cards'],
    queryFn: async () => (await callContract(portalSavedCardListRoute, {}, { auth: 'client', silent: true })).data,
    staleTime: 30_000,
  });

/** Withdraws the client's consent to charge a card; answers the cards left. */
export async function withdrawSavedCard(id: string) {
  return (await callContract(portalWithdrawSavedCardRoute, { params: { id } }, { auth: 'client' })).data;
}
