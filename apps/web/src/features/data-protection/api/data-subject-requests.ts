import {
  dataProtectionContracts,
  dataSubjectRequestPdfPath,
  pathOf,
  type DataSubjectRequestStatus,
  type LogDataSubjectRequestInput,
} from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';

export type RequestListQuery = { page: number; size: number; Status?: DataSubjectRequestStatus };

/** Every data-protection query lives under ['data-protection']: a change invalidates the root. */
export const dataProtectionKeys = {
  all: ['data-protection'] as const,
  requests: (query: RequestListQuery) => ['data-protection', 'requests', query] as const,
  request: (id: string) => ['data-protection', 'request', id] as const,
  subjects: (search: string) => ['data-protection', 'subjects', search] as const,
  settings: ['data-protection', 'settings'] as const,
};

export const requestListQuery = (query: RequestListQuery) =>
  queryOptions({
    queryKey: dataProtectionKeys.requests(query),
    queryFn: () => listContract(dataProtectionContracts.listRequests, { query }, 'firm'),
    placeholderData: keepPreviousData,
  });
export const useRequestList = (query: RequestListQuery) => useQuery(requestListQuery(query));

export const useRequest = (id: string | null) =>
  useQuery({
    queryKey: dataProtectionKeys.request(id ?? ''),
    queryFn: async () => (await callContract(dataProtectionContracts.request, { params: { id: id! } }, { auth: 'firm' })).data,
    enabled: id !== null,
  });

export const useSubjectSearch = (search: string) =>
  useQuery({
    queryKey: dataProtectionKeys.subjects(search),
    queryFn: () => listContract(dataProtectionContracts.findSubjects, { query: { Search: search } }, 'firm'),
    enabled: search.trim().length >= 2,
  });

export const useDataProtectionSettings = () =>
  useQuery({
    queryKey: dataProtectionKeys.settings,
    queryFn: async () => (await callContract(dataProtectionContracts.settings, {}, { auth: 'firm' })).data,
  });

export async function logRequest(body: LogDataSubjectRequestInput) {
  return (await callContract(dataProtectionContracts.logRequest, { body }, { auth: 'firm', toastSuccess: true })).data;
}

/** Erases, or is refused with what blocks it: the server's message says which, in a toast. */
export async function eraseSubject(id: string) {
  return callContract(dataProtectionContracts.erase, { params: { id } }, { auth: 'firm' });
}

export async function completeRequest(id: string, outcome: string | null) {
  return (await callContract(dataProtectionContracts.complete, { params: { id }, body: { outcome } }, { auth: 'firm', toastSuccess: true }))
    .data;
}

export async function saveDataProtectionSettings(body: { requestDueDays: number; closedMatterFileYears: number }) {
  return (await callContract(dataProtectionContracts.updateSettings, { body }, { auth: 'firm', toastSuccess: true })).data;
}

/** The export as a JSON file the browser saves (the same answer the API gives, pretty-printed). */
export async function downloadExportJson(id: string) {
  const data = (await callContract(dataProtectionContracts.exportData, { params: { id } }, { auth: 'firm' })).data;
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = `personal-data-${data.generatedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(objectUrl);
}

export const downloadExportPdf = (id: string) =>
  downloadFile(pathOf(dataSubjectRequestPdfPath, { id }), 'personal-data.pdf', 'application/pdf');
