import { pathOf, paymentProofPath, paymentReportConfirmRoute, paymentReportListRoute, paymentReportRejectRoute } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';

/** Transfers clients reported from the portal: those waiting first (Status=reported), or all. */
export const paymentReportsQuery = (status: 'reported' | undefined) =>
  queryOptions({
    queryKey: ['invoices', 'payment-reports', status ?? 'all'],
    queryFn: async () => (await callContract(paymentReportListRoute, { query: { Status: status } })).data,
  });

/** Confirms the transfer; with the withholding tax the client deducted from it, if any (ADR 0093). */
export const confirmPaymentReport = (id: string, withholdingTaxAmount: string | null) =>
  callContract(paymentReportConfirmRoute, { params: { id }, body: { withholdingTaxAmount } }, { toastSuccess: true });
export const rejectPaymentReport = (id: string, reason: string) =>
  callContract(paymentReportRejectRoute, { params: { id }, body: { reason } }, { toastSuccess: true });
export const downloadPaymentProof = (id: string, fileName: string) => downloadFile(pathOf(paymentProofPath, { id }), fileName);
