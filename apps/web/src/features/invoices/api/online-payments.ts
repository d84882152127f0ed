import { onlinePaymentListRoute, onlinePaymentResolveUnappliedRoute, type GatewayPaymentStatus } from '@matterhorn/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

export type OnlinePaymentsListQuery = { page: number; size: number; Status?: GatewayPaymentStatus; NeedsAttention?: 'true' };

/** The firm's online payments (Billing → Online Payments), a page at a time. */
export const onlinePaymentsQuery = (query: OnlinePaymentsListQuery) =>
  queryOptions({
    queryKey: ['invoices', 'online-payments', query],
    queryFn: async () => (await callContract(onlinePaymentListRoute, { query })).data,
    placeholderData: keepPreviousData,
  });

/** Refunds to the client all the money an online payment holds unapplied (Billing → Online Payments' "needs attention"). */
export const refundUnappliedPayment = (id: string, reference: string) =>
  callContract(
    onlinePaymentResolveUnappliedRoute,
    { params: { id }, body: { action: 'refund', ...(reference.trim() ? { reference: reference.trim() } : {}) } },
    { toastSuccess: true },
  );
