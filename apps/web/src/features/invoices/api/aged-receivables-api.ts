import { agedReceivablesRoute, type AgedReceivables } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract, contractUrl } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { invoiceKeys } from './invoice-list-api.ts';

export async function getAgedReceivables(asOf: string): Promise<AgedReceivables> {
  return (await callContract(agedReceivablesRoute, { query: { AsOf: asOf || undefined } }, { auth: 'firm' })).data;
}

export const agedReceivablesQuery = (asOf: string) =>
  queryOptions({ queryKey: invoiceKeys.aged(asOf), queryFn: () => getAgedReceivables(asOf), staleTime: 0 });

export const downloadAgedReceivablesCsv = (asOf: string) =>
  downloadFile(
    contractUrl(agedReceivablesRoute, { query: { AsOf: asOf || undefined, IsDownlodCsv: true } }),
    'aged-receivables.csv',
    'text/csv',
  );
