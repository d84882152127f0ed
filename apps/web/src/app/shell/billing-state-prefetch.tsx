import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usePrefetchUnbilledExpenses } from '../../features/expenses/hooks/use-prefetch-unbilled-expenses.ts';
import { usePrefetchUnbilledFlatFees } from '../../features/flat-fees/hooks/use-prefetch-unbilled-flat-fees.ts';
import { usePrefetchBillableTimeEntries } from '../../features/time-entries/hooks/use-prefetch-billable-time-entries.ts';

/**
 * SPEC.md §4 pre-fetch, run by the firm shell on every firm (non-public, non-portal) page: what an
 * invoice can be built from, each into its list of the shared billing state (lib/app-state/billing-state.ts).
 * One hook per kind, each skipped for users without its permission.
 */
function BillingStatePrefetch() {
  usePrefetchBillableTimeEntries();
  usePrefetchUnbilledExpenses();
  usePrefetchUnbilledFlatFees();
  return null;
}

/** The page's own requests count as done once none has been in flight for this long. */
const PAGE_QUIET_MS = 300;
/** The pre-fetch waits at most this long after the first paint for the page's requests to end. */
const PAGE_WAIT_MAX_MS = 3000;

/**
 * The pre-fetch starts once the page has painted and its own data has arrived (or after at most
 * PAGE_WAIT_MAX_MS): its three lists of up to 100 rows each are read and checked on the main
 * thread, which on a slow phone came before the page's first paint, then before its rows.
 */
export function BillingStatePrefetchAfterPaint() {
  const [paintedAt, setPaintedAt] = useState<number | null>(null);
  const [isPageDone, setIsPageDone] = useState(false);
  const requestsInFlight = useIsFetching();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs just before its paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPaintedAt(Date.now()))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  useEffect(() => {
    if (paintedAt === null || isPageDone) return;
    const deadline = paintedAt + PAGE_WAIT_MAX_MS - Date.now();
    const wait = requestsInFlight === 0 ? Math.min(PAGE_QUIET_MS, deadline) : deadline;
    const timer = setTimeout(() => setIsPageDone(true), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [paintedAt, requestsInFlight, isPageDone]);
  return isPageDone ? <BillingStatePrefetch /> : null;
}
