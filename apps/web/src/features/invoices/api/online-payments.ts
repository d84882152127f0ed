import { onlinePaymentPageSchema, type GatewayPaymentStatus } from '@matterhorn/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiMutate, apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

export type OnlinePaymentsListQuery = { page: number; size: number; Status?: GatewayPaymentStatus; NeedsAttention?: 'true' };

/** The firm's online payments (Billing → Online Payments), a page at a time. */
export const onlinePaymentsQuery = (query: OnlinePaymentsListQuery) =>
  queryOptions({
    queryKey: ['invoices', 'online-payments', query],
    queryFn: async () =>
      onlinePaymentPageSchema.parse((await apiRequest<ApiEnvelope<unknown>>('/admin/client-portal/get-online-payments', { query })).data),
    placeholderData: keepPreviousData,
  });

/** Refunds to the client all the money an online payment holds unapplied (Billing → Online Payments' "needs attention"). */
export const refundUnappliedPayment = (id: string, reference: string) =>
  apiMutate<unknown>(`/admin/client-portal/resolve-unapplied-payment/${id}`, {
    action: 'refund',
    ...(reference.trim() ? { reference: reference.trim() } : {}),
  });
