import { REPORTS_BASE, reportContracts, type ReportAnswer, type RouteContract } from '@matterhorn/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callContract, contractUrl } from '../../../lib/api/call-contract.ts';
import { FIGURES_KEY } from '../../../lib/app-state/figure-keys.ts';
import { downloadFile } from '../../../lib/download-csv.ts';

const contractOf = (name: string): RouteContract | undefined =>
  Object.values(reportContracts).find((contract) => contract.path === `${REPORTS_BASE}/${name}`);

/** A report's answer for the filters in the address (the previous answer stays on screen while the next loads). */
export const reportQuery = (name: string, query: Record<string, string>) =>
  queryOptions({
    queryKey: [...FIGURES_KEY, 'reports', name, query],
    queryFn: async (): Promise<ReportAnswer> => {
      const contract = contractOf(name);
      if (!contract) throw new Error('There is no such report');
      return (await callContract(contract, { query } as never, { auth: 'firm' })).data as ReportAnswer;
    },
    placeholderData: keepPreviousData,
  });

const MEDIA_TYPES = { csv: 'text/csv', pdf: 'application/pdf' } as const;

/** The report on screen as a file: the same filters, level and page, in CSV or PDF. */
export async function downloadReport(name: string, query: Record<string, string>, format: 'csv' | 'pdf'): Promise<void> {
  const contract = contractOf(name);
  if (!contract) throw new Error('There is no such report');
  await downloadFile(contractUrl(contract, { query: { ...query, format } } as never), `${name}.${format}`, MEDIA_TYPES[format]);
}
