import {
  pathOf,
  portalCalendarFeedCreateRoute,
  portalCalendarFeedStatusRoute,
  portalClientMattersRoute,
  portalDocumentListRoute,
  portalInvoiceListRoute,
  portalInvoiceRoute,
  portalMatterRoute,
  portalMessageAttachmentFilePath,
  portalMessageAttachmentUploadRoute,
  portalMessageSendRoute,
  portalMessagesMarkReadRoute,
  portalMessagesRoute,
  portalOverviewRoute,
  portalPaymentReportListRoute,
  portalStatementPdfPath,
  portalStatementRoute,
  portalTrustRequestsRoute,
  portalTrustRoute,
  type PortalMatter,
} from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, buildQueryString, errorMessageFrom, type ApiEnvelope } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { clientToken } from '../../../lib/session-storage.ts';

/**
 * The signed-in portal's calls. The documents', invoices' and payment reports' calls keep their
 * paths until those modules have contracts; the sign-in pages' calls are in portal-sign-in.ts.
 */

/** The signed-in client's token; a failure toasts and throws (the query shows its error). */
const clientCall = { auth: 'client' } as const;

/** The signed-in client's matters; the API takes the client and firm from the session. */
export async function getPortalMatters(): Promise<PortalMatter[]> {
  return (await callContract(portalClientMattersRoute, {}, clientCall)).data;
}

export const portalMattersQuery = (clientId: string | null) =>
  queryOptions({ queryKey: ['portal', clientId, 'matters'], queryFn: getPortalMatters, enabled: clientId !== null });

export const usePortalMatters = (clientId: string | null) => useQuery(portalMattersQuery(clientId));

/** The overview tab: matters, next court dates and what was shared lately. */
export const portalOverviewQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'overview'],
    queryFn: async () => (await callContract(portalOverviewRoute, {}, clientCall)).data,
    enabled: clientId !== null,
  });

/** One matter with the notes and court updates the firm shared on it. */
export const portalMatterQuery = (clientId: string | null, matterId: string) =>
  queryOptions({
    queryKey: ['portal', clientId, 'matter', matterId],
    queryFn: async () => (await callContract(portalMatterRoute, { params: { id: matterId } }, clientCall)).data,
    enabled: clientId !== null && matterId !== '',
  });

/** What the firm shared with the client and what they sent, newest first (one page of 50). */
export const portalDocumentsQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'documents'],
    queryFn: async () => (await callContract(portalDocumentListRoute, { query: { page: 1, size: 50 } }, clientCall)).data,
    enabled: clientId !== null,
  });

/** The document saved under its name; the firm sees that the client downloaded it. */
export const downloadPortalDocument = (id: string, fileName: string) =>
  downloadFile(`${API_BASE}/client-portal/download-document/${encodeURIComponent(id)}`, fileName, '*/*', clientToken());

/** A shared document's bytes for viewing in the page (inline); the firm sees that the client viewed it. */
export async function fetchPortalDocumentBlob(id: string): Promise<Blob> {
  const token = clientToken();
  const response = await fetch(`${API_BASE}/client-portal/download-document/${encodeURIComponent(id)}?inline=true`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(errorMessageFrom(response.status, body, 'The file could not be loaded'));
  }
  return response.blob();
}

/** A multipart POST with the client's token: the form fields first, then the file. */
async function postWithFile(url: string, fields: Record<string, string>, file: File, failure: string): Promise<unknown> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
  form.append('file', file, file.name);
  const token = clientToken();
  const response = await fetch(url, {
    method: 'POST',
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(errorMessageFrom(response.status, body, failure));
  }
  return ((await response.json()) as ApiEnvelope<unknown>).data;
}

/** A file for one of the client's matters, filed in its "From client" folder (and scanned like any upload). */
export const uploadPortalDocument = (matterId: string, file: File) =>
  postWithFile(`${API_BASE}/client-portal/upload-document`, { MatterId: matterId }, file, `${file.name} could not be sent`);

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
    queryFn: async () => (await callContract(portalInvoiceRoute, { params: { id: invoiceId } }, clientCall)).data,
    enabled: clientId !== null && invoiceId !== '',
  });

export const downloadPortalInvoicePdf = (id: string, fileName: string) =>
  downloadFile(`${API_BASE}/client-portal/download-invoice-pdf/${encodeURIComponent(id)}`, fileName, 'application/pdf', clientToken());

