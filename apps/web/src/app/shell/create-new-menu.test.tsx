import { SPEC_MESSAGES } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TimeEntryPopupHost } from '../../features/time-entries/components/time-entry-popup-host.tsx';
// The host loads the popup on first opening; loaded here, a test's first opening waits for the app, not for the module's transform.
import '../../features/time-entries/components/time-entry-popup.tsx';
import { timeEntryPopup } from '../../lib/app-state/time-entry-popup-state.ts';
import { stubApi } from '../../test/msw/stub-api.ts';
import { renderAt } from '../../test/render.tsx';
import { firmPages } from '../routing/firm-routes.tsx';
import { CreateNewMenu } from './create-new-menu.tsx';

afterEach(() => {
  timeEntryPopup.close();
});

async function chooseTimeEntry(permissions: string[]) {
  const user = userEvent.setup();
  // The firm shell hosts the popup beside the menu.
  stubApi({});
  const result = renderAt(
    <>
      <CreateNewMenu permissions={permissions} pages={firmPages()} />
      <TimeEntryPopupHost />
    </>,
    { path: '/dashboard' },
  );
  await user.click(screen.getByRole('button', { name: 'Create New' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Time Entry' }));
  return { user, ...result };
}

// The Time Entry case renders the whole popup, which is slow on a busy two-core machine.
describe('Create New', { timeout: 30_000 }, () => {
  it('lists every kind of record', async () => {
    const user = userEvent.setup();
    renderAt(<CreateNewMenu permissions={['administrator']} pages={firmPages()} />, { path: '/dashboard' });
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

  it('opens the time-entry popup with timeEntry.create', async () => {
    await chooseTimeEntry(['timeEntry.create']);
    const popup = await screen.findByRole('dialog', { name: 'New Time Entry' });
    expect(within(popup).getByRole('textbox', { name: 'Duration' })).toHaveAttribute('placeholder', 'Example 1.5');
  });

  it('navigates to the add pages', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(<CreateNewMenu permissions={['administrator']} pages={firmPages()} />, { path: '/dashboard' });
    await user.click(screen.getByRole('button', { name: 'Create New' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Flat Fee' }));
    expect(router.state.location.pathname).toBe('/billing/flat-fees/add-new-flat-fee');
  });

  it('offers a fee earner only the records their role may create, and Time Entry', async () => {
    const user = userEvent.setup();
    renderAt(<CreateNewMenu permissions={['clientInfo', 'clientInfo.create', 'timeEntry', 'timeEntry.create']} pages={firmPages()} />, {
      path: '/dashboard',
    });
    await user.click(screen.getByRole('button', { name: 'Create New' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Client', 'Time Entry']);
  });

  it('offers Flat Fee only with flatFeePermission.create', async () => {
    const user = userEvent.setup();
    const { unmount } = renderAt(<CreateNewMenu permissions={['flatFeePermission']} pages={firmPages()} />, { path: '/dashboard' });
    await user.click(screen.getByRole('button', { name: 'Create New' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Time Entry']);
    unmount();
    renderAt(<CreateNewMenu permissions={['flatFeePermission', 'flatFeePermission.create']} pages={firmPages()} />, { path: '/dashboard' });
    await user.click(screen.getByRole('button', { name: 'Create New' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Time Entry', 'Flat Fee']);
  });

  it('opens Progress Update on the note form, or on the court update form for those who may add only court updates', async () => {
    const user = userEvent.setup();
    const { router, unmount } = renderAt(<CreateNewMenu permissions={['progressNote.create']} pages={firmPages()} />, {
      path: '/dashboard',
    });
    await user.click(screen.getByRole('button', { name: 'Create New' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Progress Update' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/progress-update/add-progress-update');
    unmount();

    const courtOnly = renderAt(<CreateNewMenu permissions={['courtUpdate', 'courtUpdate.create']} pages={firmPages()} />, {
      path: '/dashboard',
    });
    await user.click(screen.getByRole('button', { name: 'Create New' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Progress Update' }));
    expect(courtOnly.router.state.location.pathname + courtOnly.router.state.location.search).toBe(
      '/progress-update/add-progress-update?iscourtupdate=true',
    );
  });

  it('gives focus back to Create New when the menu closes', async () => {
    const user = userEvent.setup();
    renderAt(<CreateNewMenu permissions={['clientInfo']} pages={firmPages()} />, { path: '/dashboard' });
    const button = screen.getByRole('button', { name: 'Create New' });
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Time Entry' }));
    await waitFor(() => expect(button).toHaveFocus());
  });
});
