import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_MESSAGES, type Budget, type ProfitAndLoss } from '@matterhorn/shared';
import { csvRowsOf } from './support/csv-download.ts';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { rowsOf, signIn, TEST_PASSWORD } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * Firm budgets in a firm whose fiscal year is the calendar year: last year's actuals are
 *   2025-02-10  rent 90,000 (5010)   2025-03-15  interest 12,000.50 (4200)   2025-12-31  rent 30,000 (5010)
 * and this year's 2026-02-10 rent 100,000 (5010).
 */

let fixture: TimeEntryFixture;
let account: (number: string) => string;
let otherAccount: (number: string) => string;

const base = '/api/admin/accounting';
const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, token = fixture.tokens.admin) =>
  fixture.call(method, `${base}/${path}`, token, body);
const dataOf = <T>(response: { statusCode: number; body: string; json(): { data: T } }): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const months = (...amounts: string[]) => [...amounts, ...Array<string>(12 - amounts.length).fill('0')];
const budgetRows = () =>
  fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
    const [row] = await rowsOf<{ budgets: number; amounts: number }>(
      tx.execute(
        sql`select (select count(*)::int from firm_budgets) as budgets, (select count(*)::int from firm_budget_amounts) as amounts`,
      ),
    );
    return row!;
  });

