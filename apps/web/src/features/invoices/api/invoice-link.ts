import { currentInvoiceLinkSchema, type CurrentInvoiceLink } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';
import { INVOICE_BASE } from './invoices.ts';

const linkPath = (action: string, id: string) => `${INVOICE_BASE}/${action}/${encodeURIComponent(id)}`;

export const invoiceLinkKeys = { current: (invoiceId: string) => ['invoices', 'link', invoiceId] as const };

/** The invoice's live public link (null when it has none), with where and when it was emailed. */
export const currentInvoiceLinkQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: invoiceLinkKeys.current(invoiceId),
    queryFn: async (): Promise<CurrentInvoiceLink | null> => {
      const envelope = await apiRequest<ApiEnvelope<unknown>>(linkPath('get-invoice-link', invoiceId), { auth: 'firm' });
      return currentInvoiceLinkSchema.nullable().parse(envelope.data);
    },
    staleTime: 0,
  });
