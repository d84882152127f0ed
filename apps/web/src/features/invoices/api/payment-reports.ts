import { paymentReportSchema } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { API_BASE, apiMutate, apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-csv.ts';

const BASE = '/admin/client-portal';

/** Transfers clients reported from the portal: those waiting first (Status=reported), or all. */
export const paymentReportsQuery = (status: 'reported' | undefined) =>
  queryOptions({
    queryKey: ['invoices', 'payment-reports', status ?? 'all'],
    queryFn: async () =>
      z
        .array(paymentReportSchema)
        .parse((await apiRequest<ApiEnvelope<unknown>>(`${BASE}/get-payment-reports`, { query: { Status: status } })).data),
  });

export const confirmPaymentReport = (id: string) => apiMutate<unknown>(`${BASE}/confirm-payment-report/${id}`, {});
export const rejectPaymentReport = (id: string, reason: string) => apiMutate<unknown>(`${BASE}/reject-payment-report/${id}`, { reason });
export const downloadPaymentProof = (id: string, fileName: string) =>
  downloadFile(`${API_BASE}${BASE}/download-payment-proof/${id}`, fileName);
