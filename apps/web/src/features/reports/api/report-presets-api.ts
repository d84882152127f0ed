import { reportPresetContracts, type ReportPreset, type ReportPresetInput, type ReportScheduleInput } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';

export const presetKeys = {
  all: ['report-presets'] as const,
  ofReport: (report: string) => ['report-presets', report] as const,
};

/** The user's presets of one report. */
export const reportPresetsQuery = (report: string) =>
  queryOptions({
    queryKey: presetKeys.ofReport(report),
    queryFn: async (): Promise<ReportPreset[]> =>
      (await listContract(reportPresetContracts.presets, { query: { Report: report } }, 'firm')) ?? [],
  });

export const savePreset = async (input: ReportPresetInput) =>
  (await callContract(reportPresetContracts.savePreset, { body: input }, { auth: 'firm', toastSuccess: true })).data;

export const schedulePreset = async (id: string, input: ReportScheduleInput) =>
  (await callContract(reportPresetContracts.schedulePreset, { params: { id }, body: input }, { auth: 'firm', toastSuccess: true })).data;

export const sendPreset = async (id: string) =>
  (await callContract(reportPresetContracts.sendPreset, { params: { id } }, { auth: 'firm', toastSuccess: true })).data;

export const deletePreset = async (id: string) =>
  (await callContract(reportPresetContracts.deletePreset, { params: { id } }, { auth: 'firm', toastSuccess: true })).data;
