import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

export type TrustAccountNavItem = { id: string; name: string };

/** Only what the menu shows, read without the trust schemas: the shell is on every page and stays light. */
function navItemsOf(data: unknown): TrustAccountNavItem[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((item: unknown) => {
    const { id, name } = (item ?? {}) as { id?: unknown; name?: unknown };
    return typeof id === 'string' && typeof name === 'string' ? [{ id, name }] : [];
  });
}

/**
 * GET get-trust-accounts for the shell's side navigation, which lists the accounts under Trust
 * Account. Its key starts with 'trust', so any trust change refreshes it.
 */
export const trustAccountNavQuery = queryOptions({
  queryKey: ['trust', 'nav-accounts'] as const,
  queryFn: async (): Promise<TrustAccountNavItem[]> => {
    const envelope = await apiRequest<ApiEnvelope<unknown>>('/admin/trust-account/get-trust-accounts', { auth: 'firm', silent: true });
    return navItemsOf(envelope.data);
  },
});

/** The side navigation's sub-links: the accounts list, then every account. */
export function trustAccountNavItems(accounts: readonly TrustAccountNavItem[]) {
  return [
    { label: 'All accounts', to: '/trust-account/accounts', match: '/trust-account/accounts' },
    ...accounts.map((account) => ({ label: account.name, to: `/trust-account/${account.id}`, match: `/trust-account/${account.id}` })),
  ];
}
