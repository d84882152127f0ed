export { BalanceSheetPage } from './balance-sheet-page.tsx';
export { BudgetsPage } from './budgets-page.tsx';
export { ProfitAndLossPage } from './profit-and-loss-page.tsx';
