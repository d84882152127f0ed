import type { LEDGER_ACCOUNT_CODES, LEDGER_ACCOUNT_TYPES } from '@matterhorn/shared';

type LedgerAccountCode = (typeof LEDGER_ACCOUNT_CODES)[number];
type LedgerAccountType = (typeof LEDGER_ACCOUNT_TYPES)[number];

/**
 * The numbered chart of accounts a law firm starts with (ADR 0046): 1xxx assets, 2xxx liabilities,
 * 3xxx equity, 4xxx income, 5xxx expenses. The system accounts (with a `code`) are the ones the
 * modules post to; the rest are the firm's to rename, renumber, deactivate or delete. Migration 0059
 * gives existing firms the same chart: keep the two in step (migrations.test.ts compares them).
 */
export type DefaultAccount = {
  number: string;
  name: string;
  type: LedgerAccountType;
  code?: LedgerAccountCode;
  /** The module whose sub-ledger this account's balance must equal: no manual postings. */
  ownedByModule?: 'invoices' | 'trust' | 'payments' | 'expenses';
  parentNumber?: string;
  /** Where it differs from its type's (a contra account). */
  normalBalance?: 'debit' | 'credit';
  description: string;
  /** Only in Nigeria's chart. */
  nigeriaOnly?: true;
};

