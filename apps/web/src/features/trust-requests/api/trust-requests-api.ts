import {
  publicTrustRequestSchema,
  teamMemberSchema,
  trustAccountSchema,
  trustRequestPageSchema,
  trustRequestSchema,
  trustRequestSentSchema,
  type CreateTrustRequestParsed,
  type PublicTrustRequest,
  type TeamMember,
  type TrustAccount,
  type TrustRequest,
  type TrustRequestListQuery,
  type TrustRequestPage,
  type TrustRequestSent,
} from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_BASE,
  ApiError,
  apiList,
  apiMutate,
  apiRequest,
  buildQueryString,
  type ApiEnvelope,
  type QueryParams,
} from '../../../lib/api-client.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { parseList } from '../../../lib/parse-list.ts';

export const TRUST_REQUEST_BASE_PATH = '/admin/trust-account';
export const TRUST_REQUEST_LIST_PATH = `${TRUST_REQUEST_BASE_PATH}/get-trust-requests`;

/** Every trust request query lives under ['trust-requests']: one invalidation refreshes lists and views. */
export const trustRequestKeys = {
  all: ['trust-requests'] as const,
  list: (query: TrustRequestListQuery) => ['trust-requests', 'list', query] as const,
  detail: (id: string) => ['trust-requests', 'detail', id] as const,
  accounts: () => ['trust-requests', 'trust-accounts'] as const,
  approvers: () => ['trust-requests', 'approvers'] as const,
};

function listParams(query: TrustRequestListQuery): QueryParams {
  const params: QueryParams = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === '' || value === undefined || value === null) continue;
    params[key] = value as QueryParams[string];
  }
  return params;
}

export async function getTrustRequestPage(query: TrustRequestListQuery): Promise<TrustRequestPage | null> {
  const parsed = trustRequestPageSchema.safeParse(await apiList<unknown>(TRUST_REQUEST_LIST_PATH, listParams(query), 'firm'));
  return parsed.success ? parsed.data : null;
}

export const useTrustRequestPage = (query: TrustRequestListQuery) =>
  useQuery(
    queryOptions({ queryKey: trustRequestKeys.list(query), queryFn: () => getTrustRequestPage(query), placeholderData: keepPreviousData }),
  );

export function downloadTrustRequestsCsv(query: TrustRequestListQuery): Promise<void> {
  const { page: _page, size: _size, ...filters } = query;
  const url = `${API_BASE}${TRUST_REQUEST_LIST_PATH}${buildQueryString(listParams({ ...filters, IsDownlodCsv: true }))}`;
  return downloadCsv(url, 'trust-requests.csv');
}

export async function getTrustRequest(id: string): Promise<TrustRequest | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>(`${TRUST_REQUEST_BASE_PATH}/get-trust-request/${encodeURIComponent(id)}`, {
      auth: 'firm',
      silent: true,
    });
    const parsed = trustRequestSchema.safeParse(envelope.data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const useTrustRequest = (id: string | null) =>
  useQuery({ queryKey: trustRequestKeys.detail(id ?? ''), queryFn: () => getTrustRequest(id!), enabled: id !== null });

/** The firm's trust accounts (the trust core's list); an answer of either a list or a page of them. */
export async function getTrustAccounts(): Promise<TrustAccount[]> {
  return parseList(trustAccountSchema, await apiList<unknown>(`${TRUST_REQUEST_BASE_PATH}/get-trust-accounts`, undefined, 'firm'));
}

export const useTrustAccounts = (enabled = true) =>
  useQuery({ queryKey: trustRequestKeys.accounts(), queryFn: getTrustAccounts, enabled, staleTime: 60_000 });

/** Who may approve trust requests (get-all-user IsForTrustRequestApproval). */
export const useTrustRequestApprovers = (enabled: boolean) =>
  useQuery({
    queryKey: trustRequestKeys.approvers(),
    queryFn: async (): Promise<TeamMember[]> =>
      parseList(
        teamMemberSchema,
        await apiList<unknown>('/admin/team-member-details/get-all-user', { IsForTrustRequestApproval: true }, 'firm'),
      ),
    enabled,
    staleTime: 60_000,
  });

const parsedRequest = (envelope: ApiEnvelope<unknown>) => trustRequestSchema.parse(envelope.data);
const path = (action: string, id: string) => `${TRUST_REQUEST_BASE_PATH}/${action}/${encodeURIComponent(id)}`;

export async function createTrustRequest(body: CreateTrustRequestParsed, idempotencyKey: string): Promise<TrustRequest> {
  return parsedRequest(await apiMutate<unknown>(`${TRUST_REQUEST_BASE_PATH}/create-trust-request`, body, { auth: 'firm', idempotencyKey }));
}

export async function updateTrustRequest(id: string, body: CreateTrustRequestParsed): Promise<TrustRequest> {
  return parsedRequest(await apiMutate<unknown>(path('update-trust-request', id), body, { method: 'PUT', auth: 'firm' }));
}

export async function submitTrustRequest(id: string): Promise<TrustRequest> {
  return parsedRequest(await apiMutate<unknown>(path('submit-trust-request', id), {}, { auth: 'firm' }));
}

export async function approveTrustRequest(id: string): Promise<TrustRequest> {
  return parsedRequest(await apiMutate<unknown>(path('approve-trust-request', id), {}, { auth: 'firm' }));
}

export async function sendTrustRequest(id: string, body: { toEmail?: string | null; message?: string | null }): Promise<TrustRequestSent> {
  const envelope = await apiMutate<unknown>(path('send-trust-request', id), body, { auth: 'firm' });
  return trustRequestSentSchema.parse(envelope.data);
}

export async function cancelTrustRequest(id: string, reason: string): Promise<TrustRequest> {
  return parsedRequest(await apiMutate<unknown>(path('cancel-trust-request', id), { reason }, { auth: 'firm' }));
}

/** The request on its public link; null when the link is unknown or replaced (the page says so). */
export async function getPublicTrustRequest(slug: string): Promise<PublicTrustRequest | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>(`/public/trust-request/${encodeURIComponent(slug)}`, {
      auth: 'none',
      silent: true,
    });
    return publicTrustRequestSchema.parse(envelope.data);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const usePublicTrustRequest = (slug: string) =>
  useQuery({ queryKey: ['public-trust-request', slug], queryFn: () => getPublicTrustRequest(slug), staleTime: 60_000 });
