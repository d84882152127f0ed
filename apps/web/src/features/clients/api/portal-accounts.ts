import { portalAccountListSchema, type PortalAccount, type PortalAccountInvite } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiMutate, apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

const BASE = '/admin/client-portal';

export const portalAccountsKey = (clientId: string) => ['clients', 'portal-accounts', clientId] as const;

/** One client's portal accounts (one per contact), with status and last sign-in. */
export async function getPortalAccounts(clientId: string): Promise<PortalAccount[]> {
  const envelope = await apiRequest<ApiEnvelope<unknown>>(`${BASE}/get-portal-accounts`, {
    query: { ClientId: clientId },
    auth: 'firm',
    silent: true,
  });
  return portalAccountListSchema.parse(envelope.data);
}

export const portalAccountsQuery = (clientId: string) =>
  queryOptions({ queryKey: portalAccountsKey(clientId), queryFn: () => getPortalAccounts(clientId) });

export const usePortalAccounts = (clientId: string) => useQuery(portalAccountsQuery(clientId));

export const invitePortalAccount = (body: PortalAccountInvite) =>
  apiMutate<unknown>(`${BASE}/invite-portal-account`, body, { auth: 'firm' });

/** What the firm can do to an account; reset-authenticator forgets its authenticator app (a lost phone). */
export type PortalAccountChange = 'disable' | 'enable' | 'remove' | 'reset-authenticator';

export const changePortalAccount = (change: PortalAccountChange, accountId: string) =>
  apiMutate<unknown>(`${BASE}/${change}-portal-account/${encodeURIComponent(accountId)}`, undefined, { auth: 'firm' });
