import {
  MY_ACCOUNT_MESSAGES,
  myAccountSchema,
  NOTIFICATION_CHOICES,
  notificationChoicesSchema,
  signedInDeviceSchema,
  twoStepStatusSchema,
  type NotificationChoices,
} from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { ALWAYS_SENT, NOTHING_TO_SAVE } from '../components/notifications-card.tsx';
import { MyAccountPage } from '../pages/my-account-page.tsx';

const session = fakeSession({ profile: fakeProfile(), permissions: [] });
const NOTIFICATIONS = '/me/notifications';

/** My account's API holding `stored` as the user's choices: a save keeps what it was sent. */
function stubNotifications(stored: NotificationChoices) {
  let choices = stored;
  return stubApi({
    'GET /auth/mfa/status': contractAnswer(twoStepStatusSchema, { isOn: false, recoveryCodesLeft: 0, isRequiredByFirm: false }),
    'GET /me/account': contractAnswer(myAccountSchema, { name: 'Ada Obi', email: 'ada@example.com', photo: null, pendingEmail: null }),
    'GET /me/sessions': contractAnswer(signedInDeviceSchema.array(), []),
    [`GET ${NOTIFICATIONS}`]: () => contractAnswer(notificationChoicesSchema, choices),
    [`PUT ${NOTIFICATIONS}`]: (call) => {
      choices = notificationChoicesSchema.parse(call.body);
      return { ...contractAnswer(notificationChoicesSchema, choices), message: MY_ACCOUNT_MESSAGES.notificationsSaved };
    },
  });
}

const STORED: NotificationChoices = {
  hearingReminders: true,
  portalMessages: false,
  budgetAlerts: true,
  taskReminders: true,
  expenseDecisions: true,
};

async function seriousIssues(root: Element): Promise<string[]> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

const notificationsSection = () => screen.getByRole('region', { name: 'Notifications' });
const switchFor = (label: string) => within(notificationsSection()).getByRole('switch', { name: label });
const saveButton = () => within(notificationsSection()).getByRole('button', { name: 'Save notification choices' });

describe('MyAccountPage, notifications', { timeout: 30_000 }, () => {
  it('shows each optional email with its description, on as the member chose, and the ones that always go, axe-clean', async () => {
    stubNotifications(STORED);
    renderAt(<MyAccountPage />, { session });
    const section = notificationsSection();
    expect(within(section).getByText(ALWAYS_SENT)).toBeInTheDocument();
    expect(await within(section).findByRole('switch', { name: 'Hearing reminders' })).toBeChecked();

    for (const { key, label, description } of NOTIFICATION_CHOICES) {
      const choice = switchFor(label);
      if (STORED[key]) expect(choice).toBeChecked();
      else expect(choice).not.toBeChecked();
      expect(choice).toHaveAccessibleDescription(description);
    }
    expect(await seriousIssues(section)).toEqual([]);
  });

  it('saves every choice, with the one turned off, and keeps the saved answer', async () => {
    const user = userEvent.setup();
    const api = stubNotifications(STORED);
    renderAt(<MyAccountPage />, { session });
    await user.click(await within(notificationsSection()).findByRole('switch', { name: 'Matter budget alerts' }));
    expect(switchFor('Matter budget alerts')).not.toBeChecked();
    await user.click(saveButton());

    expect(await screen.findByText(MY_ACCOUNT_MESSAGES.notificationsSaved)).toBeInTheDocument();
    expect(api.callsTo('PUT', NOTIFICATIONS)).toHaveLength(1);
    expect(api.callsTo('PUT', NOTIFICATIONS)[0]?.body).toEqual({ ...STORED, budgetAlerts: false });
    await waitFor(() => expect(saveButton()).toBeEnabled());
    expect(switchFor('Matter budget alerts')).not.toBeChecked();

    // Saved: saving again has nothing new to send.
    await user.click(saveButton());
    expect(await screen.findByText(NOTHING_TO_SAVE)).toBeInTheDocument();
    expect(api.callsTo('PUT', NOTIFICATIONS)).toHaveLength(1);
  });

  it('sends nothing when the choices are as they were, and says so', async () => {
    const user = userEvent.setup();
    const api = stubNotifications(STORED);
    renderAt(<MyAccountPage />, { session });
    // Turned off and on again: as it was.
    await user.click(await within(notificationsSection()).findByRole('switch', { name: 'Hearing reminders' }));
    await user.click(switchFor('Hearing reminders'));
    await user.click(saveButton());

    expect(await screen.findByText(NOTHING_TO_SAVE)).toBeInTheDocument();
    expect(api.callsTo('PUT', NOTIFICATIONS)).toHaveLength(0);
  });
});