export const DEFAULT_CHART: readonly DefaultAccount[] = [
  {
    number: '1000',
    code: 'operating-bank',
    name: 'Operating bank',
    type: 'asset',
    description: 'The firm’s own bank account: fees received, expenses paid.',
  },
  { number: '1010', name: 'Petty cash', type: 'asset', description: 'Cash kept in the office for small payments.' },
  {
    number: '1100',
    code: 'trust-bank',
    ownedByModule: 'trust',
    name: 'Client trust bank',
    type: 'asset',
    description: 'Money held for clients in the trust (client) bank accounts; moves only with trust movements.',
  },
  {
    number: '1200',
    code: 'accounts-receivable',
    ownedByModule: 'invoices',
    name: 'Accounts receivable',
    type: 'asset',
    description: 'What clients owe on issued invoices; moves only with invoices and their payments.',
  },
  {
    number: '1250',
    code: 'withholding-tax-receivable',
    name: 'Withholding tax receivable',
    type: 'asset',
    description: 'Withholding tax clients deducted from fees, recoverable against the firm’s income tax with the credit notes.',
  },
  { number: '1500', name: 'Office equipment', type: 'asset', description: 'Computers, furniture and other equipment the firm owns.' },
  { number: '2000', name: 'Accounts payable', type: 'liability', description: 'What the firm owes its suppliers.' },
  {
    number: '2100',
    code: 'tax-payable',
    name: 'Tax payable',
    type: 'liability',
    description: 'VAT output: tax charged on invoices, owed to the tax authority.',
  },
  {
    number: '2150',
    name: 'Withholding tax payable',
    type: 'liability',
    nigeriaOnly: true,
    description: 'Withholding tax the firm deducted from its suppliers, owed to the tax authority.',
  },
  {
    number: '2160',
    name: 'PAYE and pension payable',
    type: 'liability',
    nigeriaOnly: true,
    description: 'Staff income tax and pension contributions deducted, owed to the authorities and the pension administrator.',
  },
  {
    number: '2200',
    code: 'client-trust-liability',
    ownedByModule: 'trust',
    name: 'Client trust liability',
    type: 'liability',
    description: 'What the firm holds in trust for each client; equals the client ledgers.',
  },
  { number: '2300', name: 'Unearned retainers', type: 'liability', description: 'Fees received in advance of the work, not yet earned.' },
  {
    number: '2400',
    code: 'unapplied-cash',
    ownedByModule: 'payments',
    name: 'Unapplied client payments',
    type: 'liability',
    description: 'Client payments received but not yet applied to an invoice or refunded.',
  },
  { number: '3000', name: 'Owner’s equity', type: 'equity', description: 'The partners’ or owner’s capital in the firm.' },
  {
    number: '3100',
    name: 'Owner’s drawings',
    type: 'equity',
    normalBalance: 'debit',
    description: 'Money the partners or owner took out of the firm.',
  },
  {
    number: '3800',
    code: 'opening-balances',
    name: 'Opening balances',
    type: 'equity',
    description: 'The other side of balances brought over from a previous system (opening receivables); clear it to retained earnings.',
  },
  { number: '3900', name: 'Retained earnings', type: 'equity', description: 'Profits of earlier years kept in the firm.' },
  {
    number: '3950',
    code: 'currency-translation',
    name: 'Foreign currency translation',
    type: 'equity',
    ownedByModule: 'payments',
    description: 'The home currency’s side of realised exchange gains and losses on money kept in other currencies.',
  },
  { number: '4000', code: 'fee-income', name: 'Fee income', type: 'income', description: 'Fees billed for time and flat fees.' },
  {
    number: '4010',
    parentNumber: '4000',
    name: 'Fee income – Corporate',
    type: 'income',
    description: 'Fees of corporate and commercial matters.',
  },
  {
    number: '4020',
    parentNumber: '4000',
    name: 'Fee income – Litigation',
    type: 'income',
    description: 'Fees of litigation and dispute matters.',
  },
  {
    number: '4030',
    parentNumber: '4000',
    name: 'Fee income – Property',
    type: 'income',
    description: 'Fees of property and conveyancing matters.',
  },
  {
    number: '4040',
    parentNumber: '4000',
    name: 'Fee income – Family and probate',
    type: 'income',
    description: 'Fees of family, probate and estate matters.',
  },
  {
    number: '4050',
    parentNumber: '4000',
    name: 'Fee income – Other practice areas',
    type: 'income',
    description: 'Fees of matters in the other practice areas.',
  },
  {
    number: '4060',
    parentNumber: '4000',
    code: 'consultation-fees',
    name: 'Fee income – Consultations',
    type: 'income',
    description: 'Fees prospective clients paid online to book a consultation (no client or matter exists yet).',
  },
  {
    number: '4100',
    code: 'expense-recoveries',
    name: 'Expense recoveries',
    type: 'income',
    description: 'Reimbursed client costs: expenses billed to clients on invoices.',
  },
  { number: '4200', name: 'Other income', type: 'income', description: 'Income that is not fees: interest, rent received, and so on.' },
  {
    number: '4300',
    code: 'fx-gain-loss',
    name: 'Foreign exchange gain or loss',
    type: 'income',
    description: 'Realised gains (credits) and losses (debits) when foreign-currency invoices are paid at another rate.',
  },
  {
    number: '5000',
    code: 'firm-expenses',
    ownedByModule: 'expenses',
    name: 'Firm expenses',
    type: 'expense',
    description: 'The firm’s own expenses paid through Matterhorn’s expenses (equal to them); post other running costs to 5010–5060.',
  },
  { number: '5010', name: 'Rent and rates', type: 'expense', description: 'Office rent, service charges and rates.' },
  { number: '5020', name: 'Salaries and wages', type: 'expense', description: 'Staff pay and benefits.' },
  { number: '5030', name: 'Utilities and internet', type: 'expense', description: 'Power, water, telephone and internet.' },
  {
    number: '5040',
    name: 'Practising fees and subscriptions',
    type: 'expense',
    description: 'Bar practising fees, law reports and professional subscriptions.',
  },
  { number: '5050', name: 'Office supplies', type: 'expense', description: 'Stationery, printing and small office items.' },
  {
    number: '5060',
    name: 'Professional indemnity insurance',
    type: 'expense',
    description: 'The firm’s professional indemnity and other insurance.',
  },
  {
    number: '5100',
    code: 'client-costs-advanced',
    ownedByModule: 'expenses',
    name: 'Client costs advanced',
    type: 'expense',
    description:
      'Advanced client costs: costs paid for clients, booked as an expense and recovered through expense recoveries when billed.',
  },
  {
    number: '5200',
    name: 'Non-reimbursable client costs',
    type: 'expense',
    description: 'Costs of clients’ matters the firm bears itself.',
  },
  {
    number: '5300',
    code: 'bank-charges',
    name: 'Bank and payment charges',
    type: 'expense',
    description: 'Bank fees and payment gateways’ fees.',
  },
  {
    number: '5400',
    code: 'write-offs',
    name: 'Bad debt write-offs',
    type: 'expense',
    description: 'Bad debts: invoice balances written off as uncollectable.',
  },
  {
    number: '5500',
    code: 'discounts-given',
    name: 'Discounts given',
    type: 'expense',
    description: 'Discounts given on invoices (contra-income).',
  },
];

/** Whether a firm's country (free text at set-up) is Nigeria, whose chart adds its own accounts. */
export const isNigeria = (country: string | null | undefined): boolean => /^\s*(nigeria|ng|nga)\s*$/i.test(country ?? '');

/** The default chart for a firm in `country` (the generic chart until the firm names its country). */
export const defaultChartFor = (country: string | null | undefined): readonly DefaultAccount[] =>
  DEFAULT_CHART.filter((account) => !account.nigeriaOnly || isNigeria(country));

export const normalBalanceOf = (type: LedgerAccountType): 'debit' | 'credit' =>
  type === 'asset' || type === 'expense' ? 'debit' : 'credit';

/** The tax rates a firm starts with: Nigeria's VAT (7.5% since February 2020) for a Nigerian firm; none elsewhere. */
export const defaultTaxRatesFor = (country: string | null | undefined): ReadonlyArray<{ name: string; ratePercent: string }> =>
  isNigeria(country) ? [{ name: 'VAT', ratePercent: '7.5' }] : [];
