import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FISCAL_YEAR_START_MONTH_MESSAGE,
  type BalanceSheet,
  type FinancialLine,
  type FinancialSection,
  type ProfitAndLoss,
  type TrialBalance,
} from '@matterhorn/shared';
import { csvRowsOf } from './support/csv-download.ts';
import { pdfText } from './support/pdf-text.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { trustCalls } from './support/trust-fixture.ts';

/**
 * The statements on a small known set of postings, in a firm whose fiscal year starts in April (a
 * setting of the firm's profile; fiscal year 2025 = 1 April 2025 – 31 March 2026):
 *
 *   2025-05-10  capital paid in        Dr 1000 bank 1,000,000   Cr 3000 owner's equity
 *   2025-06-15  rent                   Dr 5010 rent   200,000   Cr 1000 bank
 *   2025-07-01  interest received      Dr 1000 bank    50,000   Cr 4200 other income
 *   2026-03-20  invoice issued         Dr 1200 AR     300,000   Cr 4000 fee income (a flat fee)
 *   2026-04-05  trust deposit          Dr 1100 trust   80,000   Cr 2200 client trust liability
 *   2026-04-10  payment on the invoice Dr 1000 bank   120,000   Cr 1200 AR
 *   2026-04-20  rent                   Dr 5010 rent   100,000   Cr 1000 bank
 *   2026-05-01  interest in dollars    Dr 1010 cash   USD 500   Cr 4200 other income USD 500
 */

let fixture: TimeEntryFixture;
let account: (number: string) => string;

const base = '/api/admin/accounting';
const get = (path: string, token = fixture.tokens.admin) => fixture.call('GET', `${base}/${path}`, token);
const dataOf = <T>(response: { statusCode: number; body: string; json(): { data: T } }): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

