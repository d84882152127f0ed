import { usePrefetchUnbilledExpenses } from '../../features/expenses/hooks/use-prefetch-unbilled-expenses.ts';
import { usePrefetchUnbilledFlatFees } from '../../features/flat-fees/hooks/use-prefetch-unbilled-flat-fees.ts';
import { usePrefetchBillableTimeEntries } from '../../features/time-entries/hooks/use-prefetch-billable-time-entries.ts';

/**
 * SPEC.md §4 pre-fetch, run by the firm shell on every firm (non-public, non-portal) page: what an
 * invoice can be built from, each into its list of the shared billing state (lib/app-state/billing-state.ts).
 * One hook per kind, each skipped for users without its permission.
 */
export function usePrefetchBillingState(): void {
  usePrefetchBillableTimeEntries();
  usePrefetchUnbilledExpenses();
  usePrefetchUnbilledFlatFees();
}
