import { notifications } from '@mantine/notifications';
import { isoToDisplayDate, TIME_ENTRY_MESSAGES, todayIso } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import {
  ACTIVITY_ID,
  CLIENT_ID,
  ENTRY_ID,
  fillLinks,
  MATTERS,
  openPopup,
  renderPopupHost,
  SAVED_ENTRY,
  SELF,
  stubPopupApi,
} from './popup-test-support.tsx';

const realHeight = window.innerHeight;
afterEach(() => {
  notifications.clean();
  timeEntryPopup.close();
  window.innerHeight = realHeight;
});

const dialog = (name = 'New Time Entry') => screen.findByRole('dialog', { name });

const savedEntry = SAVED_ENTRY;

// These drive a large form through Testing Library, which is slow on a busy two-core machine.
describe('Time-entry popup', { timeout: 120_000 }, () => {
  it("reads 'New Time Entry' with today's date, the Duration hint and both sections", async () => {
    stubPopupApi();
    renderPopupHost();
    openPopup();
    const popup = await dialog();
    expect(within(popup).getByRole('textbox', { name: 'Duration' })).toHaveAttribute('placeholder', 'Example 1.5');
    expect(within(popup).getByRole('combobox', { name: 'Date' })).toHaveValue(isoToDisplayDate(todayIso()));
    expect(within(popup).getByRole('group', { name: 'Linked To' })).toBeInTheDocument();
    expect(within(popup).getByRole('group', { name: 'Billing Information' })).toBeInTheDocument();
    expect(within(popup).getByRole('combobox', { name: 'Entered By' })).toHaveTextContent('Grace Hopper');
    // Not opened from the timer: no timer button, no Delete Entry, Cancel is the right-hand button.
    expect(within(popup).queryByRole('button', { name: 'Resume timer' })).not.toBeInTheDocument();
    expect(within(popup).queryByRole('button', { name: 'Delete Entry' })).not.toBeInTheDocument();
    const buttons = within(popup)
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter((text) => ['Save', 'Save & Add New', 'Cancel'].includes(text ?? ''));
    expect(buttons).toEqual(['Save', 'Save & Add New', 'Cancel']);
  });

  it("reads 'Edit Time Entry' and fills the form when an entry id is present", async () => {
    stubPopupApi({ [`GET /admin/time-entry/${ENTRY_ID}`]: { data: savedEntry } });
    renderPopupHost();
    openPopup({ entryId: ENTRY_ID });
    const popup = await dialog('Edit Time Entry');
    await waitFor(() => expect(within(popup).getByRole('textbox', { name: 'Duration' })).toHaveValue('1.2500'));
    expect(within(popup).getByRole('combobox', { name: 'Date' })).toHaveValue('05/03/2024');
    expect(within(popup).getByRole('textbox', { name: 'Description' })).toHaveValue('Drafted the will');
    await waitFor(() => expect(within(popup).getByRole('combobox', { name: 'Matter' })).toHaveTextContent('MAT-00001 — Estate of Babbage'));
    expect(within(popup).getByRole('textbox', { name: 'Rate' })).toHaveValue('150.00');
    expect(within(popup).getByTestId('time-entry-total-amount')).toHaveTextContent('₦187.50');
  });

  it('shows errors only after a field is touched, with asterisks on the required labels', async () => {
    const api = stubPopupApi();
    const user = userEvent.setup();
    renderPopupHost();
    openPopup();
    const popup = await dialog();
    const duration = within(popup).getByRole('textbox', { name: 'Duration' });
    expect(duration.closest('.mantine-InputWrapper-root')?.textContent).toContain('*');
    expect(within(popup).queryByText(TIME_ENTRY_MESSAGES.durationRequired)).not.toBeInTheDocument();
    expect(within(popup).queryByText(TIME_ENTRY_MESSAGES.clientRequired)).not.toBeInTheDocument();

    await user.click(duration);
    await user.tab();
    expect(within(popup).getByText(TIME_ENTRY_MESSAGES.durationRequired)).toBeInTheDocument();
    expect(within(popup).queryByText(TIME_ENTRY_MESSAGES.clientRequired)).not.toBeInTheDocument();
    await user.type(duration, 'abc');
    expect(within(popup).getByText(TIME_ENTRY_MESSAGES.durationNumber)).toBeInTheDocument();

    await user.click(within(popup).getByRole('button', { name: 'Save' }));
    expect(within(popup).getByText(TIME_ENTRY_MESSAGES.clientRequired)).toBeInTheDocument();
    expect(within(popup).getByText(TIME_ENTRY_MESSAGES.matterRequired)).toBeInTheDocument();
    expect(within(popup).getByText(TIME_ENTRY_MESSAGES.activityRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/time-entry')).toHaveLength(0);
  });

  it('saves a manual entry, toasts the message and stays on the current page', async () => {
    const api = stubPopupApi();
    const user = userEvent.setup();
    const { router } = renderPopupHost();
    openPopup();
    const popup = await dialog();
    await fillLinks(user);
    await user.type(within(popup).getByRole('textbox', { name: 'Duration' }), '1.5');
    await user.type(within(popup).getByRole('textbox', { name: 'Description' }), 'Call with client');
    await waitFor(() => expect(within(popup).getByRole('textbox', { name: 'Rate' })).toHaveValue('150.00'));
    expect(within(popup).getByTestId('time-entry-total-amount')).toHaveTextContent('₦225.00');

    await user.click(within(popup).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Time entry created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/matter/matter-list');
    expect(screen.getByRole('heading', { name: 'Matters page' })).toBeInTheDocument();
    const [post] = api.callsTo('POST', '/admin/time-entry');
    expect(post?.body).toMatchObject({
      clientId: CLIENT_ID,
      matterId: MATTERS.hourly.id,
      activityId: ACTIVITY_ID,
      isBillable: 4,
      timeEntryUserId: SELF,
      description: 'Call with client',
      timeEntryDate: todayIso(),
      duration: '1.5',
      userRate: '150.00',
      exchangeRate: '1',
      foreignCurrencyId: null,
      homeCurrencyId: 1,
      totalAmount: '225.00',
      status: 3,
      ManualTimeEntry: true,
      adminUserId: 'owner-admin',
      businessId: 'business-1',
    });
  });

  it('keeps the popup open with an error toast when the server refuses, and can save again', async () => {
    let attempts = 0;
    const api = stubPopupApi({
      'POST /admin/time-entry': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 400, message: 'Time cannot be recorded on a closed matter' }
          : { status: 201, message: 'Time entry created', data: SAVED_ENTRY };
      },
    });
    const user = userEvent.setup();
    renderPopupHost();
    openPopup();
    const popup = await dialog();
    await fillLinks(user);
    await user.type(within(popup).getByRole('textbox', { name: 'Duration' }), '2');
    await user.click(within(popup).getByRole('button', { name: 'Save' }));
    const toast = await screen.findByText('Time cannot be recorded on a closed matter');
    expect(toast.closest('[data-toast-type]')).toHaveAttribute('data-toast-type', 'error');
    expect(screen.getByRole('dialog', { name: 'New Time Entry' })).toBeInTheDocument();
    await waitFor(() => expect(within(popup).getByRole('button', { name: 'Save' })).toBeEnabled());

    await user.click(within(popup).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = api.callsTo('POST', '/admin/time-entry');
    expect(posts).toHaveLength(2);
  });

  it('Save & Add New saves, then opens a fresh New Time Entry', async () => {
    const api = stubPopupApi();
    const user = userEvent.setup();
    renderPopupHost();
    openPopup();
    const popup = await dialog();
    await fillLinks(user);
    await user.type(within(popup).getByRole('textbox', { name: 'Duration' }), '0.25');
    await user.click(within(popup).getByRole('button', { name: 'Save & Add New' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/time-entry')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Duration' })).toHaveValue(''));
    expect(screen.getByRole('dialog', { name: 'New Time Entry' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveTextContent('Select client');
  });

  it('updates an entry with PUT, without ManualTimeEntry', async () => {
    const api = stubPopupApi({
      [`GET /admin/time-entry/${ENTRY_ID}`]: { data: savedEntry },
      [`PUT /admin/time-entry/${ENTRY_ID}`]: { message: 'Time entry updated', data: savedEntry },
    });
    const user = userEvent.setup();
    renderPopupHost();
    openPopup({ entryId: ENTRY_ID });
    const popup = await dialog('Edit Time Entry');
    const duration = await within(popup).findByRole('textbox', { name: 'Duration' });
    await user.clear(duration);
    await user.type(duration, '2');
    await user.click(within(popup).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Time entry updated')).toBeInTheDocument();
    const [put] = api.callsTo('PUT', `/admin/time-entry/${ENTRY_ID}`);
    expect(put?.body).toMatchObject({ id: ENTRY_ID, duration: '2', userRate: '150.00', totalAmount: '300.00' });
    expect(put?.body).not.toHaveProperty('ManualTimeEntry');
    expect(api.callsTo('GET', '/admin/time-entry/get-time-entry-matter-rate')).toHaveLength(0);
  });

  it('locks date, client, matter, duration and the Billable toggle on a billed entry', async () => {
    stubPopupApi({ [`GET /admin/time-entry/${ENTRY_ID}`]: { data: { ...savedEntry, isLocked: true, status: 5 } } });
    renderPopupHost();
    openPopup({ entryId: ENTRY_ID });
    const popup = await dialog('Edit Time Entry');
    const duration = await within(popup).findByRole('textbox', { name: 'Duration' });
    expect(duration).toBeDisabled();
    expect(within(popup).getByRole('combobox', { name: 'Date' })).toBeDisabled();
    expect(within(popup).getByRole('combobox', { name: 'Client' })).toBeDisabled();
    expect(within(popup).getByRole('combobox', { name: 'Matter' })).toBeDisabled();
    expect(within(popup).getByRole('checkbox', { name: 'Billable' })).toBeDisabled();
    expect(within(popup).getByRole('textbox', { name: 'Description' })).toBeEnabled();
  });

  it('shows an entry billed on a sent invoice read-only, naming the invoice, with nothing to save', async () => {
    stubPopupApi({
      [`GET /admin/time-entry/${ENTRY_ID}`]: { data: { ...savedEntry, isLocked: true, status: 5, billedOnInvoiceNumber: 'INV-00031' } },
    });
    renderPopupHost();
    openPopup({ entryId: ENTRY_ID });
    const popup = await dialog('Edit Time Entry');
    expect(await within(popup).findByText('Billed on INV-00031 — void or credit the invoice to change it')).toBeInTheDocument();
    for (const name of ['Duration', 'Description', 'Rate']) expect(within(popup).getByRole('textbox', { name }), name).toBeDisabled();
    for (const name of ['Date', 'Client', 'Matter', 'Activity Type', 'UTBMS task code', 'Entered By'])
      expect(within(popup).getByRole('combobox', { name }), name).toBeDisabled();
    expect(within(popup).getByRole('checkbox', { name: 'Billable' })).toBeDisabled();
    expect(within(popup).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(popup).queryByRole('button', { name: 'Save & Add New' })).not.toBeInTheDocument();
  });

  it("'Minimize popup' closes a manual entry's popup without touching the timer", async () => {
    const api = stubPopupApi();
    const user = userEvent.setup();
    renderPopupHost();
    openPopup();
    const popup = await dialog();
    await user.click(within(popup).getByRole('button', { name: 'Minimize popup' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/admin/time-entry-log/start-entry')).toHaveLength(0);
  });

  it('switches layout under 900 px of window height', async () => {
    stubPopupApi();
    window.innerHeight = 700;
    const { unmount } = renderPopupHost();
    openPopup();
    expect((await dialog()).querySelector('form')).toHaveAttribute('data-layout', 'compact');
    unmount();
    timeEntryPopup.close();

    window.innerHeight = 1000;
    renderPopupHost();
    openPopup();
    expect((await dialog()).querySelector('form')).toHaveAttribute('data-layout', 'full');
  });
});
