import {
  creditNotePdfPath,
  invoiceApproveRoute,
  invoiceCreateCreditNoteRoute,
  invoiceCreateRoute,
  invoiceLedesPath,
  invoiceLinkReissueRoute,
  invoiceLinkRevokeRoute,
  invoiceMarkDeliveredRoute,
  invoicePdfPath,
  invoiceRecordPaymentRoute,
  invoiceRejectRoute,
  invoiceRemoveRoute,
  invoiceReversePaymentRoute,
  invoiceSendRoute,
  invoiceSubmitRoute,
  invoiceUnbilledItemsRoute,
  invoiceUpdateRoute,
  invoiceViewRoute,
  invoiceVoidRoute,
  invoiceWriteOffRoute,
  pathOf,
  type CreateCreditNoteInput,
  type CreateInvoiceInput,
  type Invoice,
  type InvoiceLink,
  type RecordPaymentInput,
  type UnbilledItems,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { invoiceKeys } from './invoice-list-api.ts';

export { invoiceKeys } from './invoice-list-api.ts';

/** GET get-unbilled-items: MatterId repeats for several matters. */
export async function getUnbilledItems(clientId: string, matterIds: string[], from: string, to: string): Promise<UnbilledItems> {
  const query = { ClientId: clientId, MatterId: matterIds, From: from || undefined, To: to || undefined };
  return (await callContract(invoiceUnbilledItemsRoute, { query }, { auth: 'firm' })).data;
}

export const unbilledItemsQuery = (clientId: string, matterIds: string[], from: string, to: string) =>
  queryOptions({
    queryKey: invoiceKeys.unbilled(clientId, matterIds, from, to),
    queryFn: () => getUnbilledItems(clientId, matterIds, from, to),
    enabled: clientId !== '',
    staleTime: 0,
  });

/** POST create-invoice (Idempotency-Key: a double submit creates one draft). */
export async function createInvoice(body: CreateInvoiceInput, idempotencyKey: string): Promise<Invoice> {
  return (await callContract(invoiceCreateRoute, { body }, { auth: 'firm', toastSuccess: true, idempotencyKey })).data;
}

export async function updateInvoice(id: string, body: CreateInvoiceInput): Promise<Invoice> {
  return (await callContract(invoiceUpdateRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: true })).data;
}

/** Null when the invoice does not exist for this firm (404). */
export async function getInvoice(id: string): Promise<Invoice | null> {
  try {
    return (await callContract(invoiceViewRoute, { params: { id } }, { auth: 'firm', silent: true })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const invoiceQuery = (id: string) =>
  queryOptions({ queryKey: invoiceKeys.detail(id), queryFn: () => getInvoice(id), enabled: id !== '', staleTime: 0 });

export type InvoiceAction =
  | 'submit-for-approval'
  | 'approve-invoice'
  | 'reject-invoice'
  | 'send-invoice'
  | 'mark-delivered'
  | 'void-invoice'
  | 'record-payment'
  | 'write-off';

/** Each transition's contract: the body is the one the view's button or modal gathered. */
const transitionRoutes = {
  'submit-for-approval': invoiceSubmitRoute,
  'approve-invoice': invoiceApproveRoute,
  'reject-invoice': invoiceRejectRoute,
  'send-invoice': invoiceSendRoute,
  'mark-delivered': invoiceMarkDeliveredRoute,
  'void-invoice': invoiceVoidRoute,
  'record-payment': invoiceRecordPaymentRoute,
  'write-off': invoiceWriteOffRoute,
} as const;

/** A transition: the server's message toasts; a refusal toasts and throws. */
export async function invoiceAction(action: InvoiceAction, id: string, body: object = {}): Promise<Invoice> {
  // The modals build each body to its route's schema; the server checks it again.
  const input = { params: { id }, body } as Parameters<typeof callContract<typeof invoiceSubmitRoute>>[1];
  return (await callContract(transitionRoutes[action] as typeof invoiceSubmitRoute, input, { auth: 'firm', toastSuccess: true })).data;
}

export async function recordPayment(id: string, body: RecordPaymentInput, idempotencyKey: string): Promise<void> {
  await callContract(invoiceRecordPaymentRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: true, idempotencyKey });
}

export async function reversePayment(id: string, paymentId: string, reason: string): Promise<void> {
  await callContract(invoiceReversePaymentRoute, { params: { id, paymentId }, body: { reason } }, { auth: 'firm', toastSuccess: true });
}

/** POST create-credit-note: the whole invoice (no lines chosen) or the chosen lines. */
export async function createCreditNote(id: string, body: CreateCreditNoteInput, idempotencyKey: string): Promise<void> {
  await callContract(invoiceCreateCreditNoteRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: true, idempotencyKey });
}
export const downloadCreditNotePdf = (creditNoteId: string, creditNoteNumber: string) =>
  downloadFile(pathOf(creditNotePdfPath, { id: creditNoteId }), `${creditNoteNumber}.pdf`, 'application/pdf');

export async function deleteInvoice(id: string): Promise<void> {
  await callContract(invoiceRemoveRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}

export const downloadInvoicePdf = (id: string) => downloadFile(pathOf(invoicePdfPath, { id }), 'invoice.pdf', 'application/pdf');
export const downloadLedes = (id: string) => downloadFile(pathOf(invoiceLedesPath, { id }), 'invoice-ledes.txt', 'text/plain');

/** POST reissue-invoice-link: retires the old links; the new address is shown once (only a hash is kept). */
export async function reissueInvoiceLink(id: string): Promise<InvoiceLink> {
  return (await callContract(invoiceLinkReissueRoute, { params: { id } }, { auth: 'firm', toastSuccess: true })).data;
}

export async function revokeInvoiceLink(id: string): Promise<void> {
  await callContract(invoiceLinkRevokeRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}
