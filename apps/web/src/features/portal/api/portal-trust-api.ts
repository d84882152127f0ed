import {
  pathOf,
  portalPaymentReportListRoute,
  portalStatementPdfPath,
  portalStatementRoute,
  portalTrustRequestsRoute,
  portalTrustRoute,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, buildQueryString } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { clientToken } from '../../../lib/session-storage.ts';
import { clientCall, postWithFile } from './portal-api.ts';

// The Trust tab's calls: the trust ledger, trust requests, reported transfers and the statement of account.

/** The client's trust money: ledgers and the newest movements. */
export const portalTrustQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'trust'],
    queryFn: async () => (await callContract(portalTrustRoute, { query: { page: 1, size: 50 } }, clientCall)).data,
    enabled: clientId !== null,
  });

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
/** The whole statement, from the first entry up to now: what the tab opens on. */
export const WHOLE_STATEMENT: StatementPeriod = { fromDate: '', toDate: '' };
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

export const downloadPortalStatementPdf = (period: StatementPeriod) =>
  downloadFile(
    `${pathOf(portalStatementPdfPath)}${buildQueryString(periodQuery(period))}`,
    'statement-of-account.pdf',
    'application/pdf',
    clientToken(),
  );