/** A credit note's PDF at the address the invoice gives for it. */
export const downloadPortalCreditNotePdf = (pdfUrl: string, fileName: string) =>
  downloadFile(pdfUrl, fileName, 'application/pdf', clientToken());

/** The client's trust money: ledgers and the newest movements. */
export const portalTrustQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'trust'],
    queryFn: async () => (await callContract(portalTrustRoute, { query: { page: 1, size: 50 } }, clientCall)).data,
    enabled: clientId !== null,
  });

/** A matter's secure messages with the firm. */
export const portalMessagesQuery = (clientId: string | null, matterId: string) =>
  queryOptions({
    queryKey: ['portal', clientId, 'messages', matterId],
    queryFn: async () => (await callContract(portalMessagesRoute, { query: { MatterId: matterId } }, clientCall)).data,
    enabled: clientId !== null && matterId !== '',
    // A conversation: look for the firm's answer while the tab is open.
    refetchInterval: 30_000,
  });

export const sendPortalMessage = (matterId: string, body: string, attachmentIds: string[] = []) =>
  callContract(portalMessageSendRoute, { body: { matterId, body, attachmentIds } }, { auth: 'client', silent: true });

/** A file for the message being written: filed in the matter's "From client" folder and scanned. */
export const uploadPortalAttachment = async (matterId: string, file: File) =>
  portalMessageAttachmentUploadRoute.response.parse(
    await postWithFile(pathOf(portalMessageAttachmentUploadRoute), { MatterId: matterId }, file, `${file.name} could not be attached`),
  );

export const downloadPortalAttachment = (id: string, fileName: string) =>
  downloadFile(pathOf(portalMessageAttachmentFilePath, { id }), fileName, '*/*', clientToken());

export const markPortalMessagesRead = (matterId: string) =>
  callContract(portalMessagesMarkReadRoute, { body: { matterId } }, { auth: 'client', silent: true });

/** The bank transfers the client reported, with the firm's decision. */
export const portalPaymentReportsQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'payment-reports'],
    queryFn: async () => (await callContract(portalPaymentReportListRoute, {}, clientCall)).data,
    enabled: clientId !== null,
  });

/** What a reported transfer paid: one of the client's invoices, or a trust request the firm sent them. */
export type TransferItem = { InvoiceId: string } | { TrustRequestId: string };

/** Reports a bank transfer for an invoice or a trust request with its proof (the firm confirms it before it counts). */
export const reportBankTransfer = (fields: TransferItem & { amount: string; paymentDate: string; reference: string }, proof: File) =>
  postWithFile(`${API_BASE}/client-portal/report-bank-transfer`, fields, proof, 'The payment could not be reported');

/** The trust requests the firm sent the client, with where to pay and the reference to quote. */
export const portalTrustRequestsQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'trust-requests'],
    queryFn: async () => (await callContract(portalTrustRequestsRoute, {}, clientCall)).data,
    enabled: clientId !== null,
  });

/** The statement's period: ISO dates, either may be blank (from the first entry; up to now). */
export type StatementPeriod = { fromDate: string; toDate: string };
/** Blank ends left out: the server reads a missing one as "from the first entry" or "up to now". */
const periodQuery = (period: StatementPeriod) => ({
  ...(period.fromDate ? { FromDate: period.fromDate } : {}),
  ...(period.toDate ? { ToDate: period.toDate } : {}),
});

/** The client's statement of account for a period (all of it by default). */
export const portalStatementQuery = (clientId: string | null, period: StatementPeriod) =>
  queryOptions({
    queryKey: ['portal', clientId, 'statement', period.fromDate, period.toDate],
    queryFn: async () => (await callContract(portalStatementRoute, { query: periodQuery(period) }, clientCall)).data,
    enabled: clientId !== null,
  });

/** Whether the client has a live calendar link (never the link itself: the server keeps only its hash). */
export const portalCalendarFeedQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'calendar-feed'],
    queryFn: async () => (await callContract(portalCalendarFeedStatusRoute, {}, clientCall)).data,
    enabled: clientId !== null,
  });

export const downloadPortalStatementPdf = (period: StatementPeriod) =>
  downloadFile(
    `${pathOf(portalStatementPdfPath)}${buildQueryString(periodQuery(period))}`,
    'statement-of-account.pdf',
    'application/pdf',
    clientToken(),
  );

/** Makes (or remakes, ending the old one) the calendar link; the answer is the only time the URL is seen. */
export async function createPortalCalendarFeed() {
  return (await callContract(portalCalendarFeedCreateRoute, {}, { auth: 'client' })).data;
}
