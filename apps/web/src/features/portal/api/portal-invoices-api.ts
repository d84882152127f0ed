import { portalInvoiceListRoute, portalInvoiceRoute } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { clientToken } from '../../../lib/session-storage.ts';
import { clientCall } from './portal-api.ts';

// The Invoices tab's calls.

/** The client's sent invoices, newest first. */
export const portalInvoicesQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'invoices'],
    queryFn: async () => (await callContract(portalInvoiceListRoute, {}, clientCall)).data,
    enabled: clientId !== null,
  });

/** One sent invoice: lines, payments, how to pay. */
export const portalInvoiceQuery = (clientId: string | null, invoiceId: string) =>
  queryOptions({
    queryKey: ['portal', clientId, 'invoice', invoiceId],
    // Silent: the opened invoice says itself when it cannot be loaded, and the pay form does without its withholding tax.
    queryFn: async () => (await callContract(portalInvoiceRoute, { params: { id: invoiceId } }, { ...clientCall, silent: true })).data,
    enabled: clientId !== null && invoiceId !== '',
  });

export const downloadPortalInvoicePdf = (id: string, fileName: string) =>
  downloadFile(`${API_BASE}/client-portal/download-invoice-pdf/${encodeURIComponent(id)}`, fileName, 'application/pdf', clientToken());

/** A credit note's PDF at the address the invoice gives for it. */
export const downloadPortalCreditNotePdf = (pdfUrl: string, fileName: string) =>
  downloadFile(pdfUrl, fileName, 'application/pdf', clientToken());
