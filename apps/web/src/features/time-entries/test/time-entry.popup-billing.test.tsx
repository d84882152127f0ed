import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { BILLABLE_TOOLTIP } from '../components/billing-section.tsx';
import {
  ALL_PERMISSIONS,
  choose,
  CLIENT_ID,
  fillLinks,
  matterLabel,
  MATTERS,
  openPopup,
  OTHER_USER,
  renderPopupHost,
  SELF,
  sessionFor,
  stubPopupApi,
} from './popup-test-support.tsx';

afterEach(() => {
  notifications.clean();
  timeEntryPopup.close();
});

const PREFIX = 'The matter you are creating a billable time entry for is a';
// The popup is a lazy chunk: its first load can take seconds on a busy machine.
const popup = () => screen.findByRole('dialog', { name: 'New Time Entry' }, { timeout: 10_000 });
const totalAmount = () => screen.getByTestId('time-entry-total-amount');

// These drive a large form through Testing Library, which is slow on a busy two-core machine.
describe('Time-entry popup billing', { timeout: 120_000 }, () => {
  it('acts on Billable only once a matter is chosen; unchecking resets rate and total to 0', async () => {
    stubPopupApi();
    const user = userEvent.setup();
    renderPopupHost();
    openPopup();
    const dialog = await popup();
    const billable = within(dialog).getByRole('checkbox', { name: 'Billable' });
    expect(billable).toBeChecked();
    expect(billable).toBeDisabled();

    await fillLinks(user);
    expect(billable).toBeEnabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Duration' }), '2');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Rate' })).toHaveValue('150.00'));
    expect(totalAmount()).toHaveTextContent('₦300.00');

    await user.click(billable);
    expect(billable).not.toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Rate' })).toHaveValue('0.00');
    expect(within(dialog).getByRole('textbox', { name: 'Rate' })).toBeDisabled();
    expect(totalAmount()).toHaveTextContent('₦0.00');
  });

  it('checking Billable again fills the matter rate; a non-billable entry is sent with rate and totals 0', async () => {
    const api = stubPopupApi();
    const user = userEvent.setup();
    renderPopupHost();
    openPopup({ clientId: CLIENT_ID, matterId: MATTERS.hourly.id, duration: '2' });
    const dialog = await popup();
    const rate = within(dialog).getByRole('textbox', { name: 'Rate' });
    await waitFor(() => expect(rate).toHaveValue('150.00'));
    const billable = within(dialog).getByRole('checkbox', { name: 'Billable' });
    await user.click(billable);
    expect(rate).toHaveValue('0.00');
    await user.click(billable);
    await waitFor(() => expect(rate).toHaveValue('150.00'));
    expect(totalAmount()).toHaveTextContent('₦300.00');

    await user.click(billable);
    await choose(user, 'Activity Type', 'Drafting (A103)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/time-entry')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin/time-entry')[0]?.body).toMatchObject({ isBillable: 2, userRate: '0', totalAmount: '0.00' });
  });

  it("shows the Billable tooltip's text", async () => {
    stubPopupApi();
    const user = userEvent.setup();
    renderPopupHost();
    openPopup();
    const dialog = await popup();
    await user.hover(within(dialog).getByRole('checkbox', { name: 'Billable' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(BILLABLE_TOOLTIP);
  });

  it('prefills the rate for the chosen matter and fee earner', async () => {
    const api = stubPopupApi();
    const user = userEvent.setup();
    renderPopupHost();
    openPopup();
    const dialog = await popup();
    await fillLinks(user);
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Rate' })).toHaveValue('150.00'));
    await choose(user, 'Entered By', 'Alan Turing');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Rate' })).toHaveValue('200.00'));
    const asked = api.callsTo('GET', '/admin/time-entry/get-time-entry-matter-rate').map((call) => new URLSearchParams(call.search));
    expect(asked.map((query) => [query.get('matterId'), query.get('UserId')])).toEqual([
      [MATTERS.hourly.id, SELF],
      [MATTERS.hourly.id, OTHER_USER],
    ]);
  });

  it('locks Entered By to the signed-in user without timeEntry.viewAll', async () => {
    stubPopupApi();
    renderPopupHost({ session: sessionFor(['timeEntry', 'timeEntry.create']) });
    openPopup();
    const dialog = await popup();
    const enteredBy = within(dialog).getByRole('combobox', { name: 'Entered By' });
    await waitFor(() => expect(enteredBy).toHaveTextContent('Grace Hopper'));
    expect(enteredBy).toBeDisabled();
  });

  it.each([
    ['Contingency', MATTERS.contingency, `${PREFIX} contingency matter`],
    ['Flat Rate', MATTERS.flat, `${PREFIX} flat fee matter`],
    ['Retainer', MATTERS.retainer, `${PREFIX} retainer matter`],
  ] as const)('warns on billable time for a %s matter', async (_type, matter, warning) => {
    stubPopupApi();
    const user = userEvent.setup();
    renderPopupHost();
    openPopup();
    const dialog = await popup();
    await fillLinks(user, matter);
    expect(within(dialog).getByText(warning)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Billable' }));
    expect(within(dialog).queryByText(warning)).not.toBeInTheDocument();
  });

  it('shows no warning for an hourly matter', async () => {
    stubPopupApi();
    const user = userEvent.setup();
    renderPopupHost();
    openPopup({ clientId: CLIENT_ID, matterId: MATTERS.hourly.id });
    const dialog = await popup();
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Matter' })).toHaveTextContent(matterLabel(MATTERS.hourly)));
    expect(within(dialog).queryByText(new RegExp(PREFIX))).not.toBeInTheDocument();
    await choose(user, 'Matter', matterLabel(MATTERS.contingency));
    expect(within(dialog).getByText(`${PREFIX} contingency matter`)).toBeInTheDocument();
  });

  it('keeps Currency disabled unless the firm has multicurrency', async () => {
    stubPopupApi();
    renderPopupHost({ session: sessionFor(ALL_PERMISSIONS, { multicurrency: false }) });
    openPopup();
    const dialog = await popup();
    const currency = within(dialog).getByRole('combobox', { name: 'Currency' });
    await waitFor(() => expect(currency).toHaveTextContent('NGN — Naira (₦)'));
    expect(currency).toBeDisabled();
    expect(within(dialog).queryByRole('textbox', { name: 'Exchange Rate' })).not.toBeInTheDocument();
  });

  it('bills in a foreign currency: exchange rate prefilled, total recomputed 100 ms after a change', async () => {
    const api = stubPopupApi();
    const user = userEvent.setup();
    renderPopupHost({ session: sessionFor(ALL_PERMISSIONS, { multicurrency: true }) });
    openPopup();
    const dialog = await popup();
    await fillLinks(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Duration' }), '2');
    const rate = within(dialog).getByRole('textbox', { name: 'Rate' });
    await waitFor(() => expect(rate).toHaveValue('150.00'));
    await user.clear(rate);
    await user.type(rate, '3000');
    expect(totalAmount()).toHaveTextContent('₦6,000.00');

    await choose(user, 'Currency', 'USD — US Dollar ($)');
    const exchangeRate = await within(dialog).findByRole('textbox', { name: 'Exchange Rate' });
    await waitFor(() => expect(exchangeRate).toHaveValue('1500'));
    // 3000 × 2 ÷ 1500 = 4 dollars.
    await waitFor(() => expect(totalAmount()).toHaveTextContent('$4.00'));
    // The rate stays in naira (SPEC.md §9); the dollar rate shows beside it under the dollar sign.
    const billingRate = within(dialog).getByRole('textbox', { name: 'Rate in USD' });
    expect(billingRate).toHaveValue('2.00');
    expect(billingRate).toHaveAttribute('readonly');
    expect(within(billingRate.parentElement!).getByText('$')).toBeInTheDocument();
    const [asked] = api.callsTo('GET', '/admin/business/get-exchange-rate');
    expect(Object.fromEntries(new URLSearchParams(asked?.search))).toEqual({
      HomeCurrencyId: '1',
      ForeignCurrencyId: '2',
      BusinessId: 'business-1',
    });

    vi.useFakeTimers();
    try {
      fireEvent.change(exchangeRate, { target: { value: '1200' } });
      expect(totalAmount()).toHaveTextContent('$4.00');
      act(() => vi.advanceTimersByTime(99));
      expect(totalAmount()).toHaveTextContent('$4.00');
      act(() => vi.advanceTimersByTime(1));
      expect(totalAmount()).toHaveTextContent('$5.00');
    } finally {
      vi.useRealTimers();
    }

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/time-entry')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin/time-entry')[0]?.body).toMatchObject({
      homeCurrencyId: 1,
      foreignCurrencyId: 2,
      exchangeRate: '1200',
      userRate: '3000',
      foreignUserRate: '2.50',
      totalAmount: '5.00',
    });
  });
});
