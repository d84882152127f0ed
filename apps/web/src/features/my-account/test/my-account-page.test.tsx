import {
  myAccountSchema,
  notificationChoicesSchema,
  RECOVERY_CODE_COUNT,
  signedInDeviceSchema,
  TWO_STEP_MESSAGES,
  twoStepStatusSchema,
  type TwoStepStatus,
} from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { MyAccountPage } from '../pages/my-account-page.tsx';

const session = fakeSession({ profile: fakeProfile(), permissions: [] });
const STATUS = '/auth/mfa/status';
const codesOf = (prefix: string) => Array.from({ length: RECOVERY_CODE_COUNT }, (_, index) => `${prefix}${index}aa-bbbbb`);
const status = (overrides: Partial<TwoStepStatus> = {}) =>
  contractAnswer(twoStepStatusSchema, { isOn: false, recoveryCodesLeft: 0, isRequiredByFirm: false, ...overrides });
/** The page's other cards: the account's details, only this device signed in, and every optional email on. */
const defaults = {
  'GET /me/account': contractAnswer(myAccountSchema, { name: 'Ada Obi', email: 'ada@example.com', photo: null, pendingEmail: null }),
  'GET /me/sessions': contractAnswer(signedInDeviceSchema.array(), [
    {
      id: '3f0c2b1a-7d4e-4c5b-8a9f-1e2d3c4b5a60',
      userAgent: null,
      ipAddress: null,
      signedInAt: '2026-05-01T09:30:00.000Z',
      lastActiveAt: '2026-05-01T09:30:00.000Z',
      isThisDevice: true,
    },
  ]),
  'GET /me/notifications': contractAnswer(notificationChoicesSchema, {
    hearingReminders: true,
    portalMessages: true,
    budgetAlerts: true,
    taskReminders: true,
    expenseDecisions: true,
  }),
};

describe('MyAccountPage, two-step sign-in', { timeout: 30_000 }, () => {
  it('sets two-step sign-in up: QR code and key, the first code, then the recovery codes once', async () => {
    const user = userEvent.setup();
    let isOn = false;
    const recoveryCodes = codesOf('k3f9');
    const api = stubApi(
      {
        [`GET ${STATUS}`]: () => status(isOn ? { isOn, recoveryCodesLeft: RECOVERY_CODE_COUNT } : {}),
        'POST /auth/mfa/setup-totp': {
          data: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://totp/Matterhorn?secret=JBSWY3DPEHPK3PXP',
            qrCode: 'data:image/png;base64,AA==',
          },
        },
        'POST /auth/mfa/confirm-totp': () => {
          isOn = true;
          return { data: { recoveryCodes }, message: 'Two-step sign-in is on' };
        },
      },
      { defaults },
    );
    renderAt(<MyAccountPage />, { session });
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Two-step sign-in' });
    expect(await within(section).findByText('Off — signing in asks only for your password.')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Set up two-step sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-step sign-in' });
    expect(within(dialog).getByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AA==',
    );
    expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    const code = within(dialog).getByRole('textbox', { name: /^Authentication code/ });
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(within(dialog).getByText('Save these recovery codes: each signs in once if you lose your phone.')).toHaveFocus();
    expect(api.callsTo('POST', '/auth/mfa/confirm-totp')[0]?.body).toEqual({ code: '123456' });
    expect(await within(section).findByText(`On — ${RECOVERY_CODE_COUNT} recovery codes left`)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Shown once: the page never shows them again.
    expect(screen.queryByText(recoveryCodes[0]!)).not.toBeInTheDocument();
  });

  it('keeps the set-up open and says so under the field when the first code is wrong', async () => {
    const user = userEvent.setup();
    stubApi(
      {
        [`GET ${STATUS}`]: status(),
        'POST /auth/mfa/setup-totp': {
          data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/png;base64,AA==' },
        },
        'POST /auth/mfa/confirm-totp': { status: 400, message: TWO_STEP_MESSAGES.invalidCode },
      },
      { defaults },
    );
    renderAt(<MyAccountPage />, { session });
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-step sign-in' });
    const code = within(dialog).getByRole('textbox', { name: /^Authentication code/ });
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(new RegExp(TWO_STEP_MESSAGES.invalidCode)));
    expect(within(dialog).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('cannot be turned off while the firm requires it, and says why', async () => {
    stubApi({ [`GET ${STATUS}`]: status({ isOn: true, recoveryCodesLeft: 7, isRequiredByFirm: true }) }, { defaults });
    renderAt(<MyAccountPage />, { session });
    expect(await screen.findByText('On — 7 recovery codes left')).toBeInTheDocument();
    const turnOff = screen.getByRole('button', { name: 'Turn off' });
    expect(turnOff).toBeDisabled();
    expect(turnOff).toHaveAccessibleDescription('Your firm requires two-step sign-in');
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeEnabled();
  });

  it('turns two-step sign-in off for the app’s code', async () => {
    const user = userEvent.setup();
    const api = stubApi(
      {
        [`GET ${STATUS}`]: status({ isOn: true, recoveryCodesLeft: 2 }),
        'POST /auth/mfa/turn-off': { ...status(), message: 'Two-step sign-in is off' },
      },
      { defaults },
    );
    renderAt(<MyAccountPage />, { session });
    expect(await screen.findByText('On — 2 recovery codes left')).toBeInTheDocument();
    expect(screen.getByText('You are running out of recovery codes: make new ones.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/mfa/turn-off')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /^Authentication code/ }), '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Off — signing in asks only for your password.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/mfa/turn-off')[0]?.body).toEqual({ code: '246810' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('makes new recovery codes for the app’s code and shows them once', async () => {
    const user = userEvent.setup();
    const fresh = codesOf('zz9');
    const api = stubApi(
      {
        [`GET ${STATUS}`]: status({ isOn: true, recoveryCodesLeft: 4 }),
        'POST /auth/mfa/recovery-codes': { data: { recoveryCodes: fresh }, message: 'New recovery codes made' },
      },
      { defaults },
    );
    renderAt(<MyAccountPage />, { session });
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Authentication code/ }), '135790');
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(RECOVERY_CODE_COUNT);
    expect(within(list).getByText(fresh[0]!)).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/mfa/recovery-codes')[0]?.body).toEqual({ code: '135790' });
  });
});