async function journal(entryDate: string, memo: string, debit: string, credit: string, amount: string, currencyCode?: string) {
  const response = await fixture.call('POST', `${base}/create-journal-entry`, fixture.tokens.admin, {
    entryDate,
    memo,
    lines: [
      { accountId: account(debit), debit: amount, currencyCode },
      { accountId: account(credit), credit: amount, currencyCode },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
}

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  const profile = dataOf<Record<string, unknown>>(await fixture.call('GET', '/api/admin/business/get-firm-profile', fixture.tokens.admin));
  const update = (fiscalYearStartMonth: unknown) =>
    fixture.call('PUT', '/api/admin/business/update-firm-profile', fixture.tokens.admin, { ...profile, fiscalYearStartMonth });
  const refused = await update(13);
  expect([refused.statusCode, refused.json().message]).toEqual([400, FISCAL_YEAR_START_MONTH_MESSAGE]);
  expect(dataOf<{ fiscalYearStartMonth: number }>(await update(4)).fiscalYearStartMonth).toBe(4);

  const chart = dataOf<{ accounts: { id: string; number: string }[] }>(await get('get-chart-of-accounts')).accounts;
  account = (number) => chart.find((row) => row.number === number)!.id;

  await journal('2025-05-10', 'Capital paid in', '1000', '3000', '1000000');
  await journal('2025-06-15', 'Rent', '5010', '1000', '200000');
  await journal('2025-07-01', 'Interest received', '1000', '4200', '50000');

  const matter = fixture.references.matters.find((row) => row.status === 'Open')!;
  const fee = await fixture.call('POST', '/api/admin/expense-flat-fees-info/create-flat-fee', fixture.tokens.admin, {
    clientId: matter.clientId,
    matterId: matter.id,
    userId: fixture.firm.users.feeEarner.id,
    flatFeeDate: '2026-03-18',
    description: 'Share purchase agreement',
    amount: '300000.00',
  });
  expect(fee.statusCode, fee.body).toBe(201);
  const draft = await fixture.call('POST', '/api/admin/invoice/create-invoice', fixture.tokens.admin, {
    clientId: matter.clientId,
    matterIds: [matter.id],
    flatFeeIds: [fee.json().data.id],
    issueDate: '2026-03-20',
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const invoiceId = draft.json().data.id as string;
  const sent = await fixture.call('POST', `/api/admin/invoice/send-invoice/${invoiceId}`, fixture.tokens.admin, {});
  expect(sent.statusCode, sent.body).toBe(200);

  const trust = trustCalls(fixture);
  const trustAccount = await trust.createAccount();
  await trust.deposit(trustAccount.id, { clientId: matter.clientId, matterId: matter.id }, '80000.00', { depositDate: '2026-04-05' });

  const paid = await fixture.call('POST', `/api/admin/invoice/record-payment/${invoiceId}`, fixture.tokens.admin, {
    amount: '120000.00',
    paymentDate: '2026-04-10',
    method: 'Bank transfer',
  });
  expect(paid.statusCode, paid.body).toBe(200);

  await journal('2026-04-20', 'Rent', '5010', '1000', '100000');
  await journal('2026-05-01', 'Interest received in dollars', '1010', '4200', '500', 'USD');
});
afterAll(() => fixture.context.close());

/** A section's lines as [number or name, amount] pairs, for exact comparison. */
const figures = (section: FinancialSection) => section.lines.map((line: FinancialLine) => [line.number ?? line.name, line.amount]);

describe('the profit and loss account', () => {
  it('on the accrual basis counts income when invoiced: fiscal year 2025 (April to March)', async () => {
    const statement = dataOf<ProfitAndLoss>(await get('get-profit-and-loss?ToDate=2026-03-31'));
    expect(statement).toMatchObject({ fromDate: '2025-04-01', toDate: '2026-03-31', basis: 'accrual', comparison: null });
    expect(statement.basisDescription).toMatch(/^Accrual basis/);
    expect(statement.currencies.map((currency) => currency.currencyCode)).toEqual(['NGN']);
    const [ngn] = statement.currencies;
    expect(figures(ngn!.income)).toEqual([
      ['4000', '300000.00'],
      ['4200', '50000.00'],
    ]);
    expect(ngn!.income.total.amount).toBe('350000.00');
    expect(figures(ngn!.expenses)).toEqual([['5010', '200000.00']]);
    expect(ngn!.netIncome).toEqual({ amount: '150000.00', comparison: null, variance: null, variancePercent: null });
    expect(statement.tieOutsPass).toBe(true);
  });

  it('on the cash basis counts fee income when the client pays, in proportion to the payment', async () => {
    const lastYear = dataOf<ProfitAndLoss>(await get('get-profit-and-loss?FromDate=2025-04-01&ToDate=2026-03-31&Basis=cash'));
    expect(lastYear.basis).toBe('cash');
    expect(lastYear.basisDescription).toMatch(/^Cash basis/);
    expect(figures(lastYear.currencies[0]!.income)).toEqual([['4200', '50000.00']]);
    expect(lastYear.currencies[0]!.netIncome.amount).toBe('-150000.00');

    const quarter = 'FromDate=2026-04-01&ToDate=2026-06-30';
    const cash = dataOf<ProfitAndLoss>(await get(`get-profit-and-loss?${quarter}&Basis=cash`));
    const accrual = dataOf<ProfitAndLoss>(await get(`get-profit-and-loss?${quarter}`));
    // 120,000 of the invoice's 300,000 was received in the quarter: 120,000 of its 300,000 fee income.
    expect(figures(cash.currencies[0]!.income)).toEqual([['4000', '120000.00']]);
    expect(cash.currencies[0]!.netIncome.amount).toBe('20000.00');
    expect(figures(accrual.currencies[0]!.income)).toEqual([]);
    expect(accrual.currencies[0]!.netIncome.amount).toBe('-100000.00');
    // Dollars are their own statement, never added to naira.
    expect(accrual.currencies.map((currency) => [currency.currencyCode, currency.netIncome.amount])).toEqual([
      ['NGN', '-100000.00'],
      ['USD', '500.00'],
    ]);
  });

  it('compares with the previous period and the same period last year, with variance', async () => {
    const previous = dataOf<ProfitAndLoss>(await get('get-profit-and-loss?FromDate=2026-04-01&ToDate=2026-06-30&Compare=previousPeriod'));
    expect(previous.comparison).toEqual({ label: 'Previous period', fromDate: '2026-01-01', toDate: '2026-03-31' });
    const ngn = previous.currencies[0]!;
    expect(ngn.income.lines).toEqual([
      expect.objectContaining({
        number: '4000',
        amount: '0.00',
        comparison: '300000.00',
        variance: '-300000.00',
        variancePercent: '-100.0',
      }),
    ]);
    expect(ngn.expenses.lines).toEqual([
      expect.objectContaining({ number: '5010', amount: '100000.00', comparison: '0.00', variance: '100000.00', variancePercent: null }),
    ]);
    expect(ngn.netIncome).toEqual({ amount: '-100000.00', comparison: '300000.00', variance: '-400000.00', variancePercent: '-133.3' });

    const lastYear = dataOf<ProfitAndLoss>(await get('get-profit-and-loss?FromDate=2026-04-01&ToDate=2026-06-30&Compare=lastYear'));
    expect(lastYear.comparison).toEqual({ label: 'Last year', fromDate: '2025-04-01', toDate: '2025-06-30' });
    expect(lastYear.currencies[0]!.expenses.lines[0]).toMatchObject({
      amount: '100000.00',
      comparison: '200000.00',
      variance: '-100000.00',
      variancePercent: '-50.0',
    });
  });

  it('refuses a period that ends before it starts, and a basis it does not know', async () => {
    const backwards = await get('get-profit-and-loss?FromDate=2026-05-01&ToDate=2026-04-01');
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, 'FromDate must be on or before ToDate']);
    expect((await get('get-profit-and-loss?Basis=modified')).statusCode).toBe(400);
  });
});

describe('the balance sheet', () => {
  it('balances across the fiscal year boundary: earlier years’ net income rolls into retained earnings without a closing entry', async () => {
    const yearEnd = dataOf<BalanceSheet>(await get('get-balance-sheet?AsOfDate=2026-03-31'));
    expect(yearEnd.fiscalYearStart).toBe('2025-04-01');
    const before = yearEnd.currencies[0]!;
    expect(figures(before.assets)).toEqual([
      ['1000', '850000.00'],
      ['1200', '300000.00'],
    ]);
    expect(figures(before.equity)).toEqual([
      ['3000', '1000000.00'],
      ['Retained earnings: net income of earlier fiscal years', '0.00'],
      ['Current year net income', '150000.00'],
    ]);
    expect(before.totalLiabilitiesAndEquity.amount).toBe('1150000.00');
    expect(before.isBalanced).toBe(true);

    const quarterEnd = dataOf<BalanceSheet>(await get('get-balance-sheet?AsOfDate=2026-06-30'));
    expect(quarterEnd.fiscalYearStart).toBe('2026-04-01');
    const [ngn, usd] = quarterEnd.currencies;
    expect(figures(ngn!.assets)).toEqual([
      ['1000', '870000.00'],
      ['1200', '180000.00'],
    ]);
    expect(ngn!.assets.total.amount).toBe('1050000.00');
    expect(ngn!.liabilities.total.amount).toBe('0.00');
    expect(figures(ngn!.equity)).toEqual([
      ['3000', '1000000.00'],
      ['Retained earnings: net income of earlier fiscal years', '150000.00'],
      ['Current year net income', '-100000.00'],
    ]);
    expect(ngn!.totalLiabilitiesAndEquity.amount).toBe('1050000.00');
    // Client money is shown apart from the firm's own, and nets to nothing.
    expect(figures(ngn!.clientMoney)).toEqual([
      ['1100', '80000.00'],
      ['2200', '80000.00'],
    ]);
    expect(ngn!.clientMoney.total.amount).toBe('0.00');
    expect(usd).toMatchObject({ currencyCode: 'USD', isBalanced: true });
    expect(figures(usd!.assets)).toEqual([['1010', '500.00']]);
    expect(quarterEnd.isBalanced).toBe(true);
    expect(quarterEnd.basisDescription).toMatch(/retained earnings/);
  });

  it('compares with the same date a year earlier', async () => {
    const statement = dataOf<BalanceSheet>(await get('get-balance-sheet?AsOfDate=2026-06-30&Compare=lastYear'));
    expect(statement.comparison).toEqual({ label: 'A year earlier', asOfDate: '2025-06-30' });
    expect(statement.currencies[0]!.assets.lines[0]).toMatchObject({
      number: '1000',
      amount: '870000.00',
      comparison: '800000.00',
      variance: '70000.00',
      variancePercent: '8.8',
    });
  });
});

describe('tie-outs', () => {
  it('pass on good books, on every statement and the trial balance', async () => {
    const trial = dataOf<TrialBalance>(await get('get-trial-balance'));
    expect(trial.basisDescription).toMatch(/^Accrual basis/);
    expect(trial.tieOutsPass).toBe(true);
    expect(trial.tieOuts.map((tieOut) => [tieOut.check, tieOut.currencyCode, tieOut.expected, tieOut.actual, tieOut.passes])).toEqual([
      ['Accounts receivable (1200) = Σ open invoices’ balance due', 'NGN', '180000.00', '180000.00', true],
      ['Client trust liability (2200) = Σ client trust ledgers', 'NGN', '80000.00', '80000.00', true],
      ['Client trust bank (1100) = Σ client trust ledgers', 'NGN', '80000.00', '80000.00', true],
      ['Unapplied client payments (2400) = Σ client credit balances + Σ online payments held unapplied', 'NGN', '0.00', '0.00', true],
    ]);
    const balanceSheet = dataOf<BalanceSheet>(await get('get-balance-sheet'));
    expect(balanceSheet.tieOuts).toEqual(trial.tieOuts);
  });
});

describe('CSV and PDF', () => {
  it('every statement downloads as CSV with its figures, its basis and its tie-outs', async () => {
    const profitAndLoss = await get('get-profit-and-loss?FromDate=2026-04-01&ToDate=2026-06-30&Basis=cash&Compare=lastYear&format=csv');
    expect(profitAndLoss.headers['content-type']).toContain('text/csv');
    expect(profitAndLoss.headers['content-disposition']).toContain('profit-and-loss-2026-04-01-to-2026-06-30.csv');
    const rows = csvRowsOf(profitAndLoss);
    expect(rows[0]).toEqual(['Currency', 'Section', 'Number', 'Account', 'Amount', 'Last year', 'Variance', 'Variance %']);
    expect(rows[1]![3]).toMatch(/^Cash basis/);
    expect(rows).toContainEqual(['NGN', 'Income', '4000', 'Fee income', '120000.00', '0.00', '120000.00', '']);
    expect(rows).toContainEqual(['NGN', 'Net income', '', 'Net income', '20000.00', '-200000.00', '220000.00', '110.0']);
    expect(rows.filter((row) => row[1] === 'Tie-out').map((row) => row[2])).toEqual(['Pass', 'Pass', 'Pass', 'Pass']);

    const balanceSheet = csvRowsOf(await get('get-balance-sheet?AsOfDate=2026-06-30&format=csv'));
    expect(balanceSheet).toContainEqual(['NGN', 'Equity', '', 'Current year net income', '-100000.00']);
    expect(balanceSheet).toContainEqual([
      'NGN',
      'Client money held in trust (not the firm’s)',
      '2200',
      'Client trust liability',
      '80000.00',
    ]);

    const trial = csvRowsOf(await get('get-trial-balance?AsOfDate=2026-06-30&format=csv'));
    expect(trial[0]).toEqual(['Currency', 'Number', 'Account', 'Type', 'Debit', 'Credit', 'Balance']);
    expect(trial).toContainEqual(['NGN', '1200', 'Accounts receivable', 'asset', '300000.00', '120000.00', '180000.00']);
    expect(trial).toContainEqual(['USD', '', 'Total: debits = credits', '', '500.00', '500.00', '']);
  });

  it('every statement and the general ledger print as PDF with their figures', async () => {
    const pdfOf = async (path: string) => {
      const response = await get(path);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      return (await pdfText(response.rawPayload)).join(' ');
    };
    const profitAndLoss = await pdfOf('get-profit-and-loss?ToDate=2026-03-31&format=pdf');
    expect(profitAndLoss).toContain('Profit and loss');
    expect(profitAndLoss).toContain('Accrual basis');
    expect(profitAndLoss).toMatch(/4000 Fee income 300,000\.00/);
    expect(profitAndLoss).toMatch(/Net income 150,000\.00/);
    expect(profitAndLoss).toContain('Pass');

    const balanceSheet = await pdfOf('get-balance-sheet?AsOfDate=2026-06-30&format=pdf');
    expect(balanceSheet).toMatch(/Total liabilities and equity 1,050,000\.00/);
    expect(balanceSheet).toMatch(/Retained earnings: net income of earlier fiscal years 150,000\.00/);
    expect(balanceSheet).toContain('Client money held in trust');

    const trial = await pdfOf('get-trial-balance?format=pdf');
    expect(trial).toMatch(/1200 Accounts receivable asset 300,000\.00 120,000\.00 180,000\.00/);

    const ledger = await pdfOf(`get-general-ledger?AccountId=${account('5010')}&FromDate=2026-01-01&format=pdf`);
    expect(ledger).toContain('General ledger — 5010');
    expect(ledger).toMatch(/Opening balance 200,000\.00/);
    expect(ledger).toMatch(/Closing balance 100,000\.00 0\.00 300,000\.00/);
  });
});

describe('who may read the statements', () => {
  it('needs chartofAccount; another firm sees only its own books', async () => {
    for (const path of ['get-profit-and-loss', 'get-balance-sheet', 'get-trial-balance?format=pdf', 'get-profit-and-loss?format=csv']) {
      expect((await get(path, fixture.tokens.feeEarner)).statusCode, path).toBe(403);
    }
    expect((await get('get-profit-and-loss', fixture.tokens.billing)).statusCode).toBe(200);
    const other = dataOf<BalanceSheet>(await get('get-balance-sheet?AsOfDate=2026-06-30', fixture.tokens.otherAdmin));
    expect(other.currencies.map((currency) => currency.assets.total.amount)).toEqual(['0.00']);
    const otherIncome = dataOf<ProfitAndLoss>(
      await get('get-profit-and-loss?FromDate=2025-01-01&ToDate=2026-11-01', fixture.tokens.otherAdmin),
    );
    expect(otherIncome.currencies[0]!.income.lines).toEqual([]);
  });
});
