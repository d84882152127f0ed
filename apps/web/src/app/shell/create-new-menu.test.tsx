import { SPEC_MESSAGES } from '@matterhorn/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render.tsx';
import { CreateNewMenu } from './create-new-menu.tsx';

async function chooseTimeEntry(permissions: string[]) {
  const user = userEvent.setup();
  const result = renderAt(<CreateNewMenu permissions={permissions} />, { path: '/dashboard' });
  await user.click(screen.getByRole('button', { name: 'Create New' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Time Entry' }));
  return { user, ...result };
}

describe('Create New', () => {
  it('lists every kind of record', async () => {
    const user = userEvent.setup();
    renderAt(<CreateNewMenu permissions={[]} />, { path: '/dashboard' });
    await user.click(screen.getByRole('button', { name: 'Create New' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Client',
      'Matter',
      'Progress Update',
      'Invoice',
      'Time Entry',
      'Expense',
      'Flat Fee',
    ]);
  });

  it('alerts without timeEntry.create', async () => {
    await chooseTimeEntry(['clientInfo']);
    const toast = await screen.findByText(SPEC_MESSAGES.noPermission);
    expect(toast.closest('[data-toast-type]')).toHaveAttribute('data-toast-type', 'alert');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the New Time Entry window with timeEntry.create', async () => {
    await chooseTimeEntry(['timeEntry.create']);
    expect(await screen.findByRole('dialog', { name: 'New Time Entry' })).toBeInTheDocument();
  });

  it('navigates to the add pages', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(<CreateNewMenu permissions={[]} />, { path: '/dashboard' });
    await user.click(screen.getByRole('button', { name: 'Create New' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Flat Fee' }));
    expect(router.state.location.pathname).toBe('/billing/flat-fees/add-new-flat-fee');
  });
});
