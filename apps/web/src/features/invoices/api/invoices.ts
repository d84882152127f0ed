import {
  agedReceivablesSchema,
  invoiceLinkSchema,
  invoicePageSchema,
  invoiceSchema,
  invoiceSettingsSchema,
  unbilledItemsSchema,
  type AgedReceivables,
  type CreateInvoiceInput,
  type Invoice,
  type InvoiceLink,
  type InvoicePage,
  type InvoiceSettings,
  type RecordPaymentInput,
  type UnbilledItems,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import {
  ApiError,
  apiMutate,
  apiRequest,
  buildQueryString,
  API_BASE,
  type ApiEnvelope,
  type QueryParams,
} from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-csv.ts';

export const INVOICE_BASE = '/admin/invoice';
const idPath = (action: string, id: string) => `${INVOICE_BASE}/${action}/${encodeURIComponent(id)}`;

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (params: QueryParams) => ['invoices', 'list', params] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
  unbilled: (clientId: string, matterIds: string[], from: string, to: string) =>
    ['invoices', 'unbilled', clientId, matterIds, from, to] as const,
  aged: (asOf: string) => ['invoices', 'aged', asOf] as const,
  settings: () => ['invoices', 'settings'] as const,
};

/** GET get-unbilled-items: MatterId repeats for several matters. */
export async function getUnbilledItems(clientId: string, matterIds: string[], from: string, to: string): Promise<UnbilledItems> {
  const params = new URLSearchParams({ ClientId: clientId });
  for (const matterId of matterIds) params.append('MatterId', matterId);
  if (from) params.set('From', from);
  if (to) params.set('To', to);
  const envelope = await apiRequest<ApiEnvelope<unknown>>(`${INVOICE_BASE}/get-unbilled-items?${params.toString()}`, { auth: 'firm' });
  return unbilledItemsSchema.parse(envelope.data);
}

export const unbilledItemsQuery = (clientId: string, matterIds: string[], from: string, to: string) =>
  queryOptions({
    queryKey: invoiceKeys.unbilled(clientId, matterIds, from, to),
    queryFn: () => getUnbilledItems(clientId, matterIds, from, to),
    enabled: clientId !== '',
    staleTime: 0,
  });

