import {
  withholdingTaxContracts as contracts,
  type OutstandingWithholdingTaxCreditNotes,
  type WithholdingTaxSchedule,
  type WithholdingTaxSettings,
  type WithholdingTaxSettingsInput,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { withholdingTaxKeys } from './client-withholding-tax-api.ts';

export { withholdingTaxKeys };

export const withholdingTaxSettingsQuery = () =>
  queryOptions({
    queryKey: withholdingTaxKeys.settings(),
    queryFn: async (): Promise<WithholdingTaxSettings> => (await callContract(contracts.settings, {}, { auth: 'firm', silent: true })).data,
  });

export async function updateWithholdingTaxSettings(body: WithholdingTaxSettingsInput): Promise<WithholdingTaxSettings> {
  return (await callContract(contracts.updateSettings, { body }, { auth: 'firm', toastSuccess: true })).data;
}

export const withholdingTaxScheduleQuery = (fromDate: string, toDate: string) =>
  queryOptions({
    queryKey: withholdingTaxKeys.schedule(fromDate, toDate),
    queryFn: async (): Promise<WithholdingTaxSchedule> =>
      (await callContract(contracts.schedule, { query: { FromDate: fromDate, ToDate: toDate } }, { auth: 'firm', silent: true })).data,
  });

export const outstandingCreditNotesQuery = () =>
  queryOptions({
    queryKey: withholdingTaxKeys.outstanding(),
    queryFn: async (): Promise<OutstandingWithholdingTaxCreditNotes> =>
      (await callContract(contracts.outstanding, {}, { auth: 'firm', silent: true })).data,
  });

/** The schedule as a CSV or PDF file, with the bearer (a plain link cannot carry it). */
export const downloadWithholdingTaxSchedule = (fromDate: string, toDate: string, format: 'csv' | 'pdf') =>
  downloadFile(
    `${contracts.schedule.path}?${new URLSearchParams({ FromDate: fromDate, ToDate: toDate, format }).toString()}`,
    `withholding-tax-schedule-${fromDate}-to-${toDate}.${format}`,
    format === 'csv' ? 'text/csv' : 'application/pdf',
  );
