import {
  portalFirmSchema,
  portalMatterDetailSchema,
  portalMatterSchema,
  portalOverviewSchema,
  type PortalFirm,
  type PortalMatter,
  type PortalSession,
} from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiMutate, apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

/** Null when no firm has this portal address (the page says so). */
export async function getFirmBranding(slug: string): Promise<PortalFirm | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>('/client-portal/get-firm-branding', {
      query: { Slug: slug },
      auth: 'none',
      silent: true,
    });
    const parsed = portalFirmSchema.safeParse(envelope.data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function useFirmBranding(slug: string) {
  return useQuery({ queryKey: ['firm-branding', slug], queryFn: () => getFirmBranding(slug), staleTime: 5 * 60_000 });
}

export async function portalLogin(body: { slug: string; email: string; password: string }): Promise<PortalSession> {
  const envelope = await apiMutate<PortalSession>('/client-portal/login', body, { auth: 'none', toastSuccess: false });
  return envelope.data;
}

export async function portalSignup(body: { slug: string; token: string; email: string; password: string }): Promise<PortalSession> {
  const envelope = await apiMutate<PortalSession>('/client-portal/signup', body, { auth: 'none' });
  return envelope.data;
}

export async function portalForgotPassword(body: { slug: string; email: string }): Promise<string> {
  const envelope = await apiMutate<unknown>('/client-portal/forgot-password', body, { auth: 'none' });
  return envelope.message;
}

export async function portalResetPassword(body: { slug: string; token: string; password: string }): Promise<string> {
  const envelope = await apiMutate<unknown>('/client-portal/reset-password', body, { auth: 'none' });
  return envelope.message;
}

/** The signed-in client's matters; the API takes the client and firm from the session. */
export async function getPortalMatters(): Promise<PortalMatter[]> {
  const envelope = await apiRequest<ApiEnvelope<unknown>>('/client-portal/get-client-portal-matters', { auth: 'client' });
  return z.array(portalMatterSchema).parse(envelope.data);
}

export const portalMattersQuery = (clientId: string | null) =>
  queryOptions({ queryKey: ['portal', clientId, 'matters'], queryFn: getPortalMatters, enabled: clientId !== null });

export const usePortalMatters = (clientId: string | null) => useQuery(portalMattersQuery(clientId));

/** The overview tab: matters, next court dates and what was shared lately. */
export const portalOverviewQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'overview'],
    queryFn: async () =>
      portalOverviewSchema.parse((await apiRequest<ApiEnvelope<unknown>>('/client-portal/get-overview', { auth: 'client' })).data),
    enabled: clientId !== null,
  });

/** One matter with the notes and court updates the firm shared on it. */
export const portalMatterQuery = (clientId: string | null, matterId: string) =>
  queryOptions({
    queryKey: ['portal', clientId, 'matter', matterId],
    queryFn: async () =>
      portalMatterDetailSchema.parse(
        (await apiRequest<ApiEnvelope<unknown>>(`/client-portal/get-matter/${encodeURIComponent(matterId)}`, { auth: 'client' })).data,
      ),
    enabled: clientId !== null && matterId !== '',
  });
