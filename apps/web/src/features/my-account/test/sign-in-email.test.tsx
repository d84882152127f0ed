import { MY_ACCOUNT_MESSAGES, myAccountSchema, signedInDeviceSchema, twoStepStatusSchema, type MyAccount } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { CHANGE_EMAIL_TITLE, DISCARD_QUESTION } from '../components/change-email-modal.tsx';
import { pendingEmailText } from '../components/sign-in-email-card.tsx';
import { MyAccountPage } from '../pages/my-account-page.tsx';

const ACCOUNT = '/me/account';
const CHANGE_EMAIL = '/me/change-email';
const withPermission = fakeSession({ profile: fakeProfile(), permissions: ['changeEmail'] });
const withoutPermission = fakeSession({ profile: fakeProfile(), permissions: ['timeEntry'] });

/** The page's API; the account shows the new address as waiting once the link was sent. */
function stubEmail(changeEmail: StubHandler = { message: MY_ACCOUNT_MESSAGES.emailChangeSent }) {
  let account: MyAccount = { name: 'Ada Obi', email: 'ada@example.com', photo: null, pendingEmail: null };
  return stubApi({
    'GET /auth/mfa/status': contractAnswer(twoStepStatusSchema, { isOn: false, recoveryCodesLeft: 0, isRequiredByFirm: false }),
    'GET /me/sessions': contractAnswer(signedInDeviceSchema.array(), []),
    [`GET ${ACCOUNT}`]: () => contractAnswer(myAccountSchema, account),
    [`POST ${CHANGE_EMAIL}`]: (call) => {
      const answer = typeof changeEmail === 'function' ? changeEmail(call) : changeEmail;
      if ((answer.status ?? 200) < 400) account = { ...account, pendingEmail: (call.body as { newEmail: string }).newEmail };
      return answer;
    },
  });
}

const emailSection = () => screen.getByRole('region', { name: 'Sign-in email' });

describe('MyAccountPage, sign-in email', { timeout: 30_000 }, () => {
  it('shows the email; without the changeEmail permission there is no Change email', async () => {
    stubEmail();
    renderAt(<MyAccountPage />, { session: withoutPermission });
    expect(await within(emailSection()).findByText('ada@example.com')).toBeInTheDocument();
    expect(within(emailSection()).queryByRole('button', { name: 'Change email' })).not.toBeInTheDocument();
    expect(within(emailSection()).getByText(/ask your firm’s administrator/)).toBeInTheDocument();
  });

  it('sends the new email and the current password, then shows the new address as waiting', async () => {
    const user = userEvent.setup();
    const api = stubEmail();
    renderAt(<MyAccountPage />, { session: withPermission });
    await user.click(await within(emailSection()).findByRole('button', { name: 'Change email' }));
    const dialog = await screen.findByRole('dialog', { name: CHANGE_EMAIL_TITLE });
    const newEmail = within(dialog).getByRole('textbox', { name: /^New email/ });
    await waitFor(() => expect(newEmail).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect(newEmail).toHaveAccessibleDescription('Email is required');
    expect(api.callsTo('POST', CHANGE_EMAIL)).toHaveLength(0);

    await user.type(newEmail, 'ada.obi@newfirm.example');
    await user.type(within(dialog).getByLabelText(/^Current password/), 'my current password');
    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    await waitFor(() => expect(api.callsTo('POST', CHANGE_EMAIL)).toHaveLength(1));
    expect(api.callsTo('POST', CHANGE_EMAIL)[0]?.body).toEqual({
      newEmail: 'ada.obi@newfirm.example',
      currentPassword: 'my current password',
    });
    expect(await screen.findByText(MY_ACCOUNT_MESSAGES.emailChangeSent)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(emailSection()).findByText(pendingEmailText('ada.obi@newfirm.example'))).toBeInTheDocument();
    expect(within(emailSection()).getByText('ada@example.com')).toBeInTheDocument();
  });

  it('keeps the dialog open with a wrong password shown at its field', async () => {
    const user = userEvent.setup();
    const message = MY_ACCOUNT_MESSAGES.wrongPassword;
    stubEmail({ status: 400, body: JSON.stringify({ success: false, message, data: null, errors: { currentPassword: message } }) });
    renderAt(<MyAccountPage />, { session: withPermission });
    await user.click(await within(emailSection()).findByRole('button', { name: 'Change email' }));
    const dialog = await screen.findByRole('dialog', { name: CHANGE_EMAIL_TITLE });
    await user.type(within(dialog).getByRole('textbox', { name: /^New email/ }), 'ada.obi@newfirm.example');
    const password = within(dialog).getByLabelText(/^Current password/);
    await user.type(password, 'not my password');
    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(message));
    expect(screen.getByRole('dialog', { name: CHANGE_EMAIL_TITLE })).toBeInTheDocument();
    expect(within(emailSection()).queryByText(/Waiting for you to confirm/)).not.toBeInTheDocument();
  });

  it('asks before Escape discards what was typed; Keep editing keeps it', async () => {
    const user = userEvent.setup();
    stubEmail();
    renderAt(<MyAccountPage />, { session: withPermission });
    const change = await within(emailSection()).findByRole('button', { name: 'Change email' });

    // Nothing typed: Escape closes at once.
    await user.click(change);
    await screen.findByRole('dialog', { name: CHANGE_EMAIL_TITLE });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(change);
    let dialog = await screen.findByRole('dialog', { name: CHANGE_EMAIL_TITLE });
    const newEmail = within(dialog).getByRole('textbox', { name: /^New email/ });
    await waitFor(() => expect(newEmail).toHaveFocus());
    await user.type(newEmail, 'ada.obi@newfirm.example');
    await user.keyboard('{Escape}');
    expect(within(dialog).getByText(DISCARD_QUESTION.title)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: DISCARD_QUESTION.keepEditing }));
    expect(within(dialog).queryByText(DISCARD_QUESTION.title)).not.toBeInTheDocument();
    expect(newEmail).toHaveValue('ada.obi@newfirm.example');
    expect(newEmail).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(dialog).getByRole('button', { name: DISCARD_QUESTION.discard }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(change);
    dialog = await screen.findByRole('dialog', { name: CHANGE_EMAIL_TITLE });
    expect(within(dialog).getByRole('textbox', { name: /^New email/ })).toHaveValue('');
  });
});
