import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { BalanceSheetPage } from '../pages/balance-sheet-page.tsx';
import { BudgetsPage } from '../pages/budgets-page.tsx';
import { ProfitAndLossPage } from '../pages/profit-and-loss-page.tsx';
import { balanceSheet, budget, profitAndLoss } from './statement-fixtures.ts';

/** axe-core over the rendered page, as the journeys run it: no serious or critical issue (jsdom draws nothing, so no contrast). */
async function seriousIssues(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('ProfitAndLossPage', () => {
  it('shows each account against the comparison with its variance, the basis and the tie-outs, and asks for the cash basis', async () => {
    const user = userEvent.setup();
    const api = stubApi({ 'GET /admin/accounting/get-profit-and-loss': { data: profitAndLoss } });
    renderAt(<ProfitAndLossPage />, {
      path: '/accounting/profit-and-loss?Compare=budget',
      session: fakeSession({ permissions: ['chartofAccount'] }),
    });
    const table = await screen.findByRole('table', { name: 'Profit and loss in NGN' });
    expect(within(table).getByRole('columnheader', { name: 'Budget' })).toBeInTheDocument();
    const rent = within(table).getByRole('row', { name: /5010 Rent and rates/ });
    expect(rent).toHaveTextContent('100,000.00');
    expect(rent).toHaveTextContent('90,000.00');
    expect(rent).toHaveTextContent('11.1%');
    expect(within(table).getByRole('row', { name: /Net income/ })).toHaveTextContent('-160,000.00');
    expect(screen.getByText(/^Accrual basis/)).toBeInTheDocument();
    expect(screen.getByText('Fail')).toBeInTheDocument();
    expect(screen.getByText(/Client trust liability \(2200\).*out by -1,000.00/)).toBeInTheDocument();
    expect(Object.fromEntries(api.lastQuery('/admin/accounting/get-profit-and-loss')!)).toMatchObject({
      Basis: 'accrual',
      Compare: 'budget',
    });

    await user.click(screen.getByRole('radio', { name: 'Cash' }));
    await waitFor(() =>
      expect(Object.fromEntries(api.lastQuery('/admin/accounting/get-profit-and-loss')!)).toMatchObject({ Basis: 'cash' }),
    );
    expect(screen.getByRole('combobox', { name: 'Compare with' })).toHaveValue('Budget');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(await seriousIssues()).toEqual([]);
  }, 30_000);
});

describe('BalanceSheetPage', () => {
  it('shows client money apart from the firm’s own, the balance check and the tie-outs', async () => {
    const api = stubApi({ 'GET /admin/accounting/get-balance-sheet': { data: balanceSheet } });
    renderAt(<BalanceSheetPage />, {
      path: '/accounting/balance-sheet?AsOfDate=2026-06-30',
      session: fakeSession({ permissions: ['chartofAccount'] }),
    });
    const firms = await screen.findByRole('table', { name: 'Balance sheet in NGN' });
    expect(within(firms).getByRole('row', { name: /Current year net income/ })).toHaveTextContent('-100,000.00');
    expect(within(firms).getByRole('row', { name: /Total liabilities and equity/ })).toHaveTextContent('1,050,000.00');
    const trust = screen.getByRole('table', { name: 'Client money held in trust in NGN' });
    expect(within(trust).getByRole('row', { name: /2200 Client trust liability/ })).toHaveTextContent('80,000.00');
    expect(screen.getByText('Pass: assets equal liabilities and equity')).toBeInTheDocument();
    expect(Object.fromEntries(api.lastQuery('/admin/accounting/get-balance-sheet')!)).toMatchObject({ AsOfDate: '2026-06-30' });
    expect(await seriousIssues()).toEqual([]);
  }, 30_000);
});

describe('BudgetsPage', () => {
  it('edits a month, starts from last year’s actuals, and saves the whole grid', async () => {
    const user = userEvent.setup();
    const actuals = budget({
      source: 'lastYearActuals',
      accounts: budget().accounts.map((account) => ({
        ...account,
        amounts: Array<string>(12).fill(account.type === 'income' ? '100.00' : '0.00'),
      })),
    });
    const api = stubApi({
      'GET /admin/accounting/get-budgets': ({ query }) => ({ data: query.get('CopyFrom') ? actuals : budget() }),
      'POST /admin/accounting/save-budget': { data: budget(), message: 'Budget saved' },
    });
    renderAt(<BudgetsPage />, {
      path: '/accounting/budgets',
      session: fakeSession({ permissions: ['budget', 'budget.edit', 'budget.delete'] }),
    });
    const march = await screen.findByRole('textbox', { name: '5010 Rent and rates, Mar 2026' });
    expect(march).toHaveValue('30000.00');
    await user.clear(march);
    await user.type(march, '45000');
    expect(within(screen.getByRole('row', { name: /Total expenses/ })).getAllByRole('cell')[2]).toHaveTextContent('45,000.00');
    await user.click(screen.getByRole('button', { name: 'Save budget' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/accounting/save-budget')).toHaveLength(1));
    const body = api.callsTo('POST', '/admin/accounting/save-budget')[0]!.body as { fiscalYear: number; lines: { amounts: string[] }[] };
    expect(body.fiscalYear).toBe(2026);
    expect(body.lines[1]!.amounts.slice(1, 4)).toEqual(['30000.00', '45000', '30000.00']);

    await user.click(screen.getByRole('button', { name: 'Start from last year’s actuals' }));
    expect(await screen.findByText(/Filled with last fiscal year’s actual figures/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '4000 Fee income, Jan 2026' })).toHaveValue('100.00');
    expect(screen.getByRole('textbox', { name: '5010 Rent and rates, Jan 2026' })).toHaveValue('');
    expect(api.callsTo('POST', '/admin/accounting/save-budget')).toHaveLength(1);
    expect(await seriousIssues()).toEqual([]);
  }, 60_000);

  it('shows the grid read-only without budget.edit', async () => {
    stubApi({ 'GET /admin/accounting/get-budgets': { data: budget() } });
    renderAt(<BudgetsPage />, { path: '/accounting/budgets', session: fakeSession({ permissions: ['budget'] }) });
    expect(await screen.findByRole('table', { name: 'Budget 2026' })).toHaveTextContent('150,000.00');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save budget' })).not.toBeInTheDocument();
  }, 30_000);
});
