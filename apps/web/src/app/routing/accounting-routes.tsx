import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';

const pages = () => import('../../features/accounting/pages/accounting-pages.ts');
const LazyChartOfAccountsPage = lazy(async () => ({ default: (await pages()).ChartOfAccountsPage }));
const LazyJournalEntriesPage = lazy(async () => ({ default: (await pages()).JournalEntriesPage }));
const LazyGeneralLedgerPage = lazy(async () => ({ default: (await pages()).GeneralLedgerPage }));
const LazyTrialBalancePage = lazy(async () => ({ default: (await pages()).TrialBalancePage }));
const LazyBankAccountsPage = lazy(async () => ({ default: (await pages()).BankAccountsPage }));
const LazyVatPage = lazy(async () => ({ default: (await pages()).VatPage }));
// Its own chunk: the other accounting pages do not carry it.
const LazyPeriodClosePage = lazy(async () => ({
  default: (await import('../../features/accounting/pages/period-close-page.tsx')).PeriodClosePage,
}));
// The statements and budgets are a chunk of their own, so the books' other pages do not carry them.
const statements = () => import('../../features/accounting/pages/statement-pages.ts');
const LazyProfitAndLossPage = lazy(async () => ({ default: (await statements()).ProfitAndLossPage }));
const LazyBalanceSheetPage = lazy(async () => ({ default: (await statements()).BalanceSheetPage }));
const LazyBudgetsPage = lazy(async () => ({ default: (await statements()).BudgetsPage }));

export function AccountingRoutes() {
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <Routes>
        <Route index element={<Navigate to="/accounting/chart-of-accounts" replace />} />
        <Route path="chart-of-accounts" element={<LazyChartOfAccountsPage />} />
        <Route path="journal-entries" element={<LazyJournalEntriesPage />} />
        <Route path="general-ledger" element={<LazyGeneralLedgerPage />} />
        <Route path="trial-balance" element={<LazyTrialBalancePage />} />
        <Route path="profit-and-loss" element={<LazyProfitAndLossPage />} />
        <Route path="balance-sheet" element={<LazyBalanceSheetPage />} />
        <Route path="budgets" element={<LazyBudgetsPage />} />
        <Route path="bank-accounts" element={<LazyBankAccountsPage />} />
        <Route path="vat" element={<LazyVatPage />} />
        <Route path="period-close" element={<LazyPeriodClosePage />} />
        <Route path="*" element={<Navigate to="/accounting/chart-of-accounts" replace />} />
      </Routes>
    </Suspense>
  );
}
