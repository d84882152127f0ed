import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';

/**
 * Every accounting page behind one route (accounting/*) and one lazy import in the firm's route
 * table, as the documents area: the table every firm page loads names one chunk for the books.
 */
const LazyChartOfAccountsPage = lazy(async () => ({
  default: (await import('../../features/accounting/pages/chart-of-accounts-page.tsx')).ChartOfAccountsPage,
}));
const LazyJournalEntriesPage = lazy(async () => ({
  default: (await import('../../features/accounting/pages/journal-entries-page.tsx')).JournalEntriesPage,
}));
const LazyGeneralLedgerPage = lazy(async () => ({
  default: (await import('../../features/accounting/pages/general-ledger-page.tsx')).GeneralLedgerPage,
}));
const LazyTrialBalancePage = lazy(async () => ({
  default: (await import('../../features/accounting/pages/trial-balance-page.tsx')).TrialBalancePage,
}));

export function AccountingRoutes() {
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <Routes>
        <Route index element={<Navigate to="/accounting/chart-of-accounts" replace />} />
        <Route path="chart-of-accounts" element={<LazyChartOfAccountsPage />} />
        <Route path="journal-entries" element={<LazyJournalEntriesPage />} />
        <Route path="general-ledger" element={<LazyGeneralLedgerPage />} />
        <Route path="trial-balance" element={<LazyTrialBalancePage />} />
        <Route path="*" element={<Navigate to="/accounting/chart-of-accounts" replace />} />
      </Routes>
    </Suspense>
  );
}
