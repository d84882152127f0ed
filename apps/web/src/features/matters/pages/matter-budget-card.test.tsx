import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { MATTER_ID, matterBudgetAnswer, matterViewAnswer, sessionWith, stubApi, USER_A } from '../test/stub-api.ts';
import { MatterViewPage } from './matter-view-page.tsx';

const routes = [{ path: '/matter/:id', element: <MatterViewPage /> }];
const VIEW = 'GET /api/admin/matter-master/get-matter-view';
const BUDGET = 'GET /api/admin/matter-master/get-matter-budget';
const SAVE = '/admin/matter-master/save-matter-budget/' + MATTER_ID;

const nearLimit = matterBudgetAnswer({
  budget: {
    totalAmount: null,
    hoursLimit: '10.00',
    feesLimit: '170000.00',
    expensesLimit: null,
    responsibleUserId: USER_A,
    responsibleUserName: 'Grace Hopper',
    updatedAt: '2026-11-01T10:00:00Z',
  },
  used: { hours: '2.0000', fees: '145000.00', expenses: '0.00', total: '145000.00' },
  measures: [
    { measure: 'hours', limit: '10.00', used: '2.0000', percentUsed: 20, thresholdsReached: [] },
    { measure: 'fees', limit: '170000.00', used: '145000.00', percentUsed: 85.2, thresholdsReached: [80] },
  ],
});

async function seriousIssues(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('the matter budget card', { timeout: 60_000 }, () => {
  it('shows a bar per limit with what is used, and is axe-clean', async () => {
    stubApi({ [VIEW]: matterViewAnswer(), [BUDGET]: nearLimit });
    renderRoutes(routes, { path: `/matter/${MATTER_ID}`, session: sessionWith(['matterMaster', 'matterMaster.edit']) });
    const card = await screen.findByRole('region', { name: 'Budget' });
    const fees = await within(card).findByRole('progressbar', { name: 'Fees budget used: 85.2%' });
    expect(fees).toHaveAttribute('aria-valuenow', '85.2');
    expect(card).toHaveTextContent('NGN 145,000.00 of NGN 170,000.00 · 85.2%');
    expect(card).toHaveTextContent('2.00 h of 10.00 h · 20%');
    expect(card).toHaveTextContent('Responsible fee earner: Grace Hopper');
    expect(await seriousIssues()).toEqual([]);
  });

  it('sets a budget: the limits given, the others empty', async () => {
    const api = stubApi({
      [VIEW]: matterViewAnswer(),
      [`PUT ${SAVE}`]: nearLimit,
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: `/matter/${MATTER_ID}`, session: sessionWith(['matterMaster', 'matterMaster.edit']) });
    const card = await screen.findByRole('region', { name: 'Budget' });
    expect(await within(card).findByText(/No budget set/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Set budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set budget' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Hours' }), '10');
    await user.type(within(dialog).getByRole('textbox', { name: 'Fees (NGN)' }), '170000');
    await user.click(within(dialog).getByRole('combobox', { name: /^Responsible fee earner/ }));
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    expect(await seriousIssues()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save budget' }));
    await waitFor(() => expect(api.callsTo('PUT', SAVE)).toHaveLength(1));
    expect(api.callsTo('PUT', SAVE)[0]!.body).toEqual({
      totalAmount: null,
      hoursLimit: '10',
      feesLimit: '170000',
      expensesLimit: null,
      responsibleUserId: USER_A,
    });
    expect(await within(card).findByRole('progressbar', { name: 'Fees budget used: 85.2%' })).toBeInTheDocument();
  });

  it('offers no Set budget to those who may not edit the matter', async () => {
    stubApi({ [VIEW]: matterViewAnswer() });
    renderRoutes(routes, { path: `/matter/${MATTER_ID}`, session: sessionWith(['matterMaster']) });
    const card = await screen.findByRole('region', { name: 'Budget' });
    expect(await within(card).findByText(/No budget set/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Set budget' })).not.toBeInTheDocument();
  });
});
