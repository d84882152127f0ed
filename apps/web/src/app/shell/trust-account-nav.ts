import { hasPermissions } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { trustAccountNavItems, trustAccountNavQuery } from '../../features/trust/api/trust-accounts-nav.ts';
import type { SecondaryNav } from './nav-items.ts';

export const TRUST_ACCOUNT_PREFIX = '/trust-account';

/**
 * Under /trust-account the side navigation lists the firm's trust accounts (issue 16: "the side
 * navigation's Trust Account entry lists the accounts"); asked for only on those pages.
 */
export function useTrustAccountNav(pathname: string, permissions: readonly string[]): SecondaryNav | null {
  const isTrustPage = pathname === TRUST_ACCOUNT_PREFIX || pathname.startsWith(`${TRUST_ACCOUNT_PREFIX}/`);
  const isAllowed = isTrustPage && hasPermissions(permissions, ['trustAccountRequest']);
  const accounts = useQuery({ ...trustAccountNavQuery, enabled: isAllowed });
  if (!isAllowed) return null;
  return { title: 'Trust Account', items: trustAccountNavItems(accounts.data ?? []) };
}
