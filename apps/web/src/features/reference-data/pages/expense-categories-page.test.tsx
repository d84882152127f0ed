import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expenseCategorySchema } from '@matterhorn/shared';
import { describe, expect, it } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { ExpenseCategoriesPage } from './expense-categories-page.tsx';

const administrator = fakeSession({ permissions: ['administrator'] });
const BASE = '/admin/expense-flat-fees-info';

const stub = () =>
  stubApi({
    [`GET ${BASE}/get-expense-categories`]: contractAnswer(expenseCategorySchema.array(), [
      { id: 'c-1', name: 'Court filing fees', utbmsExpenseCode: 'E112', expenseCount: 4 },
      { id: 'c-2', name: 'Sundries', utbmsExpenseCode: null, expenseCount: 0 },
    ]),
    [`POST ${BASE}/create-expense-category`]: {
      ...contractAnswer(expenseCategorySchema, { id: 'c-3', name: 'Experts', utbmsExpenseCode: 'E119', expenseCount: 0 }),
      message: 'Expense category saved',
    },
    [`PUT ${BASE}/update-expense-category/c-2`]: {
      ...contractAnswer(expenseCategorySchema, { id: 'c-2', name: 'Sundry costs', utbmsExpenseCode: 'E124', expenseCount: 0 }),
      message: 'Expense category updated',
    },
  });

async function chooseCode(user: ReturnType<typeof userEvent.setup>, option: string) {
  await user.click(screen.getByRole('combobox', { name: 'UTBMS expense code' }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('ExpenseCategoriesPage', { timeout: 60_000 }, () => {
  it('lists the categories with their UTBMS codes and how many expenses use them', async () => {
    stub();
    renderAt(<ExpenseCategoriesPage />, { session: administrator });
    const table = await screen.findByRole('table', { name: 'Expense categories' });
    expect(within(table).getByRole('row', { name: /Court filing fees E112 4/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Sundries — 0/ })).toBeInTheDocument();
  });

  it('adds a category with a UTBMS code (E101–E124) and sets the code of another', async () => {
    const user = userEvent.setup();
    const api = stub();
    renderAt(<ExpenseCategoriesPage />, { session: administrator });
    await user.click(await screen.findByRole('button', { name: 'Add expense category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New expense category' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Category' }), 'Experts');
    await chooseCode(user, 'E119 — Experts');
    await user.click(within(dialog).getByRole('button', { name: 'Add expense category' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/create-expense-category`)).toHaveLength(1));
    expect(api.callsTo('POST', `${BASE}/create-expense-category`)[0]?.body).toEqual({ name: 'Experts', utbmsExpenseCode: 'E119' });

    await user.click(await screen.findByRole('button', { name: 'Edit Sundries' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit expense category' });
    await user.clear(within(edit).getByRole('textbox', { name: 'Category' }));
    await user.type(within(edit).getByRole('textbox', { name: 'Category' }), 'Sundry costs');
    await chooseCode(user, 'E124 — Other');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/update-expense-category/c-2`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${BASE}/update-expense-category/c-2`)[0]?.body).toEqual({ name: 'Sundry costs', utbmsExpenseCode: 'E124' });
  });
});
