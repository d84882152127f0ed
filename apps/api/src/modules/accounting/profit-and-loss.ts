import {
  fiscalYearOf,
  fiscalYearRange,
  isoToDisplayDate,
  toCents,
  type ProfitAndLoss,
  type ProfitAndLossCurrency,
  type profitAndLossQuerySchema,
} from '@matterhorn/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { homeCurrencyOf } from '../../platform/ledger/ledger.ts';
import { findBudgetMonths } from './budgets.repository.ts';
import {
  accountLines,
  amountsOf,
  budgetForPeriod,
  currencyOrder,
  figureOf,
  previousPeriod,
  sameDayLastYear,
  type AccountAmounts,
  type ChartAccount,
  type Totals,
} from './statements.rules.ts';
import { ACCRUAL_ONLY_SOURCE_TYPES, findChart, findStatementFirm, sumCashReceiptShares, sumDayTotals } from './statements.repository.ts';
import { findBookTieOuts } from './tie-outs.ts';

type Query = z.output<typeof profitAndLossQuerySchema>;
type Basis = Query['Basis'];

/** Debits and credits per currency and account, as the basis counts them. */
type CurrencyTotals = Map<string, Map<string, Totals>>;

function addTotals(totals: CurrencyTotals, currency: string, accountId: string, debit: bigint, credit: bigint) {
  const accounts = totals.get(currency) ?? new Map<string, Totals>();
  const before = accounts.get(accountId) ?? { debit: 0n, credit: 0n };
  accounts.set(accountId, { debit: before.debit + debit, credit: before.credit + credit });
  totals.set(currency, accounts);
}

/**
 * The period's totals. Accrual: every line dated in it. Cash: every line except what invoices post
 * on issue, void and write-off, plus each payment's share of its invoice's income (see
 * sumCashReceiptShares).
 */
async function periodTotals(tx: Tx, firmId: string, basis: Basis, fromDate: string, toDate: string): Promise<CurrencyTotals> {
  const totals: CurrencyTotals = new Map();
  const rows = await sumDayTotals(tx, firmId, {
    fromDate,
    toDate,
    excludeSourceTypes: basis === 'cash' ? ACCRUAL_ONLY_SOURCE_TYPES : undefined,
  });
  for (const row of rows) addTotals(totals, row.currencyCode, row.accountId, toCents(row.debit), toCents(row.credit));
  if (basis === 'cash') {
    for (const share of await sumCashReceiptShares(tx, firmId, fromDate, toDate)) {
      const net = toCents(share.amount);
      addTotals(totals, share.currencyCode, share.accountId, net < 0n ? -net : 0n, net > 0n ? net : 0n);
    }
  }
  return totals;
}

export const BASIS_DESCRIPTIONS: Record<Basis, string> = {
  accrual:
    'Accrual basis: income when it is invoiced, expenses when they are posted — every journal line dated in the period, per currency.',
  cash:
    'Cash basis: fee income, expense recoveries and discounts when the client pays — for each payment received in the period, ' +
    'every income line of its invoice in proportion to the payment’s share of the invoice (rounded to the cent per invoice and ' +
    'account; a reversed payment counts against); invoices issued, voided or written off count only through their payments. ' +
    'Everything else — expenses paid, bank charges, manual journals — as posted.',
};

const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

