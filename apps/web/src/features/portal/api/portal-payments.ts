import {
  portalPaymentOptionsSchema,
  startedPortalPaymentSchema,
  type PortalPayableKind,
  type StartedPortalPayment,
} from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

/** What the signed-in client can pay online now (nothing when the firm has no gateway for the currency). */
export const portalPaymentOptionsQuery = () =>
  queryOptions({
    queryKey: ['portal', 'payment-options'],
    queryFn: async () =>
      portalPaymentOptionsSchema.parse(
        (await apiRequest<ApiEnvelope<unknown>>('/client-portal/get-payment-options', { auth: 'client', silent: true })).data,
      ),
    staleTime: 30_000,
  });

export const usePortalPaymentOptions = () => useQuery(portalPaymentOptionsQuery());

/** Starts the gateway's checkout for an invoice or trust request; the answer names the page to go to. */
export async function startPortalPayment(body: { kind: PortalPayableKind; id: string; amount: string }): Promise<StartedPortalPayment> {
  const envelope = await apiRequest<ApiEnvelope<unknown>>('/client-portal/start-payment', {
    method: 'POST',
    auth: 'client',
    body,
    silent: true,
  });
  return startedPortalPaymentSchema.parse(envelope.data);
}
