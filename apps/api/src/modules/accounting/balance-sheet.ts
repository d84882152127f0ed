import {
  fiscalYearOf,
  fiscalYearRange,
  isoToDisplayDate,
  toCents,
  type BalanceSheet,
  type BalanceSheetCurrency,
  type balanceSheetQuerySchema,
  type FinancialLine,
} from '@matterhorn/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import { homeCurrencyOf } from '../../platform/ledger/ledger.ts';
import {
  accountLines,
  amountsOf,
  currencyOrder,
  figureOf,
  sameDayLastYear,
  type AccountAmounts,
  type ChartAccount,
  type Totals,
} from './statements.rules.ts';
import { findChart, findStatementFirm, sumDayTotals } from './statements.repository.ts';
import { findBookTieOuts } from './tie-outs.ts';

type Query = z.output<typeof balanceSheetQuerySchema>;

/** One date's balances per currency: every account's totals, and the net income of earlier fiscal years and of this one. */
type Position = Map<string, { totals: Map<string, Totals>; earlierYears: bigint; currentYear: bigint }>;

/**
 * Balances as of a date. Income and expense accounts are never closed: what they hold before the
 * fiscal year's start is earlier years' net income (retained earnings, rolled forward by this sum,
 * not by a closing entry); from the start to the date, current year net income.
 */
async function positionOn(tx: Tx, firmId: string, chart: readonly ChartAccount[], asOfDate: string, fiscalYearStart: string) {
  const types = new Map(chart.map((account) => [account.id, account.type]));
  const position: Position = new Map();
  for (const row of await sumDayTotals(tx, firmId, { toDate: asOfDate, splitAt: fiscalYearStart })) {
    const currency = position.get(row.currencyCode) ?? { totals: new Map<string, Totals>(), earlierYears: 0n, currentYear: 0n };
    const debit = toCents(row.debit);
    const credit = toCents(row.credit);
    const before = currency.totals.get(row.accountId) ?? { debit: 0n, credit: 0n };
    currency.totals.set(row.accountId, { debit: before.debit + debit, credit: before.credit + credit });
    const type = types.get(row.accountId);
    if (type === 'income' || type === 'expense') {
      if (row.isBefore) currency.earlierYears += credit - debit;
      else currency.currentYear += credit - debit;
    }
    position.set(row.currencyCode, currency);
  }
  return position;
}

const fiscalYearStartOf = (date: string, startMonth: number) => fiscalYearRange(fiscalYearOf(date, startMonth), startMonth).fromDate;

/** Client money: the trust bank and client trust liability accounts (the trust module's), and any sub-accounts under them. */
function isClientMoney(account: ChartAccount, chart: readonly ChartAccount[]): boolean {
  if (account.ownedByModule === 'trust') return true;
  const parent = account.parentId ? chart.find((candidate) => candidate.id === account.parentId) : undefined;
  return parent?.ownedByModule === 'trust';
}

export const BALANCE_SHEET_BASIS =
  'Accrual basis: every journal line dated on or before the date, per currency. Equity shows retained earnings — the net ' +
  'income of earlier fiscal years, rolled forward without a closing entry — and current year net income from the fiscal ' +
  'year’s start; client money held in trust is shown apart from the firm’s own.';

