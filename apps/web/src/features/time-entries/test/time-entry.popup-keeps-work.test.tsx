import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BILLABLE_TOOLTIP } from '../components/billing-section.tsx';
import { DISCARD_MODAL } from '../components/discard-changes-modal.tsx';
import { POPUP_TITLES } from '../components/time-entry-popup.tsx';
import { CLIENT_ID, ENTRY_ID, MATTERS, openPopup, renderPopupHost, sessionFor, stubPopupApi } from './popup-test-support.tsx';

// The popup is a lazy chunk: its first load can take seconds on a busy machine.
const popup = () => screen.findByRole('dialog', { name: POPUP_TITLES.create }, { timeout: 10_000 });
const duration = (within_: HTMLElement) => within(within_).getByRole('textbox', { name: 'Duration' });

// The issue-13 promises of the popup: it never throws typing away without asking.
describe('Time-entry popup keeps work', { timeout: 120_000 }, () => {
  it('opens with the focus on Duration', async () => {
    stubPopupApi();
    renderPopupHost();
    openPopup();
    const dialog = await popup();
    await waitFor(() => expect(duration(dialog)).toHaveFocus());
  });

  it('closes at once on Escape when nothing was changed', async () => {
    const user = userEvent.setup();
    stubPopupApi();
    renderPopupHost();
    openPopup();
    await popup();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: POPUP_TITLES.create })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: DISCARD_MODAL.title })).not.toBeInTheDocument();
  });

  it('asks before discarding changes on Escape, the close button and the backdrop; Keep editing keeps the typing', async () => {
    const user = userEvent.setup();
    stubPopupApi();
    renderPopupHost();
    openPopup();
    const dialog = await popup();
    await user.type(duration(dialog), '1.25');

    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: DISCARD_MODAL.title });
    await user.click(within(ask).getByRole('button', { name: DISCARD_MODAL.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DISCARD_MODAL.title })).not.toBeInTheDocument());
    expect(duration(await popup())).toHaveValue('1.25');

    await user.click(within(await popup()).getByRole('button', { name: 'Close' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: DISCARD_MODAL.title })).getByRole('button', { name: DISCARD_MODAL.keepEditing }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DISCARD_MODAL.title })).not.toBeInTheDocument());
    expect(duration(await popup())).toHaveValue('1.25');

    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('dialog', { name: DISCARD_MODAL.title })).getByRole('button', { name: DISCARD_MODAL.discard }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: POPUP_TITLES.create })).not.toBeInTheDocument());
  });

  it('Escape in the open date picker closes only the picker', async () => {
    const user = userEvent.setup();
    stubPopupApi();
    renderPopupHost();
    openPopup();
    const dialog = await popup();
    await user.type(duration(dialog), '2');
    const date = within(dialog).getByRole('combobox', { name: 'Date' });
    await user.click(date);
    await waitFor(() => expect(date).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(date).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.queryByRole('dialog', { name: DISCARD_MODAL.title })).not.toBeInTheDocument();
    expect(duration(await popup())).toHaveValue('2');
  });

  it('Escape in an open dropdown closes only the dropdown', async () => {
    const user = userEvent.setup();
    stubPopupApi();
    renderPopupHost();
    openPopup();
    const dialog = await popup();
    await user.type(duration(dialog), '2');
    const client = await within(dialog).findByRole('combobox', { name: 'Client' });
    await user.click(client);
    await screen.findByRole('option', { name: 'Ada Lovelace' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Ada Lovelace' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: DISCARD_MODAL.title })).not.toBeInTheDocument();
    expect(duration(await popup())).toHaveValue('2');
  });

  it('shows the Billable tooltip when the pointer is on the label, not only on the box', async () => {
    const user = userEvent.setup();
    stubPopupApi();
    renderPopupHost();
    openPopup({ clientId: CLIENT_ID, matterId: MATTERS.hourly.id });
    const dialog = await popup();
    await user.hover(within(dialog).getByText('Billable'));
    expect(await screen.findByText(BILLABLE_TOOLTIP)).toBeInTheDocument();
  });

  it('shows the hours billed at the firm\'s increment: "0.0019 h recorded → 0.1 h billed", and the total follows them', async () => {
    const user = userEvent.setup();
    stubPopupApi();
    renderPopupHost({ session: sessionFor(undefined, { billingIncrement: '0.1' }) });
    openPopup({ clientId: CLIENT_ID, matterId: MATTERS.hourly.id, duration: '0.0019' });
    const dialog = await popup();
    expect(await within(dialog).findByText('0.0019 h recorded → 0.1 h billed')).toBeInTheDocument();
    // 150.00 an hour (the stubbed matter rate) × 0.1 h billed.
    await waitFor(() => expect(within(dialog).getByTestId('time-entry-total-amount')).toHaveTextContent('₦15.00'));
    await user.clear(duration(dialog));
    await user.type(duration(dialog), '0.3');
    expect(within(dialog).queryByText(/h recorded →/)).not.toBeInTheDocument();
  });

  it('bills the exact time when the firm has no increment', async () => {
    stubPopupApi();
    renderPopupHost({ session: sessionFor(undefined, { billingIncrement: '0' }) });
    openPopup({ clientId: CLIENT_ID, matterId: MATTERS.hourly.id, duration: '0.0019' });
    const dialog = await popup();
    await waitFor(() => expect(within(dialog).getByTestId('time-entry-total-amount')).toHaveTextContent('₦0.29'));
    expect(within(dialog).queryByText(/h recorded →/)).not.toBeInTheDocument();
  });

  it('edits the recorded hours and shows the hours the entry was billed at, even if the increment changed since', async () => {
    stubPopupApi({
      [`GET /admin/time-entry/${ENTRY_ID}`]: {
        data: {
          id: ENTRY_ID,
          clientId: CLIENT_ID,
          clientName: 'Ada Lovelace',
          matterId: MATTERS.hourly.id,
          matterName: MATTERS.hourly.matterName,
          matterNumber: MATTERS.hourly.matterNumber,
          matterRate: 'Hourly',
          activityId: '30000000-0000-4000-8000-000000000001',
          activityType: 'Drafting',
          activityCode: 'A103',
          isBillable: 4,
          timeEntryUserId: '10000000-0000-4000-8000-000000000001',
          timeEntryUserName: 'Grace Hopper',
          description: 'Call',
          timeEntryDate: '2024-03-05',
          duration: '0.1000',
          recordedDuration: '0.0019',
          userRate: '150.00',
          foreignUserRate: '150.00',
          homeCurrencyId: 1,
          foreignCurrencyId: null,
          currencySymbol: '₦',
          exchangeRate: '1',
          totalAmount: '15.00',
          foreignTotalAmount: '15.00',
          homeTotalAmount: '15.00',
          status: 3,
          isLocked: false,
          billedOnInvoiceNumber: null,
          manualTimeEntry: true,
          utbmsTaskCode: null,
          createdAt: '2024-03-05T10:00:00Z',
          updatedAt: '2024-03-05T10:00:00Z',
        },
      },
    });
    renderPopupHost({ session: sessionFor(undefined, { billingIncrement: '0.25' }) });
    openPopup({ entryId: ENTRY_ID });
    const dialog = await screen.findByRole('dialog', { name: POPUP_TITLES.edit });
    expect(await within(dialog).findByRole('textbox', { name: 'Duration' })).toHaveValue('0.0019');
    expect(within(dialog).getByText('0.0019 h recorded → 0.1 h billed')).toBeInTheDocument();
  });
});
