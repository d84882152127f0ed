export { ChartOfAccountsPage } from './chart-of-accounts-page.tsx';
export { GeneralLedgerPage } from './general-ledger-page.tsx';
export { JournalEntriesPage } from './journal-entries-page.tsx';
export { TrialBalancePage } from './trial-balance-page.tsx';
export { BankAccountsPage } from './bank-accounts-page.tsx';
export { VatPage } from './vat-page.tsx';
