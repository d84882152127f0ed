import type { BalanceSheet, Budget, FinancialFigure, FinancialLine, ProfitAndLoss, TieOut } from '@matterhorn/shared';

const figure = (amount: string, comparison: string | null = null, variance: string | null = null, variancePercent: string | null = null) =>
  ({ amount, comparison, variance, variancePercent }) satisfies FinancialFigure;

export const tieOuts: TieOut[] = [
  {
    check: 'Accounts receivable (1200) = Σ open invoices’ balance due',
    currencyCode: 'NGN',
    expected: '180000.00',
    actual: '180000.00',
    difference: '0.00',
    passes: true,
  },
  {
    check: 'Client trust liability (2200) = Σ client trust ledgers',
    currencyCode: 'NGN',
    expected: '80000.00',
    actual: '79000.00',
    difference: '-1000.00',
    passes: false,
  },
];

/** A profit and loss answer with a budget comparison: fee income under budget, rent over. */
export const profitAndLoss: ProfitAndLoss = {
  fromDate: '2026-01-01',
  toDate: '2026-03-31',
  basis: 'accrual',
  basisDescription: 'Accrual basis: income when it is invoiced.',
  compare: 'budget',
  comparison: { label: 'Budget', fromDate: '2026-01-01', toDate: '2026-03-31' },
  currencyCode: 'NGN',
  currencies: [
    {
      currencyCode: 'NGN',
      income: {
        title: 'Income',
        lines: [
          {
            kind: 'account',
            accountId: 'a',
            number: '4000',
            name: 'Fee income',
            depth: 0,
            ...figure('300000.00', '450000.00', '-150000.00', '-33.3'),
          },
        ],
        totalLabel: 'Total income',
        total: figure('300000.00', '450000.00', '-150000.00', '-33.3'),
      },
      expenses: {
        title: 'Expenses',
        lines: [
          {
            kind: 'account',
            accountId: 'b',
            number: '5010',
            name: 'Rent and rates',
            depth: 0,
            ...figure('100000.00', '90000.00', '10000.00', '11.1'),
          },
        ],
        totalLabel: 'Total expenses',
        total: figure('100000.00', '90000.00', '10000.00', '11.1'),
      },
      netIncome: figure('200000.00', '360000.00', '-160000.00', '-44.4'),
    },
  ],
  tieOuts,
  tieOutsPass: false,
};

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twelve = (amount: string) => Array<string>(12).fill(amount);

export const budget = (overrides: Partial<Budget> = {}): Budget => ({
  fiscalYear: 2026,
  label: '2026',
  fromDate: '2026-01-01',
  toDate: '2026-12-31',
  months: months.map((month, index) => ({ month: `2026-${String(index + 1).padStart(2, '0')}-01`, label: `${month} 2026` })),
  currencyCode: 'NGN',
  source: 'saved',
  isSaved: true,
  updatedAt: '2026-01-02T10:00:00.000Z',
  accounts: [
    {
      accountId: 'a',
      number: '4000',
      name: 'Fee income',
      type: 'income',
      parentId: null,
      isActive: true,
      amounts: twelve('150000.00'),
      total: '1800000.00',
    },
    {
      accountId: 'b',
      number: '5010',
      name: 'Rent and rates',
      type: 'expense',
      parentId: null,
      isActive: true,
      amounts: twelve('30000.00'),
      total: '360000.00',
    },
  ],
  income: { amounts: twelve('150000.00'), total: '1800000.00' },
  expenses: { amounts: twelve('30000.00'), total: '360000.00' },
  netIncome: { amounts: twelve('120000.00'), total: '1440000.00' },
  savedYears: [2026],
  ...overrides,
});

const line = (number: string | null, name: string, amount: string, kind: FinancialLine['kind'] = 'account'): FinancialLine => ({
  kind,
  accountId: number,
  number,
  name,
  depth: 0,
  ...figure(amount),
});

export const balanceSheet: BalanceSheet = {
  asOfDate: '2026-06-30',
  fiscalYearStart: '2026-04-01',
  basisDescription: 'Accrual basis: every journal line dated on or before the date.',
  compare: 'none',
  comparison: null,
  currencyCode: 'NGN',
  currencies: [
    {
      currencyCode: 'NGN',
      assets: {
        title: 'Assets',
        lines: [line('1000', 'Operating bank', '870000.00'), line('1200', 'Accounts receivable', '180000.00')],
        totalLabel: 'Total assets',
        total: figure('1050000.00'),
      },
      liabilities: { title: 'Liabilities', lines: [], totalLabel: 'Total liabilities', total: figure('0.00') },
      equity: {
        title: 'Equity',
        lines: [
          line('3000', 'Owner’s equity', '1000000.00'),
          line(null, 'Retained earnings: net income of earlier fiscal years', '150000.00', 'computed'),
          line(null, 'Current year net income', '-100000.00', 'computed'),
        ],
        totalLabel: 'Total equity',
        total: figure('1050000.00'),
      },
      totalLiabilitiesAndEquity: figure('1050000.00'),
      clientMoney: {
        title: 'Client money held in trust (not the firm’s)',
        lines: [line('1100', 'Client trust bank', '80000.00'), line('2200', 'Client trust liability', '80000.00')],
        totalLabel: 'Trust bank less client trust liability',
        total: figure('0.00'),
      },
      isBalanced: true,
    },
  ],
  isBalanced: true,
  tieOuts,
  tieOutsPass: false,
};
