import { portalSignInSettingsSchema, type PortalSignInSettings } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiMutate, apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

export const PORTAL_SIGN_IN_SETTINGS_KEY = ['portal-sign-in-settings'] as const;

export async function getPortalSignInSettings(): Promise<PortalSignInSettings> {
  const envelope = await apiRequest<ApiEnvelope<unknown>>('/admin/client-portal/get-sign-in-settings', { auth: 'firm', silent: true });
  return portalSignInSettingsSchema.parse(envelope.data);
}

export const portalSignInSettingsQuery = queryOptions({ queryKey: PORTAL_SIGN_IN_SETTINGS_KEY, queryFn: getPortalSignInSettings });

export const usePortalSignInSettings = () => useQuery(portalSignInSettingsQuery);

export async function updatePortalSignInSettings(body: PortalSignInSettings): Promise<PortalSignInSettings> {
  const envelope = await apiMutate<PortalSignInSettings>('/admin/client-portal/update-sign-in-settings', body, {
    method: 'PUT',
    auth: 'firm',
  });
  return envelope.data;
}
