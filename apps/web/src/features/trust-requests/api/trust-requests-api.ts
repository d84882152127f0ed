import {
  teamMemberListRoute,
  trustAccountListRoute,
  trustRequestApproveRoute,
  trustRequestCancelRoute,
  trustRequestCreateRoute,
  trustRequestListRoute,
  trustRequestSendRoute,
  trustRequestSubmitRoute,
  trustRequestUpdateRoute,
  trustRequestViewRoute,
  type CreateTrustRequestParsed,
  type TeamMember,
  type TrustAccount,
  type TrustRequest,
  type TrustRequestListQuery,
  type TrustRequestPage,
  type TrustRequestSent,
} from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type QueryParams } from '../../../lib/api-client.ts';
import { callContract, contractUrl, listContract } from '../../../lib/api/call-contract.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';

/** Every trust request query lives under ['trust-requests']: one invalidation refreshes lists and views. */
export const trustRequestKeys = {
  all: ['trust-requests'] as const,
  list: (query: TrustRequestListQuery) => ['trust-requests', 'list', query] as const,
  detail: (id: string) => ['trust-requests', 'detail', id] as const,
  accounts: () => ['trust-requests', 'trust-accounts'] as const,
  approvers: () => ['trust-requests', 'approvers'] as const,
};

/** The query as sent: blanks dropped so the query string stays clean. */
function listParams(query: TrustRequestListQuery): QueryParams {
  const params: QueryParams = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === '' || value === undefined || value === null) continue;
    params[key] = value as QueryParams[string];
  }
  return params;
}

/** List calls resolve to null silently on failure (SPEC.md §8). */
export function getTrustRequestPage(query: TrustRequestListQuery): Promise<TrustRequestPage | null> {
  return listContract(trustRequestListRoute, { query: listParams(query) }, 'firm');
}

export const useTrustRequestPage = (query: TrustRequestListQuery) =>
  useQuery(
    queryOptions({ queryKey: trustRequestKeys.list(query), queryFn: () => getTrustRequestPage(query), placeholderData: keepPreviousData }),
  );

/** The filtered list as CSV: the same filter with IsDownlodCsv=true (SPEC.md's spelling), no paging. */
export function downloadTrustRequestsCsv(query: TrustRequestListQuery): Promise<void> {
  const { page: _page, size: _size, ...filters } = query;
  return downloadCsv(contractUrl(trustRequestListRoute, { query: listParams({ ...filters, IsDownlodCsv: true }) }), 'trust-requests.csv');
}

/** Null when it is not there (another firm's) or the call failed. */
export async function getTrustRequest(id: string): Promise<TrustRequest | null> {
  try {
    return (await callContract(trustRequestViewRoute, { params: { id } }, { auth: 'firm', silent: true })).data;
  } catch {
    return null;
  }
}

export const useTrustRequest = (id: string | null) =>
  useQuery({ queryKey: trustRequestKeys.detail(id ?? ''), queryFn: () => getTrustRequest(id!), enabled: id !== null });

/** The firm's trust accounts (the trust core's list); none when the call fails. */
export async function getTrustAccounts(): Promise<TrustAccount[]> {
  return (await listContract(trustAccountListRoute, {}, 'firm')) ?? [];
}

export const useTrustAccounts = (enabled = true) =>
  useQuery({ queryKey: trustRequestKeys.accounts(), queryFn: getTrustAccounts, enabled, staleTime: 60_000 });

/** Who may approve trust requests (get-all-user IsForTrustRequestApproval): the team module's picker call. */
export const useTrustRequestApprovers = (enabled: boolean) =>
  useQuery({
    queryKey: trustRequestKeys.approvers(),
    queryFn: async (): Promise<TeamMember[]> =>
      (await listContract(teamMemberListRoute, { query: { IsForTrustRequestApproval: true } }, 'firm')) ?? [],
    enabled,
    staleTime: 60_000,
  });

const mutation = { auth: 'firm', toastSuccess: true } as const;

export async function createTrustRequest(body: CreateTrustRequestParsed, idempotencyKey: string): Promise<TrustRequest> {
  return (await callContract(trustRequestCreateRoute, { body }, { ...mutation, idempotencyKey })).data;
}

export async function updateTrustRequest(id: string, body: CreateTrustRequestParsed): Promise<TrustRequest> {
  return (await callContract(trustRequestUpdateRoute, { params: { id }, body }, mutation)).data;
}

export async function submitTrustRequest(id: string): Promise<TrustRequest> {
  return (await callContract(trustRequestSubmitRoute, { params: { id } }, mutation)).data;
}

export async function approveTrustRequest(id: string): Promise<TrustRequest> {
  return (await callContract(trustRequestApproveRoute, { params: { id } }, mutation)).data;
}

export async function sendTrustRequest(id: string, body: { toEmail?: string | null; message?: string | null }): Promise<TrustRequestSent> {
  return (await callContract(trustRequestSendRoute, { params: { id }, body }, mutation)).data;
}

export async function cancelTrustRequest(id: string, reason: string): Promise<TrustRequest> {
  return (await callContract(trustRequestCancelRoute, { params: { id }, body: { reason } }, mutation)).data;
}
