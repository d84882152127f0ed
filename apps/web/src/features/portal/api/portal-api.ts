import {
  paymentReportSchema,
  portalCalendarFeedCreatedSchema,
  portalCalendarFeedStatusSchema,
  portalDocumentPageSchema,
  portalFirmSchema,
  portalInvoiceSummarySchema,
  portalMatterDetailSchema,
  portalMatterSchema,
  portalMessageThreadSchema,
  portalOverviewSchema,
  portalStatementSchema,
  portalTrustRequestSchema,
  portalTrustSchema,
  publicInvoiceSchema,
  uploadedPortalAttachmentSchema,
  type PortalFirm,
  type PortalMatter,
  type PortalSession,
  type PortalSignInResult,
  type PortalTotpEnrolment,
} from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_BASE, apiMutate, apiRequest, buildQueryString, errorMessageFrom, type ApiEnvelope } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { clientToken } from '../../../lib/session-storage.ts';

/** Null when no firm has this portal address (the page says so). */
export async function getFirmBranding(slug: string): Promise<PortalFirm | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>('/client-portal/get-firm-branding', {
      query: { Slug: slug },
      auth: 'none',
      silent: true,
    });
    const parsed = portalFirmSchema.safeParse(envelope.data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function useFirmBranding(slug: string) {
  return useQuery({ queryKey: ['firm-branding', slug], queryFn: () => getFirmBranding(slug), staleTime: 5 * 60_000 });
}

/** A session, or (when the firm requires an authenticator app) the second-factor challenge. */
export async function portalLogin(body: { slug: string; email: string; password: string }): Promise<PortalSignInResult> {
  const envelope = await apiMutate<PortalSignInResult>('/client-portal/login', body, { auth: 'none', toastSuccess: false });
  return envelope.data;
}

export async function portalSignup(body: { slug: string; token: string; email: string; password: string }): Promise<PortalSignInResult> {
  const envelope = await apiMutate<PortalSignInResult>('/client-portal/signup', body, { auth: 'none' });
  return envelope.data;
}

/** "Email me a sign-in link": the answer reads the same whether or not the email has an account. */
export async function requestPortalSignInLink(body: { slug: string; email: string }): Promise<string> {
  const envelope = await apiMutate<unknown>('/client-portal/request-sign-in-link', body, { auth: 'none', toastSuccess: false });
  return envelope.message;
}

/** Silent: the sign-in link page shows the refusal itself. */
export async function portalSignInWithLink(body: { slug: string; token: string }): Promise<PortalSignInResult> {
  const envelope = await apiMutate<PortalSignInResult>('/client-portal/sign-in-with-link', body, { auth: 'none', silent: true });
  return envelope.data;
}

export async function enrolPortalTotp(body: { slug: string; challenge: string }): Promise<PortalTotpEnrolment> {
  const envelope = await apiMutate<PortalTotpEnrolment>('/client-portal/totp/enrol', body, { auth: 'none', toastSuccess: false });
  return envelope.data;
}

export async function verifyPortalTotp(body: { slug: string; challenge: string; code: string }): Promise<PortalSession> {
  const envelope = await apiMutate<PortalSession>('/client-portal/totp/verify', body, { auth: 'none', toastSuccess: false });
  return envelope.data;
}

export async function portalForgotPassword(body: { slug: string; email: string }): Promise<string> {
  const envelope = await apiMutate<unknown>('/client-portal/forgot-password', body, { auth: 'none' });
  return envelope.message;
}

export async function portalResetPassword(body: { slug: string; token: string; password: string }): Promise<string> {
  const envelope = await apiMutate<unknown>('/client-portal/reset-password', body, { auth: 'none' });
  return envelope.message;
}

/** The signed-in client's matters; the API takes the client and firm from the session. */
export async function getPortalMatters(): Promise<PortalMatter[]> {
  const envelope = await apiRequest<ApiEnvelope<unknown>>('/client-portal/get-client-portal-matters', { auth: 'client' });
  return z.array(portalMatterSchema).parse(envelope.data);
}

export const portalMattersQuery = (clientId: string | null) =>
  queryOptions({ queryKey: ['portal', clientId, 'matters'], queryFn: getPortalMatters, enabled: clientId !== null });

export const usePortalMatters = (clientId: string | null) => useQuery(portalMattersQuery(clientId));

/** The overview tab: matters, next court dates and what was shared lately. */
export const portalOverviewQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'overview'],
    queryFn: async () =>
      portalOverviewSchema.parse((await apiRequest<ApiEnvelope<unknown>>('/client-portal/get-overview', { auth: 'client' })).data),
    enabled: clientId !== null,
  });

