import { hasPermissions, IS_BILLABLE, MAX_PAGE_SIZE, TIME_ENTRY_STATUS, type TimeEntryListItem } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { billingState } from '../../../lib/app-state/billing-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { getTimeEntryPage, timeEntryKeys } from '../api/time-entry-list.ts';

/**
 * The newest billable entries not yet on an invoice. The list has no status filter, so billed
 * (locked) entries are dropped here; null when the call failed (SPEC.md §8: silently).
 */
export async function getUnbilledBillableTimeEntries(): Promise<TimeEntryListItem[] | null> {
  const page = await getTimeEntryPage({ IsBillable: IS_BILLABLE.billable, page: 1, size: MAX_PAGE_SIZE });
  return page ? page.data.filter((entry) => !entry.isLocked && entry.status !== TIME_ENTRY_STATUS.billed) : null;
}

/** Keyed by firm and user, so another sign-in in the same tab never sees the last user's entries. */
export const unbilledTimeEntriesQuery = (scope: string) =>
  queryOptions({ queryKey: timeEntryKeys.unbilled(scope), queryFn: getUnbilledBillableTimeEntries });

/**
 * SPEC.md §4 pre-fetch, called by the firm shell on every firm page: billable, unbilled time
 * entries into the shared billing state. The query sits under ['time-entries'], so any save,
 * delete or timer stop that refreshes time entries refreshes these too. Retries and refetch on
 * window focus are off app-wide (createAppQueryClient in lib/query-client.tsx).
 */
export function usePrefetchBillableTimeEntries(): void {
  const session = useSession();
  const user = session.workingUser;
  const isEnabled = session.isFirmSignedIn && user !== null && user.isSetupComplete && hasPermissions(session.permissions, ['timeEntry']);
  const scope = `${user?.businessId ?? ''}:${user?.profileId ?? ''}`;
  const query = useQuery({ ...unbilledTimeEntriesQuery(scope), enabled: isEnabled });
  const entries = isEnabled ? (query.data ?? null) : null;

  useEffect(() => {
    billingState.setUnbilledTimeEntries(entries);
  }, [entries]);

  // Leaving the firm side (sign-out) leaves nothing behind for the next user.
  useEffect(() => () => billingState.setUnbilledTimeEntries(null), []);
}
