import { currencySchema, firmSettingsSchema, type FirmSettings } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { envelope } from '../../../test/msw/envelope.ts';
import { mockApi } from '../../../test/msw/routes.ts';
import { stubApi, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { workingUserOf } from '../../../lib/session/working-user.ts';
import { NOTHING_TO_SAVE } from '../hooks/use-firm-settings-form.ts';
import { FirmSettingsPage } from './firm-settings-page.tsx';

const SETTINGS_PATH = '/admin/firm/settings';
const CURRENCIES_PATH = '/admin/currency/get-currency-list';
const SAVED_MESSAGE = 'Firm settings updated';

const settings: FirmSettings = {
  firmName: 'Obi & Co',
  logo: null,
  address: '12 Marina, Lagos',
  phone: '+234 1 234 5678',
  email: 'office@obi.law',
  taxNumber: 'TIN-12345',
  portalSlug: 'obi',
  country: 'Nigeria',
  timeZone: 'Africa/Lagos',
  dateFormat: 'DD/MM/YYYY',
  homeCurrencyId: 1,
  multicurrency: false,
  billingIncrement: '0.1',
  invoiceNumberPrefix: 'INV-',
  nextInvoiceNumber: 42,
  paymentTermsDays: 30,
  ledesFirmId: null,
  trustApprovalThreshold: '250000.00',
  recycleBinRetentionDays: 30,
  suggestsTime: true,
  idleTimeoutMinutes: 480,
  maxSessionHours: 12,
};

const currencies = contractAnswer(currencySchema.array(), [
  { id: 1, currencyName: 'Nigerian Naira', isoCurrenyCode: 'NGN', symbol: '₦' },
  { id: 2, currencyName: 'US Dollar', isoCurrenyCode: 'USD', symbol: '$' },
]);

const profile = fakeProfile();
const session = () =>
  fakeSession({
    profile,
    workingUser: workingUserOf(profile),
    permissions: ['updateAccountSettings'],
    reloadProfile: vi.fn(async () => null),
  });

function stubSettings(put: StubHandler, stored: FirmSettings = settings) {
  return stubApi({
    [`GET ${SETTINGS_PATH}`]: contractAnswer(firmSettingsSchema, stored),
    [`GET ${CURRENCIES_PATH}`]: currencies,
    [`PUT ${SETTINGS_PATH}`]: put,
  });
}

/** The page once its settings have loaded. */
async function openPage(options: { session?: ReturnType<typeof session> } = {}) {
  renderAt(<FirmSettingsPage />, { path: '/settings', session: options.session ?? session() });
  await screen.findByRole('textbox', { name: /^Firm name/ });
  return { section: (name: string) => screen.getByRole('group', { name }) };
}

describe('FirmSettingsPage', { timeout: 30_000 }, () => {
  it("shows the firm's settings, grouped, as they are stored", async () => {
    stubSettings({ data: settings });
    const { section } = await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'General' })).toBeInTheDocument();

    const firm = section('Firm');
    expect(within(firm).getByRole('textbox', { name: /^Firm name/ })).toHaveValue('Obi & Co');
    expect(within(firm).getByRole('textbox', { name: /^Address/ })).toHaveValue('12 Marina, Lagos');
    expect(within(firm).getByRole('textbox', { name: /^Email/ })).toHaveValue('office@obi.law');
    expect(within(firm).getByRole('textbox', { name: /^Tax identification number/ })).toHaveValue('TIN-12345');
    expect(within(firm).getByRole('textbox', { name: /^Portal address/ })).toHaveValue('obi');
    expect(within(firm).getByRole('combobox', { name: /^Country/ })).toHaveValue('Nigeria');

    const region = section('Region and currency');
    expect(within(region).getByRole('combobox', { name: /^Time zone/ })).toHaveValue('Africa/Lagos');
    const dateFormat = within(region).getByRole('combobox', { name: /^Date format for documents/ });
    expect(dateFormat).toHaveValue('DD/MM/YYYY (31/01/2026)');
    expect(dateFormat).toHaveAccessibleDescription('How dates print on invoices and credit notes. Screens always show DD/MM/YYYY.');
    expect(within(region).getByRole('combobox', { name: /^Home currency/ })).toHaveValue('NGN — Nigerian Naira (₦)');
    expect(within(region).getByRole('switch', { name: /^Enable multicurrency/ })).not.toBeChecked();

    const invoicing = section('Invoicing');
    expect(within(invoicing).getByRole('combobox', { name: /^Billing increment/ })).toHaveValue('0.1 h (6 minutes)');
    expect(within(invoicing).getByRole('textbox', { name: /^Invoice number prefix/ })).toHaveValue('INV-');
    const next = within(invoicing).getByRole('textbox', { name: /^Next invoice number/ });
    expect(next).toHaveValue('42');
    expect(next).toHaveAccessibleDescription(/The next invoice will be INV-00042\. It can only go up/);
    expect(within(invoicing).getByRole('textbox', { name: /^Default payment terms \(days\)/ })).toHaveValue('30');
    expect(within(invoicing).getByRole('textbox', { name: /^LEDES firm ID/ })).toHaveAccessibleDescription(
      /Blank: your tax identification number is used/,
    );

    expect(within(section('Trust money')).getByRole('textbox', { name: /^Approval threshold \(₦\)/ })).toHaveValue('250,000.00');
    const security = section('Sign-in and security');
    expect(within(security).getByRole('combobox', { name: /^Idle timeout/ })).toHaveValue('8 h (default)');
    expect(within(security).getByRole('combobox', { name: /^Maximum session age/ })).toHaveValue('12 h (default)');
    expect(within(section('Recycle bin')).getByRole('textbox', { name: /^Keep deleted records for \(days\)/ })).toHaveValue('30');
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
  });

  it('offers the sign-in lengths in order, with a stored length the list lacks', async () => {
    const user = userEvent.setup();
    stubSettings({ data: settings }, { ...settings, idleTimeoutMinutes: 45 });
    const { section } = await openPage();
    const idle = within(section('Sign-in and security')).getByRole('combobox', { name: /^Idle timeout/ });
    expect(idle).toHaveValue('45 min');
    await user.click(idle);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['15 min', '30 min', '45 min', '1 h', '2 h', '4 h', '8 h (default)', '12 h', '24 h']);
    await user.keyboard('{Escape}');
    await user.click(within(section('Sign-in and security')).getByRole('combobox', { name: /^Maximum session age/ }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['8 h', '12 h (default)', '24 h', '3 days', '7 days', '14 days', '30 days']);
  });

  it('sends only the two changed fields, then shows the saved answer with nothing left to save', async () => {
    const user = userEvent.setup();
    const api = stubSettings({ data: { ...settings, firmName: 'Obi LLP', idleTimeoutMinutes: 60 }, message: SAVED_MESSAGE });
    const testSession = session();
    const { section } = await openPage({ session: testSession });

    const name = screen.getByRole('textbox', { name: /^Firm name/ });
    await user.clear(name);
    await user.type(name, 'Obi LLP');
    await user.click(within(section('Sign-in and security')).getByRole('combobox', { name: /^Idle timeout/ }));
    await user.click(await screen.findByRole('option', { name: '1 h' }));
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('PUT', SETTINGS_PATH)).toHaveLength(1);
    expect(api.callsTo('PUT', SETTINGS_PATH)[0]?.body).toEqual({ firmName: 'Obi LLP', idleTimeoutMinutes: 60 });
    expect(await screen.findByText('No unsaved changes')).toBeInTheDocument();
    expect(name).toHaveValue('Obi LLP');
    // The shell's firm name comes from the session profile.
    expect(testSession.reloadProfile).toHaveBeenCalledTimes(1);
  });

  it('sends nothing when nothing changed, and says so', async () => {
    const user = userEvent.setup();
    const api = stubSettings({ data: settings, message: SAVED_MESSAGE });
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(NOTHING_TO_SAVE)).toBeInTheDocument();
    expect(api.callsTo('PUT', SETTINGS_PATH)).toHaveLength(0);
  });

  it('clears a text setting with a blank and refuses a blank number before asking the API', async () => {
    const user = userEvent.setup();
    const api = stubSettings({ data: { ...settings, taxNumber: null }, message: SAVED_MESSAGE });
    const { section } = await openPage();
    const terms = within(section('Invoicing')).getByRole('textbox', { name: /^Default payment terms/ });
    await user.clear(terms);
    await user.clear(within(section('Firm')).getByRole('textbox', { name: /^Tax identification number/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(terms).toBeInvalid();
    expect(terms).toHaveAccessibleDescription(expect.stringContaining('Payment terms must be a number of days'));
    expect(terms).toHaveFocus();
    expect(api.callsTo('PUT', SETTINGS_PATH)).toHaveLength(0);

    await user.type(terms, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', SETTINGS_PATH)).toHaveLength(1));
    expect(api.callsTo('PUT', SETTINGS_PATH)[0]?.body).toEqual({ taxNumber: null });
  });

  it('shows a refusal that names a field under that field', async () => {
    const user = userEvent.setup();
    const refusal = 'The next invoice number cannot go below one already issued';
    stubSettings({
      status: 409,
      message: refusal,
      body: JSON.stringify({ success: false, message: refusal, data: null, errors: { nextInvoiceNumber: refusal } }),
    });
    const { section } = await openPage();
    const next = within(section('Invoicing')).getByRole('textbox', { name: /^Next invoice number/ });
    await user.clear(next);
    await user.type(next, '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(next).toHaveAccessibleDescription(expect.stringContaining(refusal)));
    expect(next).toBeInvalid();
    expect(next).toHaveFocus();
    // Nothing was saved: the change is still there to correct.
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
  });

  it('shows a refusal that names no field above Save', async () => {
    const user = userEvent.setup();
    const refusal = 'That portal address is already taken. Please choose another.';
    stubSettings({ status: 409, message: refusal });
    const { section } = await openPage();
    const portal = within(section('Firm')).getByRole('textbox', { name: /^Portal address/ });
    await user.clear(portal);
    await user.type(portal, 'Taken-Firm');
    expect(portal).toHaveValue('taken-firm');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert', { name: 'The settings were not saved' });
    expect(alert).toHaveTextContent(refusal);
    expect(alert).toHaveFocus();
  });

  it('disables Save while saving, so one click sends one request', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const { calls } = mockApi([
      { method: 'GET', path: `/api${SETTINGS_PATH}`, answer: () => envelope(firmSettingsSchema.parse(settings)) },
      { method: 'GET', path: `/api${CURRENCIES_PATH}`, answer: () => envelope(currencies.data) },
      { method: 'PUT', path: `/api${SETTINGS_PATH}`, answer: () => new Promise<Response>((resolve) => (answer = resolve)) },
    ]);
    await openPage();
    await user.type(screen.getByRole('textbox', { name: /^Phone/ }), ' ext 9');
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(save).toBeDisabled();
    await user.click(save);

    answer(envelope({ ...settings, phone: '+234 1 234 5678 ext 9' }, { message: SAVED_MESSAGE }));
    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(save).toBeEnabled());
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ phone: '+234 1 234 5678 ext 9' });
  });

  it('removes the logo', async () => {
    const user = userEvent.setup();
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const api = stubSettings({ data: settings, message: SAVED_MESSAGE }, { ...settings, logo });
    const { section } = await openPage();
    expect(within(section('Firm')).getByRole('img', { name: 'Firm logo' })).toHaveAttribute('src', logo);
    await user.click(within(section('Firm')).getByRole('button', { name: 'Remove logo' }));
    expect(within(section('Firm')).queryByRole('img', { name: 'Firm logo' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', SETTINGS_PATH)).toHaveLength(1));
    expect(api.callsTo('PUT', SETTINGS_PATH)[0]?.body).toEqual({ logo: null });
  });
});
