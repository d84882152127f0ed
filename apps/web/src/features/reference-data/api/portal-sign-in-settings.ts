import { portalSignInSettingsRoute, portalSignInSettingsUpdateRoute, type PortalSignInSettings } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

export const PORTAL_SIGN_IN_SETTINGS_KEY = ['portal-sign-in-settings'] as const;

export async function getPortalSignInSettings(): Promise<PortalSignInSettings> {
  return (await callContract(portalSignInSettingsRoute, {}, { auth: 'firm', silent: true })).data;
}

export const portalSignInSettingsQuery = queryOptions({ queryKey: PORTAL_SIGN_IN_SETTINGS_KEY, queryFn: getPortalSignInSettings });

export const usePortalSignInSettings = () => useQuery(portalSignInSettingsQuery);

export async function updatePortalSignInSettings(body: PortalSignInSettings): Promise<PortalSignInSettings> {
  return (await callContract(portalSignInSettingsUpdateRoute, { body }, { auth: 'firm', toastSuccess: true })).data;
}
