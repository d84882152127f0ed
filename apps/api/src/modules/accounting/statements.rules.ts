import {
  daysBetween,
  divideRounded,
  fromCents,
  lastDayOfMonth,
  shiftMonth,
  type FinancialFigure,
  type FinancialLine,
} from '@matterhorn/shared';

/**
 * Pure rules of the financial statements (issue 36, ADR 0049): how accounts become lines and
 * sections, comparison periods, variances and a budget's share of a period. Amounts are bigint
 * cents, signed in the statement's direction (income: credit − debit; expenses: debit − credit).
 */

export type ChartAccount = {
  id: string;
  number: string;
  name: string;
  type: string;
  parentId: string | null;
  code: string | null;
  ownedByModule: string | null;
};

/** Cents per account id. */
export type AccountAmounts = Map<string, bigint>;

export type Totals = { debit: bigint; credit: bigint };

/** The side an account type's figure is read from: assets and expenses debit − credit, the rest credit − debit. */
export const isDebitNormal = (type: string) => type === 'asset' || type === 'expense';

export const signedAmount = (type: string, totals: Totals) =>
  isDebitNormal(type) ? totals.debit - totals.credit : totals.credit - totals.debit;

const ZERO = 0n;

/** The variance as a percentage of the comparison's size, to one decimal; null when there is nothing to compare with. */
export function variancePercent(variance: bigint, comparison: bigint | null): string | null {
  if (comparison === null || comparison === ZERO) return null;
  const size = comparison < ZERO ? -comparison : comparison;
  const tenths = divideRounded(variance * 1000n, size);
  const sign = tenths < ZERO ? '-' : '';
  const absolute = tenths < ZERO ? -tenths : tenths;
  return `${sign}${absolute / 10n}.${absolute % 10n}`;
}

/** A figure with its comparison and variance (comparison null: the statement does not compare). */
export function figureOf(amount: bigint, comparison: bigint | null): FinancialFigure {
  if (comparison === null) return { amount: fromCents(amount), comparison: null, variance: null, variancePercent: null };
  const variance = amount - comparison;
  return {
    amount: fromCents(amount),
    comparison: fromCents(comparison),
    variance: fromCents(variance),
    variancePercent: variancePercent(variance, comparison),
  };
}

export type SectionLines = { lines: FinancialLine[]; amount: bigint; comparison: bigint | null };

/**
 * The lines of a group of accounts by number: each top-level account, then its sub-accounts
 * (indented) and a "Total" line for the parent with them. An account is shown when it or its
 * comparison is not zero; a parent when any of its group is.
 */
export function accountLines(accounts: readonly ChartAccount[], current: AccountAmounts, comparison: AccountAmounts | null): SectionLines {
  const ids = new Set(accounts.map((account) => account.id));
  const byNumber = [...accounts].sort((a, b) => a.number.localeCompare(b.number));
  const topLevel = byNumber.filter((account) => !account.parentId || !ids.has(account.parentId));
  const amountOf = (account: ChartAccount) => current.get(account.id) ?? ZERO;
  const comparisonOf = (account: ChartAccount) => (comparison ? (comparison.get(account.id) ?? ZERO) : null);
  const isShown = (account: ChartAccount) => amountOf(account) !== ZERO || (comparisonOf(account) ?? ZERO) !== ZERO;
  const lineOf = (account: ChartAccount, depth: number): FinancialLine => ({
    kind: 'account',
    accountId: account.id,
    number: account.number,
    name: account.name,
    depth,
    ...figureOf(amountOf(account), comparisonOf(account)),
  });
  const lines: FinancialLine[] = [];
  let amount = ZERO;
  let compared: bigint | null = comparison ? ZERO : null;
  for (const parent of topLevel) {
    const children = byNumber.filter((account) => account.parentId === parent.id && isShown(account));
    const group = [parent, ...children];
    const groupAmount = group.reduce((sum, account) => sum + amountOf(account), ZERO);
    const groupComparison = comparison ? group.reduce((sum, account) => sum + (comparisonOf(account) ?? ZERO), ZERO) : null;
    amount += groupAmount;
    if (compared !== null) compared += groupComparison ?? ZERO;
    if (children.length === 0) {
      if (isShown(parent)) lines.push(lineOf(parent, 0));
      continue;
    }
    lines.push(lineOf(parent, 0), ...children.map((child) => lineOf(child, 1)));
    lines.push({
      kind: 'total',
      accountId: parent.id,
      number: parent.number,
      name: `Total ${parent.name}`,
      depth: 0,
      ...figureOf(groupAmount, groupComparison),
    });
  }
  return { lines, amount, comparison: compared };
}