/** One matter with the notes and court updates the firm shared on it. */
export const portalMatterQuery = (clientId: string | null, matterId: string) =>
  queryOptions({
    queryKey: ['portal', clientId, 'matter', matterId],
    queryFn: async () =>
      portalMatterDetailSchema.parse(
        (await apiRequest<ApiEnvelope<unknown>>(`/client-portal/get-matter/${encodeURIComponent(matterId)}`, { auth: 'client' })).data,
      ),
    enabled: clientId !== null && matterId !== '',
  });

/** What the firm shared with the client and what they sent, newest first (one page of 50). */
export const portalDocumentsQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'documents'],
    queryFn: async () =>
      portalDocumentPageSchema.parse(
        (await apiRequest<ApiEnvelope<unknown>>('/client-portal/get-documents', { auth: 'client', query: { page: 1, size: 50 } })).data,
      ),
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
async function postWithFile(path: string, fields: Record<string, string>, file: File, failure: string): Promise<unknown> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
  form.append('file', file, file.name);
  const token = clientToken();
  const response = await fetch(`${API_BASE}${path}`, {
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
  postWithFile('/client-portal/upload-document', { MatterId: matterId }, file, `${file.name} could not be sent`);

/** The client's sent invoices, newest first. */
export const portalInvoicesQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'invoices'],
    queryFn: async () =>
      z
        .array(portalInvoiceSummarySchema)
        .parse((await apiRequest<ApiEnvelope<unknown>>('/client-portal/get-invoices', { auth: 'client' })).data),
    enabled: clientId !== null,
  });

/** One sent invoice: lines, payments, how to pay. */
export const portalInvoiceQuery = (clientId: string | null, invoiceId: string) =>
  queryOptions({
    queryKey: ['portal', clientId, 'invoice', invoiceId],
    queryFn: async () =>
      publicInvoiceSchema.parse(
        (await apiRequest<ApiEnvelope<unknown>>(`/client-portal/get-invoice/${encodeURIComponent(invoiceId)}`, { auth: 'client' })).data,
      ),
    enabled: clientId !== null && invoiceId !== '',
  });

export const downloadPortalInvoicePdf = (id: string, fileName: string) =>
  downloadFile(`${API_BASE}/client-portal/download-invoice-pdf/${encodeURIComponent(id)}`, fileName, 'application/pdf', clientToken());

/** The client's trust money: ledgers and the newest movements. */
export const portalTrustQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'trust'],
    queryFn: async () =>
      portalTrustSchema.parse(
        (await apiRequest<ApiEnvelope<unknown>>('/client-portal/get-trust', { auth: 'client', query: { page: 1, size: 50 } })).data,
      ),
    enabled: clientId !== null,
  });

/** A matter's secure messages with the firm. */
export const portalMessagesQuery = (clientId: string | null, matterId: string) =>
  queryOptions({
    queryKey: ['portal', clientId, 'messages', matterId],
    queryFn: async () =>
      portalMessageThreadSchema.parse(
        (await apiRequest<ApiEnvelope<unknown>>('/client-portal/get-messages', { auth: 'client', query: { MatterId: matterId } })).data,
      ),
    enabled: clientId !== null && matterId !== '',
    // A conversation: look for the firm's answer while the tab is open.
    refetchInterval: 30_000,
  });

