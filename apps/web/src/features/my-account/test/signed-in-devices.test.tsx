import { myAccountSchema, signedInDeviceSchema, twoStepStatusSchema, type SignedInDevice } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { MyAccountPage } from '../pages/my-account-page.tsx';

const session = fakeSession({ profile: fakeProfile(), permissions: [] });
const SESSIONS = '/me/sessions';
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

/** A local moment as ISO, so the page shows the same DD/MM/YYYY HH:mm in any time zone. */
const localIso = (day: number, hour: number, minute: number) => new Date(2026, 4, day, hour, minute).toISOString();

const thisDevice: SignedInDevice = {
  id: '3f0c2b1a-7d4e-4c5b-8a9f-1e2d3c4b5a60',
  userAgent: CHROME_ON_WINDOWS,
  ipAddress: '203.0.113.7',
  signedInAt: localIso(1, 9, 30),
  lastActiveAt: localIso(3, 14, 5),
  isThisDevice: true,
};
const phone: SignedInDevice = {
  id: '8b7a6c5d-4e3f-4a1b-9c2d-0e1f2a3b4c5d',
  userAgent: SAFARI_ON_IPHONE,
  ipAddress: '198.51.100.23',
  signedInAt: localIso(2, 8, 0),
  lastActiveAt: localIso(3, 7, 45),
  isThisDevice: false,
};
const unknown: SignedInDevice = {
  id: 'c1d2e3f4-a5b6-4c7d-8e9f-a0b1c2d3e4f5',
  userAgent: null,
  ipAddress: null,
  signedInAt: localIso(1, 18, 2),
  lastActiveAt: localIso(1, 18, 2),
  isThisDevice: false,
};
const laptop: SignedInDevice = {
  ...phone,
  id: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70',
  userAgent: FIREFOX_ON_LINUX,
  ipAddress: '192.0.2.44',
};

const devicesAnswer = (devices: SignedInDevice[]) => contractAnswer(signedInDeviceSchema.array(), devices);
const twoStepOff = contractAnswer(twoStepStatusSchema, { isOn: false, recoveryCodesLeft: 0, isRequiredByFirm: false });

/** The page's API with the devices the server holds now: signing out removes them, as the server would. */
function stubDevices(initial: SignedInDevice[]) {
  let devices = initial;
  const api = stubApi({
    'GET /auth/mfa/status': twoStepOff,
    'GET /me/account': contractAnswer(myAccountSchema, { name: 'Ada Obi', email: 'ada@example.com', photo: null, pendingEmail: null }),
    [`GET ${SESSIONS}`]: () => devicesAnswer(devices),
    [`DELETE ${SESSIONS}`]: () => {
      const ended = devices.filter((device) => !device.isThisDevice).length;
      devices = devices.filter((device) => device.isThisDevice);
      return { data: { signedOut: ended } };
    },
    ...Object.fromEntries(
      initial.map((device) => [
        `DELETE ${SESSIONS}/${device.id}`,
        () => {
          devices = devices.filter((kept) => kept.id !== device.id);
          return { data: { signedOut: 1 } };
        },
      ]),
    ),
  });
  const listCalls = () => api.callsTo('GET', SESSIONS).length;
  return { ...api, listCalls };
}

const devicesSection = () => screen.getByRole('region', { name: 'Signed-in devices' });
const deviceRows = async () =>
  within(await within(devicesSection()).findByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem');

describe('MyAccountPage, signed-in devices', { timeout: 30_000 }, () => {
  it('lists each session by browser and system, its address and times, and marks this device', async () => {
    stubDevices([thisDevice, phone, unknown]);
    renderAt(<MyAccountPage />, { session });
    const rows = await deviceRows();
    expect(rows).toHaveLength(3);

    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Chrome on Windows')).toBeInTheDocument();
    expect(within(first).getByText('This device')).toBeInTheDocument();
    expect(within(first).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(first).getByText('Signed in 01/05/2026 09:30')).toBeInTheDocument();
    expect(within(first).getByText('Last active 03/05/2026 14:05')).toBeInTheDocument();
    // This device is signed out with the ordinary Sign out, not from here.
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();

    expect(within(second).getByText('Safari on iPhone')).toBeInTheDocument();
    expect(within(second).queryByText('This device')).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Sign out Safari on iPhone, 198.51.100.23' })).toBeEnabled();

    expect(within(third).getByText('Unknown browser')).toBeInTheDocument();
    expect(within(third).getByText('Unknown address')).toBeInTheDocument();
    expect(within(third).getByRole('button', { name: 'Sign out Unknown browser, Unknown address' })).toBeInTheDocument();

    expect(within(devicesSection()).getByRole('button', { name: 'Sign out all other devices' })).toBeEnabled();
  });

  it('signs one device out by its id, then reloads the list', async () => {
    const user = userEvent.setup();
    const api = stubDevices([thisDevice, phone, laptop]);
    renderAt(<MyAccountPage />, { session });
    await deviceRows();
    const listedBefore = api.listCalls();

    await user.click(screen.getByRole('button', { name: 'Sign out Safari on iPhone, 198.51.100.23' }));
    await waitFor(() => expect(api.callsTo('DELETE', `${SESSIONS}/${phone.id}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(api.listCalls()).toBeGreaterThan(listedBefore);
    expect(await screen.findByText('Signed out Safari on iPhone')).toBeInTheDocument();
    // Only the chosen one.
    expect(api.callsTo('DELETE', `${SESSIONS}/${laptop.id}`)).toHaveLength(0);
    expect(api.callsTo('DELETE', SESSIONS)).toHaveLength(0);
    expect(await deviceRows()).toHaveLength(2);
  });

  it('asks before signing out every other device, then says how many and reloads the list', async () => {
    const user = userEvent.setup();
    const api = stubDevices([thisDevice, phone, laptop]);
    renderAt(<MyAccountPage />, { session });
    await deviceRows();
    const listedBefore = api.listCalls();

    await user.click(within(devicesSection()).getByRole('button', { name: 'Sign out all other devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other devices?' });
    expect(within(dialog).getByText(/This device stays signed in\./)).toBeInTheDocument();
    expect(api.callsTo('DELETE', SESSIONS)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Sign out other devices' }));
    await waitFor(() => expect(api.callsTo('DELETE', SESSIONS)).toHaveLength(1));
    expect(await screen.findByText('Signed out of 2 other devices')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.listCalls()).toBeGreaterThan(listedBefore);
    const rows = await deviceRows();
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(devicesSection()).getByRole('button', { name: 'Sign out all other devices' })).toBeDisabled();
  });

  it('says "1 other device" when one was signed out', async () => {
    const user = userEvent.setup();
    stubDevices([thisDevice, phone]);
    renderAt(<MyAccountPage />, { session });
    await deviceRows();
    await user.click(within(devicesSection()).getByRole('button', { name: 'Sign out all other devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other devices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out other devices' }));
    expect(await screen.findByText('Signed out of 1 other device')).toBeInTheDocument();
  });

  it('cannot sign out other devices when this is the only one', async () => {
    const api = stubDevices([thisDevice]);
    renderAt(<MyAccountPage />, { session });
    await deviceRows();
    expect(within(devicesSection()).getByText('Your account is signed in on this device only.')).toBeInTheDocument();
    expect(within(devicesSection()).getByRole('button', { name: 'Sign out all other devices' })).toBeDisabled();
    expect(api.callsTo('DELETE', SESSIONS)).toHaveLength(0);
  });
});
