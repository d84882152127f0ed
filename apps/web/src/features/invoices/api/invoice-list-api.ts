import { invoiceListRoute, type InvoicePage } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client.ts';
import { callContract, contractUrl } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';

/**
 * The invoice list's calls, apart from the invoice pages' others: a client's invoices tab loads
 * these alone. Every invoice query lives under ['invoices'], so invalidating the root refreshes all.
 */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (params: QueryParams) => ['invoices', 'list', params] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
  unbilled: (clientId: string, matterIds: string[], from: string, to: string) =>
    ['invoices', 'unbilled', clientId, matterIds, from, to] as const,
  aged: (asOf: string) => ['invoices', 'aged', asOf] as const,
  settings: () => ['invoices', 'settings'] as const,
};

export async function getInvoiceList(params: QueryParams): Promise<InvoicePage> {
  return (await callContract(invoiceListRoute, { query: params }, { auth: 'firm' })).data;
}

export const invoiceListQuery = (params: QueryParams) =>
  queryOptions({ queryKey: invoiceKeys.list(params), queryFn: () => getInvoiceList(params), placeholderData: (previous) => previous });

export const downloadInvoiceListCsv = (params: QueryParams) =>
  downloadFile(contractUrl(invoiceListRoute, { query: { ...params, IsDownlodCsv: true } }), 'invoices.csv', 'text/csv');