export const sendPortalMessage = (matterId: string, body: string, attachmentIds: string[] = []) =>
  apiRequest<unknown>('/client-portal/send-message', {
    method: 'POST',
    auth: 'client',
    body: { matterId, body, attachmentIds },
    silent: true,
  });

/** A file for the message being written: filed in the matter's "From client" folder and scanned. */
export const uploadPortalAttachment = async (matterId: string, file: File) =>
  uploadedPortalAttachmentSchema.parse(
    await postWithFile('/client-portal/upload-message-attachment', { MatterId: matterId }, file, `${file.name} could not be attached`),
  );

export const downloadPortalAttachment = (id: string, fileName: string) =>
  downloadFile(`${API_BASE}/client-portal/download-message-attachment/${encodeURIComponent(id)}`, fileName, '*/*', clientToken());

export const markPortalMessagesRead = (matterId: string) =>
  apiRequest<unknown>('/client-portal/mark-read', { method: 'POST', auth: 'client', body: { matterId }, silent: true });

/** The bank transfers the client reported, with the firm's decision. */
export const portalPaymentReportsQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'payment-reports'],
    queryFn: async () =>
      z
        .array(paymentReportSchema)
        .parse((await apiRequest<ApiEnvelope<unknown>>('/client-portal/get-payment-reports', { auth: 'client' })).data),
    enabled: clientId !== null,
  });

/** What a reported transfer paid: one of the client's invoices, or a trust request the firm sent them. */
export type TransferItem = { InvoiceId: string } | { TrustRequestId: string };

/** Reports a bank transfer for an invoice or a trust request with its proof (the firm confirms it before it counts). */
export const reportBankTransfer = (fields: TransferItem & { amount: string; paymentDate: string; reference: string }, proof: File) =>
  postWithFile('/client-portal/report-bank-transfer', fields, proof, 'The payment could not be reported');

/** The trust requests the firm sent the client, with where to pay and the reference to quote. */
export const portalTrustRequestsQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'trust-requests'],
    queryFn: async () =>
      z
        .array(portalTrustRequestSchema)
        .parse((await apiRequest<ApiEnvelope<unknown>>('/client-portal/get-trust-requests', { auth: 'client' })).data),
    enabled: clientId !== null,
  });

/** The statement's period: ISO dates, either may be blank (from the first entry; up to now). */
export type StatementPeriod = { fromDate: string; toDate: string };
const periodQuery = (period: StatementPeriod) => ({ FromDate: period.fromDate || null, ToDate: period.toDate || null });

/** The client's statement of account for a period (all of it by default). */
export const portalStatementQuery = (clientId: string | null, period: StatementPeriod) =>
  queryOptions({
    queryKey: ['portal', clientId, 'statement', period.fromDate, period.toDate],
    queryFn: async () =>
      portalStatementSchema.parse(
        (await apiRequest<ApiEnvelope<unknown>>('/client-portal/get-statement', { auth: 'client', query: periodQuery(period) })).data,
      ),
    enabled: clientId !== null,
  });

/** Whether the client has a live calendar link (never the link itself: the server keeps only its hash). */
export const portalCalendarFeedQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'calendar-feed'],
    queryFn: async () =>
      portalCalendarFeedStatusSchema.parse(
        (await apiRequest<ApiEnvelope<unknown>>('/client-portal/calendar-feed', { auth: 'client' })).data,
      ),
    enabled: clientId !== null,
  });

export const downloadPortalStatementPdf = (period: StatementPeriod) =>
  downloadFile(
    `${API_BASE}/client-portal/download-statement-pdf${buildQueryString(periodQuery(period))}`,
    'statement-of-account.pdf',
    'application/pdf',
    clientToken(),
  );

/** Makes (or remakes, ending the old one) the calendar link; the answer is the only time the URL is seen. */
export async function createPortalCalendarFeed() {
  const envelope = await apiMutate<unknown>('/client-portal/calendar-feed', {}, { auth: 'client', toastSuccess: false });
  return portalCalendarFeedCreatedSchema.parse(envelope.data);
}
