import {
  portalAccountDisableRoute,
  portalAccountEnableRoute,
  portalAccountInviteRoute,
  portalAccountRemoveRoute,
  portalAccountResetAuthenticatorRoute,
  portalAccountsRoute,
  type PortalAccount,
  type PortalAccountInvite,
} from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

export const portalAccountsKey = (clientId: string) => ['clients', 'portal-accounts', clientId] as const;

/** One client's portal accounts (one per contact), with status and last sign-in. */
export async function getPortalAccounts(clientId: string): Promise<PortalAccount[]> {
  return (await callContract(portalAccountsRoute, { query: { ClientId: clientId } }, { auth: 'firm', silent: true })).data;
}

export const portalAccountsQuery = (clientId: string) =>
  queryOptions({ queryKey: portalAccountsKey(clientId), queryFn: () => getPortalAccounts(clientId) });

export const usePortalAccounts = (clientId: string) => useQuery(portalAccountsQuery(clientId));

export const invitePortalAccount = (body: PortalAccountInvite) =>
  callContract(portalAccountInviteRoute, { body }, { auth: 'firm', toastSuccess: true });

/** What the firm can do to an account; reset-authenticator forgets its authenticator app (a lost phone). */
export type PortalAccountChange = 'disable' | 'enable' | 'remove' | 'reset-authenticator';

const changeRoutes = {
  disable: portalAccountDisableRoute,
  enable: portalAccountEnableRoute,
  remove: portalAccountRemoveRoute,
  'reset-authenticator': portalAccountResetAuthenticatorRoute,
} as const;

export const changePortalAccount = (change: PortalAccountChange, accountId: string) =>
  callContract(changeRoutes[change], { params: { id: accountId } }, { auth: 'firm', toastSuccess: true });
