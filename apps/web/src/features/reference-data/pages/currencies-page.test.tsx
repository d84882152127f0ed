import { todayIso } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { CurrenciesPage } from './currencies-page.tsx';

const session = fakeSession({ permissions: ['administrator'] });

function stubCurrencies() {
  return stubApi({
    'GET /admin/business/get-firm-profile': {
      data: {
        firmName: 'Obi & Co',
        portalSlug: 'obi',
        country: 'Nigeria',
        homeCurrencyId: 1,
        multicurrency: true,
        timeZone: 'Africa/Lagos',
        logo: null,
        address: null,
        phone: null,
        email: null,
        billingIncrement: '0.1',
        blockTimePastBudget: false,
        requireTwoStep: false,
        fiscalYearStartMonth: 1,
        availableHoursPerDay: '8.00',
        workingDays: [1, 2, 3, 4, 5],
      },
    },
    'GET /admin/currency/get-currency-list': {
      data: [
        { id: 1, currencyName: 'Nigerian Naira', isoCurrenyCode: 'NGN', symbol: '₦' },
        { id: 2, currencyName: 'US Dollar', isoCurrenyCode: 'USD', symbol: '$' },
      ],
    },
    'GET /admin/business/get-exchange-rates': {
      data: [{ id: 'x1', foreignCurrencyId: 2, foreignCurrencyCode: 'USD', rate: '1500.5', effectiveDate: '2024-01-31' }],
    },
    'POST /admin/business/set-exchange-rate': {
      data: { id: 'x2', foreignCurrencyId: 2, foreignCurrencyCode: 'USD', rate: '1600', effectiveDate: '2024-02-01' },
      message: 'Exchange rate saved',
    },
  });
}

describe('CurrenciesPage', () => {
  it('shows the home currency and the rates per pair and date', async () => {
    stubCurrencies();
    renderAt(<CurrenciesPage />, { session });
    expect(await screen.findByTestId('home-currency')).toHaveTextContent('NGN — Nigerian Naira (₦)');
    const table = await screen.findByRole('table', { name: 'Exchange rates' });
    expect(within(table).getByText('USD → NGN')).toBeInTheDocument();
    expect(within(table).getByText('31/01/2024')).toBeInTheDocument();
  });

  it('refuses a rate with more than 8 decimals and sends a valid one with its date', async () => {
    const user = userEvent.setup();
    const api = stubCurrencies();
    renderAt(<CurrenciesPage />, { session });
    const form = await screen.findByRole('region', { name: 'Add rate' });
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    expect(within(form).getByText('Foreign currency is required')).toBeInTheDocument();

    await user.click(within(form).getByRole('combobox', { name: /^Currency/ }));
    expect(screen.queryByRole('option', { name: /NGN/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'USD — US Dollar ($)' }));
    const rate = within(form).getByLabelText(/^Rate/);
    await user.type(rate, '1.123456789');
    await user.tab();
    expect(within(form).getByText('Rate must be a positive number with at most 8 decimals')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    expect(api.callsTo('POST', '/admin/business/set-exchange-rate')).toHaveLength(0);

    await user.clear(rate);
    await user.type(rate, '1550.12345678');
    expect(within(form).queryByText('Rate must be a positive number with at most 8 decimals')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/business/set-exchange-rate')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin/business/set-exchange-rate')[0]?.body).toEqual({
      foreignCurrencyId: 2,
      rate: '1550.12345678',
      effectiveDate: todayIso(),
    });
  }, 30_000);

  it('sends the effective date typed as DD/MM/YYYY as an ISO date', async () => {
    const user = userEvent.setup();
    const api = stubCurrencies();
    renderAt(<CurrenciesPage />, { session });
    const form = await screen.findByRole('region', { name: 'Add rate' });
    await user.click(within(form).getByRole('combobox', { name: /^Currency/ }));
    await user.click(await screen.findByRole('option', { name: 'USD — US Dollar ($)' }));
    await user.type(within(form).getByLabelText(/^Rate/), '0.00065');
    const date = within(form).getByLabelText(/^Effective date/);
    await user.clear(date);
    await user.type(date, '15/03/2024');
    await user.keyboard('{Escape}');
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/business/set-exchange-rate')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin/business/set-exchange-rate')[0]?.body).toEqual({
      foreignCurrencyId: 2,
      rate: '0.00065',
      effectiveDate: '2024-03-15',
    });
  }, 30_000);
});