/** The profit and loss account of a period, on a basis, with its comparison column and the books' tie-outs. */
export async function buildProfitAndLoss(tx: Tx, firmId: string, query: Query): Promise<ProfitAndLoss & { firmName: string }> {
  const firm = await findStatementFirm(tx, firmId);
  const toDate = query.ToDate ?? firm.today;
  const fromDate = query.FromDate ?? fiscalYearRange(fiscalYearOf(toDate, firm.fiscalYearStartMonth), firm.fiscalYearStartMonth).fromDate;
  if (fromDate > toDate) throw badRequest('FromDate must be on or before ToDate', { FromDate: 'FromDate must be on or before ToDate' });
  const home = await homeCurrencyOf(tx, firmId);
  const chart: ChartAccount[] = await findChart(tx, firmId);
  const income = chart.filter((account) => account.type === 'income');
  const expenses = chart.filter((account) => account.type === 'expense');
  const statementAccounts = new Set([...income, ...expenses].map((account) => account.id));

  const current = await periodTotals(tx, firmId, query.Basis, fromDate, toDate);
  let comparison: ProfitAndLoss['comparison'] = null;
  const compared = new Map<string, AccountAmounts>();
  if (query.Compare === 'previousPeriod' || query.Compare === 'lastYear') {
    const period =
      query.Compare === 'previousPeriod'
        ? previousPeriod(fromDate, toDate)
        : { fromDate: sameDayLastYear(fromDate), toDate: sameDayLastYear(toDate) };
    comparison = { label: query.Compare === 'previousPeriod' ? 'Previous period' : 'Last year', ...period };
    for (const [currency, totals] of await periodTotals(tx, firmId, query.Basis, period.fromDate, period.toDate)) {
      compared.set(currency, amountsOf([...income, ...expenses], totals));
    }
  } else if (query.Compare === 'budget') {
    comparison = { label: 'Budget', fromDate, toDate };
    const months = await findBudgetMonths(tx, firmId, monthOf(fromDate), monthOf(toDate));
    for (const currency of new Set(months.map((row) => row.currencyCode))) {
      const ofCurrency = months
        .filter((row) => row.currencyCode === currency)
        .map((row) => ({ accountId: row.accountId, month: row.month, amount: toCents(row.amount) }));
      compared.set(currency, budgetForPeriod(ofCurrency, fromDate, toDate));
    }
  }

  const hasFigures = (currency: string) =>
    [...(current.get(currency)?.entries() ?? [])].some(
      ([accountId, totals]) => statementAccounts.has(accountId) && totals.debit !== totals.credit,
    ) || [...(compared.get(currency)?.values() ?? [])].some((amount) => amount !== 0n);
  const codes = currencyOrder(home, [...current.keys(), ...compared.keys()].filter(hasFigures));
  const isComparing = query.Compare !== 'none';
  const currencies: ProfitAndLossCurrency[] = codes.map((currencyCode) => {
    const amounts = amountsOf([...income, ...expenses], current.get(currencyCode) ?? new Map());
    // A currency the budget is not kept in has no comparison (never another currency's figures).
    const against = isComparing ? (compared.get(currencyCode) ?? (query.Compare === 'budget' ? null : new Map())) : null;
    const incomeLines = accountLines(income, amounts, against);
    const expenseLines = accountLines(expenses, amounts, against);
    const net = incomeLines.amount - expenseLines.amount;
    const netComparison =
      incomeLines.comparison === null || expenseLines.comparison === null ? null : incomeLines.comparison - expenseLines.comparison;
    return {
      currencyCode,
      income: {
        title: 'Income',
        lines: incomeLines.lines,
        totalLabel: 'Total income',
        total: figureOf(incomeLines.amount, incomeLines.comparison),
      },
      expenses: {
        title: 'Expenses',
        lines: expenseLines.lines,
        totalLabel: 'Total expenses',
        total: figureOf(expenseLines.amount, expenseLines.comparison),
      },
      netIncome: figureOf(net, netComparison),
    };
  });
  const tieOuts = await findBookTieOuts(tx, firmId, chart, home);
  return {
    firmName: firm.firmName,
    fromDate,
    toDate,
    basis: query.Basis,
    basisDescription: `${BASIS_DESCRIPTIONS[query.Basis]} Period ${isoToDisplayDate(fromDate)} to ${isoToDisplayDate(toDate)}.`,
    compare: query.Compare,
    comparison,
    currencyCode: home,
    currencies,
    tieOuts,
    tieOutsPass: tieOuts.every((tieOut) => tieOut.passes),
  };
}