/** Signed amounts per account from totals rows (debits and credits per account id) for the accounts given. */
export function amountsOf(accounts: readonly ChartAccount[], totals: ReadonlyMap<string, Totals>): AccountAmounts {
  const amounts: AccountAmounts = new Map();
  for (const account of accounts) {
    const row = totals.get(account.id);
    if (row) amounts.set(account.id, signedAmount(account.type, row));
  }
  return amounts;
}

// ---------------------------------------------------------------------------------------------
// Periods

const isFirstOfMonth = (date: string) => date.endsWith('-01');
const isLastOfMonth = (date: string) => lastDayOfMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7))) === date;

export function addDays(date: string, days: number): string {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

/** The same day a year earlier; a month's last day stays its month's last day (29 February ↔ 28 February). */
export function sameDayLastYear(date: string): string {
  const year = Number(date.slice(0, 4)) - 1;
  const month = Number(date.slice(5, 7));
  if (isLastOfMonth(date)) return lastDayOfMonth(year, month);
  return `${String(year).padStart(4, '0')}${date.slice(4)}`;
}

/**
 * The period as long as this one, just before it: as many whole months when the period is whole
 * months (a quarter's previous quarter), else as many days.
 */
export function previousPeriod(fromDate: string, toDate: string): { fromDate: string; toDate: string } {
  if (isFirstOfMonth(fromDate) && isLastOfMonth(toDate)) {
    const months =
      (Number(toDate.slice(0, 4)) - Number(fromDate.slice(0, 4))) * 12 + Number(toDate.slice(5, 7)) - Number(fromDate.slice(5, 7)) + 1;
    const start = shiftMonth(Number(fromDate.slice(0, 4)), Number(fromDate.slice(5, 7)), -months);
    return {
      fromDate: `${String(start.year).padStart(4, '0')}-${String(start.month).padStart(2, '0')}-01`,
      toDate: addDays(fromDate, -1),
    };
  }
  const days = daysBetween(fromDate, toDate) + 1;
  return { fromDate: addDays(fromDate, -days), toDate: addDays(fromDate, -1) };
}

/** A month's budget amount for one account: its first day and the amount in cents. */
export type BudgetMonthAmount = { accountId: string; month: string; amount: bigint };

/**
 * The budget of a period per account: each month the period covers whole counts in full; a month it
 * covers in part counts for the days it covers, in proportion to the month's days, rounded half-up
 * to the cent per account and month.
 */
export function budgetForPeriod(amounts: readonly BudgetMonthAmount[], fromDate: string, toDate: string): AccountAmounts {
  const result: AccountAmounts = new Map();
  for (const { accountId, month, amount } of amounts) {
    const monthEnd = lastDayOfMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
    const start = month > fromDate ? month : fromDate;
    const end = monthEnd < toDate ? monthEnd : toDate;
    if (start > end) continue;
    const covered = BigInt(daysBetween(start, end) + 1);
    const days = BigInt(daysBetween(month, monthEnd) + 1);
    const share = covered === days ? amount : divideRounded(amount * covered, days);
    result.set(accountId, (result.get(accountId) ?? ZERO) + share);
  }
  return result;
}

/** Currencies in statement order: the home currency first (always), then by code. */
export function currencyOrder(home: string, codes: Iterable<string>): string[] {
  const others = [...new Set(codes)].filter((code) => code !== home).sort();
  return [home, ...others];
}
