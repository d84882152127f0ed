import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WORKING_DAYS_MESSAGE } from '@matterhorn/shared';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { REQUIRE_TOTP_LABEL } from '../components/portal-sign-in-settings-card.tsx';
import { FirmProfilePage } from './firm-profile-page.tsx';

const firmProfile = {
  firmName: 'Obi & Co',
  portalSlug: 'obi',
  country: 'Nigeria',
  homeCurrencyId: 1,
  multicurrency: false,
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
};

describe('FirmProfilePage', () => {
  it('keeps each setting on one page: the firm’s details are under General, and a save sends them back unchanged', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'GET /admin/business/get-firm-profile': { data: firmProfile },
      'PUT /admin/business/update-firm-profile': { data: firmProfile, message: 'Firm profile updated' },
    });
    const reloadProfile = vi.fn(async () => null);
    renderAt(<FirmProfilePage />, { session: fakeSession({ permissions: ['administrator'], reloadProfile }) });
    await screen.findByRole('switch', { name: /Block time past a matter’s budget/ });
    for (const general of [
      /^Firm name/,
      /^Portal address/,
      /^Country/,
      /^Time zone/,
      /^Home currency/,
      /^Billing increment/,
      /^Phone/,
      /logo/i,
    ])
      expect(screen.queryByLabelText(general)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings › General' })).toHaveAttribute('href', '/settings');
    await user.click(screen.getByRole('switch', { name: /Block time past a matter’s budget/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(reloadProfile).toHaveBeenCalledTimes(1));
    expect(api.callsTo('PUT', '/admin/business/update-firm-profile')[0]?.body).toEqual({ ...firmProfile, blockTimePastBudget: true });
    expect(await screen.findByText('Firm profile updated')).toBeInTheDocument();
  }, 60_000);

  it("sets the month the firm's fiscal year starts in", async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'GET /admin/business/get-firm-profile': { data: firmProfile },
      'GET /admin/currency/get-currency-list': { data: [] },
      'PUT /admin/business/update-firm-profile': { data: firmProfile, message: 'Firm profile updated' },
    });
    renderAt(<FirmProfilePage />, { session: fakeSession({ permissions: ['administrator'], reloadProfile: vi.fn(async () => null) }) });
    const month = await screen.findByRole('combobox', { name: /^Fiscal year starts in/ });
    expect(month).toHaveValue('January');
    await user.click(month);
    await user.click(await screen.findByRole('option', { name: 'April' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT', '/admin/business/update-firm-profile')).toHaveLength(1));
    expect(api.callsTo('PUT', '/admin/business/update-firm-profile')[0]?.body).toMatchObject({ fiscalYearStartMonth: 4 });
  }, 60_000);

  it("sets the firm's available hours per day and working days, refusing none", async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'GET /admin/business/get-firm-profile': { data: firmProfile },
      'GET /admin/currency/get-currency-list': { data: [] },
      'PUT /admin/business/update-firm-profile': { data: firmProfile, message: 'Firm profile updated' },
    });
    renderAt(<FirmProfilePage />, { session: fakeSession({ permissions: ['administrator'], reloadProfile: vi.fn(async () => null) }) });
    const hours = await screen.findByRole('textbox', { name: /^Available hours per day/ });
    expect(hours).toHaveValue('8.00');
    await user.clear(hours);
    await user.type(hours, '7.5');
    const days = screen.getByRole('group', { name: /^Working days/ });
    expect(within(days).getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      await user.click(within(days).getByRole('checkbox', { name: day }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(WORKING_DAYS_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/admin/business/update-firm-profile')).toHaveLength(0);
    await user.click(within(days).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Monday' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT', '/admin/business/update-firm-profile')).toHaveLength(1));
    expect(api.callsTo('PUT', '/admin/business/update-firm-profile')[0]?.body).toMatchObject({
      availableHoursPerDay: '7.5',
      workingDays: [1, 6],
    });
  }, 60_000);

  it('requires two-step sign-in of every member, saved with the rest of the profile', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'GET /admin/business/get-firm-profile': { data: firmProfile },
      'GET /admin/currency/get-currency-list': { data: [] },
      'PUT /admin/business/update-firm-profile': { data: { ...firmProfile, requireTwoStep: true }, message: 'Firm profile updated' },
    });
    renderAt(<FirmProfilePage />, { session: fakeSession({ permissions: ['administrator'], reloadProfile: vi.fn(async () => null) }) });
    const toggle = await screen.findByRole('switch', { name: /^Require two-step sign-in for everyone/ });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription('Each member sets up an authenticator app at their next sign-in.');
    await user.click(toggle);
    expect(toggle).toBeChecked();
    // Nothing is sent until the profile is saved.
    expect(api.callsTo('PUT', '/admin/business/update-firm-profile')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT', '/admin/business/update-firm-profile')).toHaveLength(1));
    expect(api.callsTo('PUT', '/admin/business/update-firm-profile')[0]?.body).toMatchObject({ requireTwoStep: true });
  }, 60_000);

  it('does not reload the session when the save fails', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /admin/business/get-firm-profile': { data: firmProfile },
      'GET /admin/currency/get-currency-list': { data: [] },
      'PUT /admin/business/update-firm-profile': { status: 409, message: 'That portal address is taken' },
    });
    const reloadProfile = vi.fn(async () => null);
    renderAt(<FirmProfilePage />, { session: fakeSession({ permissions: ['administrator'], reloadProfile }) });
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('That portal address is taken')).toBeInTheDocument();
    expect(reloadProfile).not.toHaveBeenCalled();
  }, 20_000);

  it('requires two-step sign-in for portal users when the switch is turned on', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'GET /admin/business/get-firm-profile': { data: firmProfile },
      'GET /admin/currency/get-currency-list': { data: [] },
      'GET /admin/client-portal/get-sign-in-settings': { data: { requiresTotp: false } },
      'PUT /admin/client-portal/update-sign-in-settings': { data: { requiresTotp: true }, message: 'Portal sign-in settings saved' },
    });
    renderAt(<FirmProfilePage />, { session: fakeSession({ permissions: ['administrator'] }) });
    const toggle = await screen.findByRole(
      'switch',
      { name: new RegExp(REQUIRE_TOTP_LABEL.replace(/[()]/g, '\\$&')) },
      { timeout: 10_000 },
    );
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(api.callsTo('PUT', '/admin/client-portal/update-sign-in-settings')[0]?.body).toEqual({ requiresTotp: true });
  }, 20_000);
});
