import {
  withholdingTaxContracts as contracts,
  type ClientWithholdingTax,
  type ClientWithholdingTaxInput,
  type OutstandingWithholdingTaxCreditNotes,
  type WithholdingTaxSchedule,
  type WithholdingTaxSettings,
  type WithholdingTaxSettingsInput,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';

/** Withholding tax (ADR 0093): the firm's rates, a client's treatment, the schedule and the credit notes to chase. */
export const withholdingTaxKeys = {
  all: ['withholding-tax'] as const,
  settings: () => ['withholding-tax', 'settings'] as const,
  client: (clientId: string) => ['withholding-tax', 'client', clientId] as const,
  schedule: (fromDate: string, toDate: string) => ['withholding-tax', 'schedule', fromDate, toDate] as const,
  outstanding: () => ['withholding-tax', 'outstanding'] as const,
};

export const withholdingTaxSettingsQuery = () =>
  queryOptions({
    queryKey: withholdingTaxKeys.settings(),
    queryFn: async (): Promise<WithholdingTaxSettings> => (await callContract(contracts.settings, {}, { auth: 'firm', silent: true })).data,
  });

export async function updateWithholdingTaxSettings(body: WithholdingTaxSettingsInput): Promise<WithholdingTaxSettings> {
  return (await callContract(contracts.updateSettings, { body }, { auth: 'firm', toastSuccess: true })).data;
}

export const clientWithholdingTaxQuery = (clientId: string) =>
  queryOptions({
    queryKey: withholdingTaxKeys.client(clientId),
    queryFn: async (): Promise<ClientWithholdingTax> =>
      (await callContract(contracts.client, { params: { clientId } }, { auth: 'firm', silent: true })).data,
  });

export async function updateClientWithholdingTax(clientId: string, body: ClientWithholdingTaxInput): Promise<ClientWithholdingTax> {
  return (await callContract(contracts.updateClient, { params: { clientId }, body }, { auth: 'firm', toastSuccess: true })).data;
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
