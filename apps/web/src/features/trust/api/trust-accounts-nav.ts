import { trustAccountSchema, type TrustAccount } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

/**
 * GET get-trust-accounts, on its own so the shell's side navigation (which lists the accounts under
 * Trust Account) carries only this call, not the trust pages' API. Its key starts with 'trust', so
 * any trust change refreshes it.
 */
export const trustAccountsQuery = queryOptions({
  queryKey: ['trust', 'accounts'] as const,
  queryFn: async (): Promise<TrustAccount[]> => {
    const envelope = await apiRequest<ApiEnvelope<unknown>>('/admin/trust-account/get-trust-accounts', { auth: 'firm', silent: true });
    return trustAccountSchema.array().parse(envelope.data);
  },
});

/** The side navigation's sub-links: every account, then the accounts list. */
export function trustAccountNavItems(accounts: readonly TrustAccount[]) {
  return [
    { label: 'All accounts', to: '/trust-account/accounts', match: '/trust-account/accounts' },
    ...accounts.map((account) => ({ label: account.name, to: `/trust-account/${account.id}`, match: `/trust-account/${account.id}` })),
  ];
}