export async function getInvoiceSettings(): Promise<InvoiceSettings | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>(`${INVOICE_BASE}/get-invoice-settings`, { auth: 'firm', silent: true });
    const parsed = invoiceSettingsSchema.safeParse(envelope.data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const invoiceSettingsQuery = queryOptions({ queryKey: invoiceKeys.settings(), queryFn: getInvoiceSettings });

export async function updateInvoiceSettings(body: unknown): Promise<InvoiceSettings> {
  const envelope = await apiMutate<unknown>(`${INVOICE_BASE}/update-invoice-settings`, body, { method: 'PUT', auth: 'firm' });
  return invoiceSettingsSchema.parse(envelope.data);
}

/** POST create-invoice (Idempotency-Key: a double submit creates one draft). */
export async function createInvoice(body: CreateInvoiceInput, idempotencyKey: string): Promise<Invoice> {
  const envelope = await apiMutate<unknown>(`${INVOICE_BASE}/create-invoice`, body, { auth: 'firm', idempotencyKey });
  return invoiceSchema.parse(envelope.data);
}

export async function updateInvoice(id: string, body: CreateInvoiceInput): Promise<Invoice> {
  const envelope = await apiMutate<unknown>(idPath('update-invoice', id), body, { method: 'PUT', auth: 'firm' });
  return invoiceSchema.parse(envelope.data);
}

/** Null when the invoice does not exist for this firm (404). */
export async function getInvoice(id: string): Promise<Invoice | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>(idPath('get-invoice', id), { auth: 'firm', silent: true });
    return invoiceSchema.parse(envelope.data);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const invoiceQuery = (id: string) =>
  queryOptions({ queryKey: invoiceKeys.detail(id), queryFn: () => getInvoice(id), enabled: id !== '', staleTime: 0 });

export async function getInvoiceList(params: QueryParams): Promise<InvoicePage> {
  const envelope = await apiRequest<ApiEnvelope<unknown>>(`${INVOICE_BASE}/get-invoice-list`, { query: params, auth: 'firm' });
  return invoicePageSchema.parse(envelope.data);
}

export const invoiceListQuery = (params: QueryParams) =>
  queryOptions({ queryKey: invoiceKeys.list(params), queryFn: () => getInvoiceList(params), placeholderData: (previous) => previous });

export async function getAgedReceivables(asOf: string): Promise<AgedReceivables> {
  const envelope = await apiRequest<ApiEnvelope<unknown>>(`${INVOICE_BASE}/get-aged-receivables`, {
    query: { AsOf: asOf || undefined },
    auth: 'firm',
  });
  return agedReceivablesSchema.parse(envelope.data);
}

export const agedReceivablesQuery = (asOf: string) =>
  queryOptions({ queryKey: invoiceKeys.aged(asOf), queryFn: () => getAgedReceivables(asOf), staleTime: 0 });

export type InvoiceAction =
  'submit-for-approval' | 'approve-invoice' | 'reject-invoice' | 'send-invoice' | 'mark-delivered' | 'void-invoice' | 'record-payment';

/** A transition: the server's message toasts; a refusal toasts and throws. */
export async function invoiceAction(action: InvoiceAction, id: string, body: object = {}): Promise<Invoice | null> {
  const envelope = await apiMutate<unknown>(idPath(action, id), body, { auth: 'firm' });
  const parsed = invoiceSchema.safeParse(envelope.data);
  return parsed.success ? parsed.data : null;
}

export async function recordPayment(id: string, body: RecordPaymentInput, idempotencyKey: string): Promise<void> {
  await apiMutate<unknown>(idPath('record-payment', id), body, { auth: 'firm', idempotencyKey });
}

export async function reversePayment(id: string, paymentId: string, reason: string): Promise<void> {
  await apiMutate<unknown>(`${idPath('reverse-payment', id)}/${encodeURIComponent(paymentId)}`, { reason }, { auth: 'firm' });
}

export async function deleteInvoice(id: string): Promise<void> {
  await apiRequest(idPath('delete-invoice', id), { method: 'DELETE', auth: 'firm', toastSuccess: true });
}

export const downloadInvoicePdf = (id: string) =>
  downloadFile(`${API_BASE}${idPath('download-invoice-pdf', id)}`, 'invoice.pdf', 'application/pdf');
export const downloadLedes = (id: string) => downloadFile(`${API_BASE}${idPath('download-ledes', id)}`, 'invoice-ledes.txt', 'text/plain');

export const downloadInvoiceListCsv = (params: QueryParams) =>
  downloadFile(
    `${API_BASE}${INVOICE_BASE}/get-invoice-list${buildQueryString({ ...params, IsDownlodCsv: true })}`,
    'invoices.csv',
    'text/csv',
  );
export const downloadAgedReceivablesCsv = (asOf: string) =>
  downloadFile(
    `${API_BASE}${INVOICE_BASE}/get-aged-receivables${buildQueryString({ AsOf: asOf || undefined, IsDownlodCsv: true })}`,
    'aged-receivables.csv',
    'text/csv',
  );

/** POST reissue-invoice-link: retires the old links; the new address is shown once (only a hash is kept). */
export async function reissueInvoiceLink(id: string): Promise<InvoiceLink> {
  const envelope = await apiMutate<unknown>(idPath('reissue-invoice-link', id), {}, { auth: 'firm' });
  return invoiceLinkSchema.parse(envelope.data);
}

export async function revokeInvoiceLink(id: string): Promise<void> {
  await apiMutate<unknown>(idPath('revoke-invoice-link', id), {}, { auth: 'firm' });
}
