import { invoiceLinkCurrentRoute, type CurrentInvoiceLink } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

export const invoiceLinkKeys = { current: (invoiceId: string) => ['invoices', 'link', invoiceId] as const };

/** The invoice's live public link (null when it has none), with where and when it was emailed. */
export const currentInvoiceLinkQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: invoiceLinkKeys.current(invoiceId),
    queryFn: async (): Promise<CurrentInvoiceLink | null> =>
      (await callContract(invoiceLinkCurrentRoute, { params: { id: invoiceId } }, { auth: 'firm' })).data,
    staleTime: 0,
  });