async function journal(entryDate: string, debit: string, credit: string, amount: string) {
  const response = await call('POST', 'create-journal-entry', {
    entryDate,
    memo: 'Budget test',
    lines: [
      { accountId: account(debit), debit: amount },
      { accountId: account(credit), credit: amount },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
}

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  const chartOf = async (token: string) =>
    dataOf<{ accounts: { id: string; number: string }[] }>(await call('GET', 'get-chart-of-accounts', undefined, token)).accounts;
  const chart = await chartOf(fixture.tokens.admin);
  account = (number) => chart.find((row) => row.number === number)!.id;
  const otherChart = await chartOf(fixture.tokens.otherAdmin);
  otherAccount = (number) => otherChart.find((row) => row.number === number)!.id;
  await journal('2025-02-10', '5010', '1000', '90000');
  await journal('2025-03-15', '1000', '4200', '12000.50');
  await journal('2025-12-31', '5010', '1000', '30000');
  await journal('2026-02-10', '5010', '1000', '100000');
});
afterAll(() => fixture.context.close());

describe('firm budgets', () => {
  it('answers an empty grid of every income and expense account for a year without a budget', async () => {
    const budget = dataOf<Budget>(await call('GET', 'get-budgets?FiscalYear=2026'));
    expect(budget).toMatchObject({
      fiscalYear: 2026,
      label: '2026',
      fromDate: '2026-01-01',
      toDate: '2026-12-31',
      source: 'none',
      isSaved: false,
      currencyCode: 'NGN',
      savedYears: [],
    });
    expect(budget.months.map((month) => month.label)).toEqual([
      'Jan 2026',
      'Feb 2026',
      'Mar 2026',
      'Apr 2026',
      'May 2026',
      'Jun 2026',
      'Jul 2026',
      'Aug 2026',
      'Sep 2026',
      'Oct 2026',
      'Nov 2026',
      'Dec 2026',
    ]);
    expect(budget.accounts.every((row) => row.type === 'income' || row.type === 'expense')).toBe(true);
    expect(budget.accounts.map((row) => row.number)).toContain('5010');
    expect(budget.accounts.find((row) => row.number === '1000')).toBeUndefined();
    expect(budget.netIncome.total).toBe('0.00');
  });

  it('starts from last year’s actuals, month by month, without saving them', async () => {
    const copied = dataOf<Budget>(await call('GET', 'get-budgets?FiscalYear=2026&CopyFrom=lastYearActuals'));
    expect(copied.source).toBe('lastYearActuals');
    const rent = copied.accounts.find((row) => row.number === '5010')!;
    expect(rent.amounts).toEqual(
      months('0.00', '90000.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '30000.00'),
    );
    expect(rent.total).toBe('120000.00');
    expect(copied.accounts.find((row) => row.number === '4200')!.amounts[2]).toBe('12000.50');
    expect(copied.income.total).toBe('12000.50');
    expect(copied.expenses.total).toBe('120000.00');
    expect(copied.netIncome.total).toBe('-107999.50');
    expect(await budgetRows()).toEqual({ budgets: 0, amounts: 0 });
  });

  it('saves a whole year’s grid, upserts it, and answers it', async () => {
    const saved = dataOf<Budget>(
      await call('POST', 'save-budget', {
        fiscalYear: 2026,
        lines: [
          { accountId: account('5010'), amounts: Array(12).fill('40000') },
          { accountId: account('4000'), amounts: Array(12).fill('150000.25') },
          { accountId: account('5020'), amounts: months('', '0') },
        ],
      }),
    );
    expect(saved).toMatchObject({ source: 'saved', isSaved: true, savedYears: [2026] });
    expect(saved.accounts.find((row) => row.number === '4000')!.total).toBe('1800003.00');
    expect(saved.expenses.total).toBe('480000.00');
    expect(saved.netIncome.amounts[0]).toBe('110000.25');
    // Zero cells are not stored.
    expect(await budgetRows()).toEqual({ budgets: 1, amounts: 24 });

    const replaced = dataOf<Budget>(
      await call('POST', 'save-budget', {
        fiscalYear: 2026,
        lines: [{ accountId: account('5010'), amounts: months('50000', '50000', '50000') }],
      }),
    );
    expect(replaced.accounts.find((row) => row.number === '4000')!.total).toBe('0.00');
    expect(replaced.expenses.amounts.slice(0, 4)).toEqual(['50000.00', '50000.00', '50000.00', '0.00']);
    expect(await budgetRows()).toEqual({ budgets: 1, amounts: 3 });
    expect(dataOf<Budget>(await call('GET', 'get-budgets?FiscalYear=2026')).source).toBe('saved');
  });

  it('compares the profit and loss account with the budget: whole months in full, a part month by its days', async () => {
    const quarter = dataOf<ProfitAndLoss>(await call('GET', 'get-profit-and-loss?FromDate=2026-01-01&ToDate=2026-03-31&Compare=budget'));
    expect(quarter.comparison).toEqual({ label: 'Budget', fromDate: '2026-01-01', toDate: '2026-03-31' });
    expect(quarter.currencies[0]!.expenses.lines).toEqual([
      expect.objectContaining({
        number: '5010',
        amount: '100000.00',
        comparison: '150000.00',
        variance: '-50000.00',
        variancePercent: '-33.3',
      }),
    ]);
    // 10 of February's 28 days: 50,000 × 10 / 28 = 17,857.14.
    const part = dataOf<ProfitAndLoss>(await call('GET', 'get-profit-and-loss?FromDate=2026-02-01&ToDate=2026-02-10&Compare=budget'));
    expect(part.currencies[0]!.expenses.lines[0]).toMatchObject({ amount: '100000.00', comparison: '17857.14', variance: '82142.86' });
    const csv = csvRowsOf(await call('GET', 'get-profit-and-loss?FromDate=2026-01-01&ToDate=2026-03-31&Compare=budget&format=csv'));
    expect(csv[0]).toEqual(['Currency', 'Section', 'Number', 'Account', 'Amount', 'Budget', 'Variance', 'Variance %']);
    expect(csv).toContainEqual(['NGN', 'Expenses', '5010', 'Rent and rates', '100000.00', '150000.00', '-50000.00', '-33.3']);
  });

  it('refuses accounts that are not the firm’s income or expense accounts, a line twice and bad amounts, writing nothing', async () => {
    const before = await budgetRows();
    const asset = await call('POST', 'save-budget', { fiscalYear: 2026, lines: [{ accountId: account('1000'), amounts: months('1') }] });
    expect([asset.statusCode, asset.json().message]).toEqual([400, `Line 1: account 1000 Operating bank ${BUDGET_MESSAGES.accountType}`]);
    const twice = await call('POST', 'save-budget', {
      fiscalYear: 2026,
      lines: [
        { accountId: account('5010'), amounts: months('1') },
        { accountId: account('5010'), amounts: months('2') },
      ],
    });
    expect([twice.statusCode, twice.json().message]).toEqual([
      400,
      `Line 2: account 5010 Rent and rates ${BUDGET_MESSAGES.duplicateAccount}`,
    ]);
    const theirs = await call('POST', 'save-budget', {
      fiscalYear: 2026,
      lines: [{ accountId: otherAccount('5010'), amounts: months('1') }],
    });
    expect(theirs.statusCode).toBe(404);
    const inexact = await call('POST', 'save-budget', {
      fiscalYear: 2026,
      lines: [{ accountId: account('5010'), amounts: months('1.005') }],
    });
    expect(inexact.statusCode).toBe(400);
    const eleven = await call('POST', 'save-budget', { fiscalYear: 2026, lines: [{ accountId: account('5010'), amounts: ['1'] }] });
    expect(eleven.statusCode).toBe(400);
    expect(await budgetRows()).toEqual(before);
    expect(dataOf<Budget>(await call('GET', 'get-budgets?FiscalYear=2026')).expenses.total).toBe('150000.00');
  });

  it('needs budget to read, budget.create to start a year, budget.edit to change one and budget.delete to delete it', async () => {
    expect((await call('GET', 'get-budgets', undefined, fixture.tokens.feeEarner)).statusCode).toBe(403);
    expect((await call('GET', 'get-budgets?FiscalYear=2026', undefined, fixture.tokens.billing)).statusCode).toBe(200);
    const lines = [{ accountId: account('5010'), amounts: months('1') }];
    const start = await call('POST', 'save-budget', { fiscalYear: 2027, lines }, fixture.tokens.billing);
    expect([start.statusCode, start.json().message]).toEqual([403, BUDGET_MESSAGES.createPermission]);
    const change = await call('POST', 'save-budget', { fiscalYear: 2026, lines }, fixture.tokens.billing);
    expect([change.statusCode, change.json().message]).toEqual([403, BUDGET_MESSAGES.editPermission]);
    expect((await call('DELETE', 'delete-budget/2026', undefined, fixture.tokens.billing)).statusCode).toBe(403);
    expect(await budgetRows()).toEqual({ budgets: 1, amounts: 3 });
  });

  it('keeps each firm’s budgets to itself, and deletes a year’s budget', async () => {
    const theirs = dataOf<Budget>(await call('GET', 'get-budgets?FiscalYear=2026', undefined, fixture.tokens.otherAdmin));
    expect([theirs.isSaved, theirs.savedYears, theirs.expenses.total]).toEqual([false, [], '0.00']);
    expect((await call('DELETE', 'delete-budget/2026', undefined, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    expect(await budgetRows()).toEqual({ budgets: 1, amounts: 3 });

    expect((await call('DELETE', 'delete-budget/2026')).statusCode).toBe(200);
    expect(await budgetRows()).toEqual({ budgets: 0, amounts: 0 });
    const again = await call('DELETE', 'delete-budget/2026');
    expect([again.statusCode, again.json().message]).toEqual([404, BUDGET_MESSAGES.notFound]);
    expect((await call('DELETE', 'delete-budget/next-year')).statusCode).toBe(400);
  });

  it('are in the demo firm for the current fiscal year, so profit and loss against budget shows variances there', async () => {
    expect(await seedDemoFirmOnce(fixture.context.database, TEST_PASSWORD)).toBe(true);
    const token = await signIn(fixture.context.app, `admin@${DEMO_FIRM.emailDomain}`);
    const budget = dataOf<Budget>(await call('GET', 'get-budgets', undefined, token));
    expect([budget.isSaved, budget.income.total, budget.expenses.total]).toEqual([true, '91740000.00', '38040000.00']);
    const statement = dataOf<ProfitAndLoss>(await call('GET', 'get-profit-and-loss?Compare=budget', undefined, token));
    const [home] = statement.currencies;
    expect(statement.comparison?.label).toBe('Budget');
    expect(Number(home!.income.total.comparison)).toBeGreaterThan(0);
    expect(home!.expenses.lines.some((line) => line.variance !== null && line.variance !== '0.00')).toBe(true);
    expect(statement.tieOutsPass).toBe(true);
  });
});
