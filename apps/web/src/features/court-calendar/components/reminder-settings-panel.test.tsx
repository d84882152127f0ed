import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { courtCalendarAnswers } from '../../../test/msw/court-calendar-answers.ts';
import { renderAt } from '../../../test/render.tsx';
import { CourtCalendarPage } from '../pages/court-calendar-page.tsx';
import { prepareCalendarTests, sessionWith, SETTINGS, stubApi } from '../test/stub-court-calendar.ts';
import { ReminderSettingsPanel } from './reminder-settings-panel.tsx';

beforeAll(prepareCalendarTests);

const renderPanel = () => renderAt(<ReminderSettingsPanel />, { session: sessionWith(['courtUpdate', 'updateAccountSettings']) });

describe('ReminderSettingsPanel', { timeout: 60_000 }, () => {
  it('saves the chosen days (sorted) and the digest, and says so', async () => {
    const api = stubApi({
      [`PUT ${SETTINGS}`]: (call) =>
        courtCalendarAnswers.settings(call.body as { reminderDaysBefore: number[]; isDailyDigestEnabled: boolean }),
    });
    const user = userEvent.setup();
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Hearing reminders' });
    expect(await within(panel).findByRole('checkbox', { name: '1 day' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: '7 days' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: '3 days' })).not.toBeChecked();
    expect(within(panel).getByRole('switch', { name: /Daily digest/ })).toBeChecked();

    await user.click(within(panel).getByRole('checkbox', { name: '3 days' }));
    await user.click(within(panel).getByRole('switch', { name: /Daily digest/ }));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT', SETTINGS)).toHaveLength(1));
    expect(api.callsTo('PUT', SETTINGS)[0]?.body).toEqual({ reminderDaysBefore: [1, 3, 7], isDailyDigestEnabled: false });
    expect(await screen.findByText('Reminder settings saved')).toBeInTheDocument();
  });

  it('refuses a sixth reminder before asking the server', async () => {
    const api = stubApi({
      [`GET ${SETTINGS}`]: courtCalendarAnswers.settings({ reminderDaysBefore: [1, 2, 3, 7, 14], isDailyDigestEnabled: false }),
    });
    const user = userEvent.setup();
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Hearing reminders' });
    await user.click(await within(panel).findByRole('checkbox', { name: '30 days' }));
    expect(await within(panel).findByText('At most 5 reminders')).toBeInTheDocument();
    expect(within(panel).getByRole('group', { name: 'Remind fee earners before a hearing' })).toHaveAccessibleDescription(
      'At most 5 reminders',
    );
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(api.callsTo('PUT', SETTINGS)).toHaveLength(0);

    await user.click(within(panel).getByRole('checkbox', { name: '1 day' }));
    await waitFor(() => expect(within(panel).queryByText('At most 5 reminders')).not.toBeInTheDocument());
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', SETTINGS)[0]?.body).toEqual({ reminderDaysBefore: [2, 3, 7, 14, 30], isDailyDigestEnabled: false }),
    );
  });

  it('opens on the calendar page of a settings manager when asked, loading the settings only then', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderAt(<CourtCalendarPage />, { path: '/calendar?date=2025-03-12', session: sessionWith(['courtUpdate', 'updateAccountSettings']) });
    const open = await screen.findByRole('button', { name: 'Hearing reminder settings' });
    expect(api.callsTo('GET', SETTINGS)).toHaveLength(0);
    await user.click(open);
    expect(await screen.findByRole('region', { name: 'Hearing reminders' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', SETTINGS)).toHaveLength(1));
  });

  it('is not on the calendar page of a user who may not change the firm’s settings', async () => {
    const api = stubApi();
    renderAt(<CourtCalendarPage />, { path: '/calendar?date=2025-03-12', session: sessionWith(['courtUpdate']) });
    await screen.findByRole('region', { name: 'Subscribe in your calendar app' });
    expect(screen.queryByRole('region', { name: 'Hearing reminders' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', SETTINGS)).toHaveLength(0);
  });
});
