import { hasPermissions, MAX_PAGE_SIZE, type FlatFeeListItem } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiList } from '../../../lib/api-client.ts';
import { billingState } from '../../../lib/app-state/billing-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';

/**
 * This hook runs in the firm shell on every page, so it stays small: it names the list call itself
 * rather than importing the list module, whose contract schemas would add a chunk to every first
 * visit (e2e/tests/first-contact-and-load.spec.ts holds those budgets). The flat-fees root key and
 * path must match api/flat-fee-list.ts (a component test checks both).
 */
export const UNBILLED_FLAT_FEES_PATH = '/admin/expense-flat-fees-info/get-flat-fees-list';
export const unbilledFlatFeesKey = (scope: string) => ['flat-fees', 'unbilled', scope] as const;

function isFlatFeeItem(item: unknown): item is FlatFeeListItem {
  if (typeof item !== 'object' || item === null) return false;
  const { id, amount, status } = item as Record<string, unknown>;
  return typeof id === 'string' && typeof amount === 'string' && status === 'Unbilled';
}

/** The newest unbilled flat fees (get-flat-fees-list status=Unbilled); null when the call or its answer fails (SPEC.md §8: silently). */
export async function getUnbilledFlatFees(): Promise<FlatFeeListItem[] | null> {
  const page = await apiList<{ data?: unknown }>(UNBILLED_FLAT_FEES_PATH, { status: 'Unbilled', page: 1, size: MAX_PAGE_SIZE }, 'firm');
  const items = page?.data;
  return Array.isArray(items) && items.every(isFlatFeeItem) ? items : null;
}

/** Keyed by firm and user, so another sign-in in the same tab never sees the last user's fees. */
export const unbilledFlatFeesQuery = (scope: string) =>
  queryOptions({ queryKey: unbilledFlatFeesKey(scope), queryFn: getUnbilledFlatFees });

/**
 * SPEC.md §4 pre-fetch of unbilled flat fees into the shared billing state. The query sits under
 * ['flat-fees'], so any save or delete of a flat fee refreshes it too.
 */
export function usePrefetchUnbilledFlatFees(): void {
  const session = useSession();
  const user = session.workingUser;
  const isEnabled =
    session.isFirmSignedIn && user !== null && user.isSetupComplete && hasPermissions(session.permissions, ['flatFeePermission']);
  const scope = `${user?.businessId ?? ''}:${user?.profileId ?? ''}`;
  const query = useQuery({ ...unbilledFlatFeesQuery(scope), enabled: isEnabled });
  const fees = isEnabled ? (query.data ?? null) : null;

  useEffect(() => {
    billingState.setUnbilledFlatFees(fees);
  }, [fees]);

  // Leaving the firm side (sign-out) leaves nothing behind for the next user.
  useEffect(() => () => billingState.setUnbilledFlatFees(null), []);
}
