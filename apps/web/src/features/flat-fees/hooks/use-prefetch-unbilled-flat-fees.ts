import { hasPermissions, MAX_PAGE_SIZE, type FlatFeeListItem } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { billingState } from '../../../lib/app-state/billing-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { flatFeeKeys, getFlatFeePage } from '../api/flat-fee-list.ts';

/** The newest unbilled flat fees (get-flat-fees-list status=Unbilled); null when the call failed (SPEC.md §8: silently). */
export async function getUnbilledFlatFees(): Promise<FlatFeeListItem[] | null> {
  const page = await getFlatFeePage({ status: 'Unbilled', page: 1, size: MAX_PAGE_SIZE });
  return page ? page.data : null;
}

/** Keyed by firm and user, so another sign-in in the same tab never sees the last user's fees. */
export const unbilledFlatFeesQuery = (scope: string) =>
  queryOptions({ queryKey: flatFeeKeys.unbilled(scope), queryFn: getUnbilledFlatFees });

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
