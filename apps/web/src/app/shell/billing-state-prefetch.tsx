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

/**
 * The pre-fetch starts once the page has painted: its three lists of up to 100 rows each are read
 * and checked on the main thread, which on a slow phone came before the page's first paint.
 */
export function BillingStatePrefetchAfterPaint() {
  const [hasPainted, setHasPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs just before its paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setHasPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return hasPainted ? <BillingStatePrefetch /> : null;
}
