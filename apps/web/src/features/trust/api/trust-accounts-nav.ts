import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

export type TrustAccountNavItem = { id: string; name: string };

/**
 * GET get-trust-accounts, below the API base. The shell keeps the path, not the contract: the
 * contract would bring the trust account schema to every page (ADR 40); its test checks the two agree.
 */
export const TRUST_ACCOUNTS_NAV_PATH = '/admin/trust-account/get-trust-accounts';

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
    const envelope = await apiRequest<ApiEnvelope<unknown>>(TRUST_ACCOUNTS_NAV_PATH, { auth: 'firm', silent: true });
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
