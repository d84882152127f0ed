import { portalClientMattersRoute, portalMatterRoute, portalOverviewRoute, type PortalMatter } from '@matterhorn/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { errorMessageFrom, type ApiEnvelope } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { clientToken } from '../../../lib/session-storage.ts';
import { prefetchPortalPrivacyNotice } from './portal-privacy-notice-api.ts';

/**
 * The signed-in portal's overview and matters, and what every tab's calls share. Each other tab has
 * its calls in a file of its own (portal-documents-api.ts, portal-invoices-api.ts…), loaded with the
 * tab: the overview a client lands on does not download the others' schemas. The sign-in pages'
 * calls are in portal-sign-in.ts.
 */

/** The signed-in client's token; a failure toasts and throws (the query shows its error). */
export const clientCall = { auth: 'client' } as const;

/** The signed-in client's matters; the API takes the client and firm from the session. */
export async function getPortalMatters(): Promise<PortalMatter[]> {
  return (await callContract(portalClientMattersRoute, {}, clientCall)).data;
}

/**
 * How long the overview's answers, asked for as its address matched (prefetchPortalOverview), count
 * as fresh: the page drawn a moment later shows them instead of asking again.
 */
const FIRST_SCREEN_FRESH_MS = 10_000;

export const portalMattersQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'matters'],
    queryFn: getPortalMatters,
    enabled: clientId !== null,
    staleTime: FIRST_SCREEN_FRESH_MS,
  });

export const usePortalMatters = (clientId: string | null) => useQuery(portalMattersQuery(clientId));

/** The overview tab: matters, next court dates and what was shared lately. */
export const portalOverviewQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'overview'],
    queryFn: async () => (await callContract(portalOverviewRoute, {}, clientCall)).data,
    enabled: clientId !== null,
    staleTime: FIRST_SCREEN_FRESH_MS,
  });

/**
 * Asks for the overview's data as its route matches, while the page's code is still downloading,
 * not after the page has drawn: on a phone network the client's matters arrive a round trip and a
 * render sooner (issue 43). The page's own queries then find the answers in the cache.
 */
export function prefetchPortalOverview(queryClient: QueryClient, clientId: string): void {
  void queryClient.prefetchQuery(portalOverviewQuery(clientId));
  void queryClient.prefetchQuery(portalMattersQuery(clientId));
  prefetchPortalPrivacyNotice(queryClient);
}

/** One matter with the notes and court updates the firm shared on it. */
export const portalMatterQuery = (clientId: string | null, matterId: string) =>
  queryOptions({
    queryKey: ['portal', clientId, 'matter', matterId],
    queryFn: async () => (await callContract(portalMatterRoute, { params: { id: matterId } }, clientCall)).data,
    enabled: clientId !== null && matterId !== '',
  });

/** A multipart POST with the client's token: the form fields first, then the file. */
export async function postWithFile(url: string, fields: Record<string, string>, file: File, failure: string): Promise<unknown> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
  form.append('file', file, file.name);
  const token = clientToken();
  const response = await fetch(url, {
    method: 'POST',
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(errorMessageFrom(response.status, body, failure));
  }
  return ((await response.json()) as ApiEnvelope<unknown>).data;
}
