import { notifications } from '@mantine/notifications';
import { SPEC_MESSAGES } from '@matterhorn/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { fakeTimerServer, renderPopupHost, sessionFor, stubPopupApi } from './popup-test-support.tsx';

afterEach(() => {
  notifications.clean();
  timeEntryPopup.close();
});

const clock = () => screen.getByTestId('header-timer-clock');
const timer = () => screen.getByRole('group', { name: 'Timer' });
const buttonTexts = () =>
  within(timer())
    .getAllByRole('button')
    .map((button) => button.textContent);

function renderTimer(server: ReturnType<typeof fakeTimerServer>, permissions?: string[]) {
  const api = stubPopupApi(server.handlers);
  const rendered = renderPopupHost({ withTimer: true, session: permissions ? sessionFor(permissions) : undefined });
  return { api, ...rendered };
}

describe('Header timer', { timeout: 60_000 }, () => {
  it('starts idle at 00:00:00; Start Timer starts it and it counts', async () => {
    const server = fakeTimerServer({ seconds: 0, isStarted: false });
    const { api } = renderTimer(server);
    await waitFor(() => expect(api.callsTo('POST', '/admin/time-entry-log/get-total-hours')).toHaveLength(1));
    expect(clock()).toHaveTextContent('00:00:00');
    expect(buttonTexts()).toEqual(['Start Timer']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Start Timer' }));
    await waitFor(() => expect(buttonTexts()).toEqual(['Pause', 'Stop']));
    expect(api.callsTo('POST', '/admin/time-entry-log/start-entry')).toHaveLength(1);
    expect(api.callsTo('POST', '/admin/time-entry-log/start-entry')[0]?.body).toEqual({
      adminUserId: 'owner-admin',
      businessId: 'business-1',
    });
    await screen.findByText('00:00:01', {}, { timeout: 3000 });
  });

  it('keeps focus in the timer: on Pause after Start Timer, on Start Timer once the popup Stop opened is closed', async () => {
    const server = fakeTimerServer({ seconds: 0, isStarted: false });
    const { api } = renderTimer(server);
    await waitFor(() => expect(api.callsTo('POST', '/admin/time-entry-log/get-total-hours')).toHaveLength(1));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Start Timer' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pause' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await screen.findByRole('dialog');
    act(() => timeEntryPopup.close());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start Timer' })).toHaveFocus());
  });

  it("resumes a running timer from the server's total and keeps counting", async () => {
    const server = fakeTimerServer({ seconds: 3723, isStarted: true });
    renderTimer(server);
    await waitFor(() => expect(clock()).toHaveTextContent('01:02:03'));
    expect(buttonTexts()).toEqual(['Pause', 'Stop']);
    await screen.findByText('01:02:04', {}, { timeout: 3000 });
  });

  it('shows a paused timer with its time, not counting, and Continue resumes it', async () => {
    const server = fakeTimerServer({ seconds: 600, isStarted: false });
    const { api } = renderTimer(server);
    await waitFor(() => expect(clock()).toHaveTextContent('00:10:00'));
    expect(buttonTexts()).toEqual(['Continue', 'Stop']);
    await act(() => new Promise((resolve) => setTimeout(resolve, 1200)));
    expect(clock()).toHaveTextContent('00:10:00');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(buttonTexts()).toEqual(['Pause', 'Stop']));
    expect(api.callsTo('POST', '/admin/time-entry-log/start-entry')).toHaveLength(1);
  });

  it('Pause posts pause-entry, then reloads the total', async () => {
    const server = fakeTimerServer({ seconds: 120, isStarted: true });
    const { api } = renderTimer(server);
    await waitFor(() => expect(buttonTexts()).toEqual(['Pause', 'Stop']));
    server.state.seconds = 130;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(buttonTexts()).toEqual(['Continue', 'Stop']));
    expect(clock()).toHaveTextContent('00:02:10');
    expect(api.callsTo('POST', '/admin/time-entry-log/pause-entry')).toHaveLength(1);
    const order = api.calls.map((call) => call.path).filter((path) => path.startsWith('/admin/time-entry-log/'));
    expect(order.slice(-2)).toEqual(['/admin/time-entry-log/pause-entry', '/admin/time-entry-log/get-total-hours']);
  });

  it('Stop pauses and opens the popup from the timer with the duration to 4 decimals', async () => {
    const server = fakeTimerServer({ seconds: 900, isStarted: true });
    const { api } = renderTimer(server);
    await waitFor(() => expect(buttonTexts()).toEqual(['Pause', 'Stop']));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Stop' }));
    const popup = await screen.findByRole('dialog', { name: 'New Time Entry' });
    expect(within(popup).getByRole('textbox', { name: 'Duration' })).toHaveValue('0.2500');
    expect(within(popup).getByRole('button', { name: 'Resume timer' })).toBeInTheDocument();
    expect(within(popup).getByRole('button', { name: 'Delete Entry' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/time-entry-log/pause-entry')).toHaveLength(1);
    expect(buttonTexts()).toEqual(['Continue', 'Stop']);
  });

  it('Stop fills the entry with the words of the task or event the timer was started for ("bill this")', async () => {
    const subject = { matterId: 'm-1', matterName: 'Lease dispute', clientId: 'c-1', description: 'Draft the reply' };
    const server = fakeTimerServer({ seconds: 1800, isStarted: true, subject });
    renderTimer(server);
    await waitFor(() => expect(buttonTexts()).toEqual(['Pause', 'Stop']));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Stop' }));
    const popup = await screen.findByRole('dialog', { name: 'New Time Entry' });
    expect(within(popup).getByRole('textbox', { name: /^Description/ })).toHaveValue('Draft the reply');
    expect(within(popup).getByRole('textbox', { name: 'Duration' })).toHaveValue('0.5000');
  });

  it('counts hours past a day (days × 24 + hours)', async () => {
    const server = fakeTimerServer({ seconds: 0, isStarted: false });
    stubPopupApi({
      ...server.handlers,
      'POST /admin/time-entry-log/get-total-hours': { data: { totalTime: '1.02:03:04', totalTimeInDouble: 26.0511, isStarted: false } },
    });
    renderPopupHost({ withTimer: true });
    await waitFor(() => expect(clock()).toHaveTextContent('26:03:04'));
  });

  it('alerts without timeEntry.create and never calls the timer', async () => {
    const server = fakeTimerServer({ seconds: 0, isStarted: false });
    const { api } = renderTimer(server, ['timeEntry']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start Timer' }));
    const toast = await screen.findByText(SPEC_MESSAGES.noPermission);
    expect(toast.closest('[data-toast-type]')).toHaveAttribute('data-toast-type', 'alert');
    expect(api.calls.filter((call) => call.path.startsWith('/admin/time-entry-log/'))).toHaveLength(0);
    expect(buttonTexts()).toEqual(['Start Timer']);
  });

  it('ignores timer call failures silently', async () => {
    const server = fakeTimerServer({ seconds: 0, isStarted: false });
    server.handlers['POST /admin/time-entry-log/start-entry'] = { status: 500, message: 'Database unavailable' };
    const { api } = renderTimer(server);
    await waitFor(() => expect(buttonTexts()).toEqual(['Start Timer']));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start Timer' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start Timer' })).toBeEnabled());
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(clock()).toHaveTextContent('00:00:00');
    expect(api.callsTo('POST', '/admin/time-entry-log/start-entry')).toHaveLength(1);
  });

  it('reloads the total when the tab becomes visible (a timer started on another device)', async () => {
    const server = fakeTimerServer({ seconds: 0, isStarted: false });
    renderTimer(server);
    await waitFor(() => expect(buttonTexts()).toEqual(['Start Timer']));
    server.state.seconds = 300;
    server.state.isStarted = true;
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(buttonTexts()).toEqual(['Pause', 'Stop']));
    expect(clock()).toHaveTextContent(/00:05:0\d/);
  });
});