/** The balance sheet as of a date, with its comparison column and the books' tie-outs. */
export async function buildBalanceSheet(tx: Tx, firmId: string, query: Query): Promise<BalanceSheet & { firmName: string }> {
  const firm = await findStatementFirm(tx, firmId);
  const asOfDate = query.AsOfDate ?? firm.today;
  const fiscalYearStart = fiscalYearStartOf(asOfDate, firm.fiscalYearStartMonth);
  const home = await homeCurrencyOf(tx, firmId);
  const chart: ChartAccount[] = await findChart(tx, firmId);
  const current = await positionOn(tx, firmId, chart, asOfDate, fiscalYearStart);
  const comparisonDate = query.Compare === 'lastYear' ? sameDayLastYear(asOfDate) : null;
  const compared = comparisonDate
    ? await positionOn(tx, firmId, chart, comparisonDate, fiscalYearStartOf(comparisonDate, firm.fiscalYearStartMonth))
    : null;

  const ofType = (type: string, clientMoney: boolean) =>
    chart.filter((account) => account.type === type && isClientMoney(account, chart) === clientMoney);
  const assets = ofType('asset', false);
  const liabilities = ofType('liability', false);
  const equity = chart.filter((account) => account.type === 'equity');
  const trustAssets = ofType('asset', true);
  const trustLiabilities = ofType('liability', true);
  const balanceSheetAccounts = [...assets, ...liabilities, ...equity, ...trustAssets, ...trustLiabilities];

  const hasFigures = (position: Position | null, currency: string) => {
    const held = position?.get(currency);
    if (!held) return false;
    return held.earlierYears !== 0n || held.currentYear !== 0n || [...held.totals.values()].some((row) => row.debit !== row.credit);
  };
  const codes = currencyOrder(
    home,
    [...current.keys(), ...(compared?.keys() ?? [])].filter((code) => hasFigures(current, code) || hasFigures(compared, code)),
  );

  const currencies: BalanceSheetCurrency[] = codes.map((currencyCode) => {
    const now = current.get(currencyCode);
    const then = compared ? compared.get(currencyCode) : null;
    const amounts: AccountAmounts = amountsOf(balanceSheetAccounts, now?.totals ?? new Map());
    const against: AccountAmounts | null = compared ? amountsOf(balanceSheetAccounts, then?.totals ?? new Map()) : null;
    const assetLines = accountLines(assets, amounts, against);
    const liabilityLines = accountLines(liabilities, amounts, against);
    const equityLines = accountLines(equity, amounts, against);
    const trustAssetLines = accountLines(trustAssets, amounts, against);
    const trustLiabilityLines = accountLines(trustLiabilities, amounts, against);

    const computed = (name: string, amount: bigint, comparison: bigint | null): FinancialLine => ({
      kind: 'computed',
      accountId: null,
      number: null,
      name,
      depth: 0,
      ...figureOf(amount, comparison),
    });
    const earlierYears = now?.earlierYears ?? 0n;
    const currentYear = now?.currentYear ?? 0n;
    const thenEarlier = against ? (then?.earlierYears ?? 0n) : null;
    const thenCurrent = against ? (then?.currentYear ?? 0n) : null;
    const equityTotal = equityLines.amount + earlierYears + currentYear;
    const equityComparison = against ? equityLines.comparison! + thenEarlier! + thenCurrent! : null;
    const sumOf = (a: bigint | null, b: bigint | null) => (a === null || b === null ? null : a + b);
    const differenceOf = (a: bigint | null, b: bigint | null) => (a === null || b === null ? null : a - b);
    return {
      currencyCode,
      assets: {
        title: 'Assets',
        lines: assetLines.lines,
        totalLabel: 'Total assets',
        total: figureOf(assetLines.amount, assetLines.comparison),
      },
      liabilities: {
        title: 'Liabilities',
        lines: liabilityLines.lines,
        totalLabel: 'Total liabilities',
        total: figureOf(liabilityLines.amount, liabilityLines.comparison),
      },
      equity: {
        title: 'Equity',
        lines: [
          ...equityLines.lines,
          computed('Retained earnings: net income of earlier fiscal years', earlierYears, thenEarlier),
          computed('Current year net income', currentYear, thenCurrent),
        ],
        totalLabel: 'Total equity',
        total: figureOf(equityTotal, equityComparison),
      },
      totalLiabilitiesAndEquity: figureOf(liabilityLines.amount + equityTotal, sumOf(liabilityLines.comparison, equityComparison)),
      clientMoney: {
        title: 'Client money held in trust (not the firm’s)',
        lines: [...trustAssetLines.lines, ...trustLiabilityLines.lines],
        totalLabel: 'Trust bank less client trust liability',
        total: figureOf(
          trustAssetLines.amount - trustLiabilityLines.amount,
          differenceOf(trustAssetLines.comparison, trustLiabilityLines.comparison),
        ),
      },
      isBalanced: assetLines.amount + trustAssetLines.amount === liabilityLines.amount + trustLiabilityLines.amount + equityTotal,
    };
  });
  const tieOuts = await findBookTieOuts(tx, firmId, chart, home);
  return {
    firmName: firm.firmName,
    asOfDate,
    fiscalYearStart,
    basisDescription: `${BALANCE_SHEET_BASIS} As of ${isoToDisplayDate(asOfDate)}; the fiscal year began ${isoToDisplayDate(fiscalYearStart)}.`,
    compare: query.Compare,
    comparison: comparisonDate ? { label: 'A year earlier', asOfDate: comparisonDate } : null,
    currencyCode: home,
    currencies,
    isBalanced: currencies.every((currency) => currency.isBalanced),
    tieOuts,
    tieOutsPass: tieOuts.every((tieOut) => tieOut.passes),
  };
}
