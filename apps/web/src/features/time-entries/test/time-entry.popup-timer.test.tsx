import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { timerDraft } from '../utils/timer-draft.ts';
import { fakeTimerServer, fillLinks, renderPopupHost, SAVED_ENTRY, stubPopupApi } from './popup-test-support.tsx';

afterEach(() => {
  notifications.clean();
  timeEntryPopup.close();
  timerDraft.clear();
});

const LOG = '/admin/time-entry-log';
const clock = () => screen.getByTestId('header-timer-clock');
const timerButtons = () =>
  within(screen.getByRole('group', { name: 'Timer' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

/** A running timer at 45 minutes, stopped: the popup is open from the timer. */
async function stopRunningTimer(extraHandlers = {}) {
  const server = fakeTimerServer({ seconds: 2700, isStarted: true });
  const api = stubPopupApi({
    ...server.handlers,
    'POST /admin/time-entry': () => {
      // Saving from the timer stops and resets it on the server.
      server.state.seconds = 0;
      server.state.isStarted = false;
      return { status: 201, message: 'Time entry created', data: SAVED_ENTRY };
    },
    ...extraHandlers,
  });
  const user = userEvent.setup();
  const rendered = renderPopupHost({ withTimer: true });
  await waitFor(() => expect(timerButtons()).toEqual(['Pause', 'Stop']));
  await user.click(screen.getByRole('button', { name: 'Stop' }));
  const popup = await screen.findByRole('dialog', { name: 'New Time Entry' });
  await waitFor(() => expect(within(popup).getByRole('textbox', { name: 'Duration' })).toHaveValue('0.7500'));
  return { api, server, user, popup, ...rendered };
}

// These drive a large form through Testing Library, which is slow on a busy two-core machine.
describe('Time-entry popup from the timer', { timeout: 120_000 }, () => {
  it('shows Delete Entry and Cancel beside the save buttons', async () => {
    const { popup } = await stopRunningTimer();
    const texts = within(popup)
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter((text) => ['Delete Entry', 'Cancel', 'Save & Add New', 'Save'].includes(text ?? ''));
    expect(texts).toEqual(['Delete Entry', 'Cancel', 'Save & Add New', 'Save']);
  });

  it('saves with ManualTimeEntry false, refreshes the timer and goes to /time-entries', async () => {
    const { api, user, popup, router } = await stopRunningTimer();
    await fillLinks(user);
    const totalsBefore = api.callsTo('POST', `${LOG}/get-total-hours`).length;
    await user.click(within(popup).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/time-entries'));
    expect(await screen.findByRole('heading', { name: 'Time entries page' })).toBeInTheDocument();
    expect(await screen.findByText('Time entry created')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [post] = api.callsTo('POST', '/admin/time-entry');
    expect(post?.body).toMatchObject({ ManualTimeEntry: false, duration: '0.7500' });
    await waitFor(() => expect(api.callsTo('POST', `${LOG}/get-total-hours`).length).toBeGreaterThan(totalsBefore));
    await waitFor(() => expect(clock()).toHaveTextContent('00:00:00'));
    expect(timerButtons()).toEqual(['Start Timer']);
  });

  it("asks 'Delete Time Entry?' and, on Delete, discards the timer's logs", async () => {
    const { api, user, popup } = await stopRunningTimer();
    await user.click(within(popup).getByRole('button', { name: 'Delete Entry' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Time Entry?' });
    expect(within(confirm).getByText('Are you sure you want delete the time entry?')).toBeInTheDocument();
    expect(
      within(confirm)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(expect.arrayContaining(['Delete', 'Cancel']));

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Time Entry?' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'New Time Entry' })).toBeInTheDocument();
    expect(api.callsTo('POST', `${LOG}/delete-time-entry-logs`)).toHaveLength(0);

    await user.click(within(popup).getByRole('button', { name: 'Delete Entry' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Time Entry?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', `${LOG}/delete-time-entry-logs`)).toHaveLength(1);
    expect(api.callsTo('POST', '/admin/time-entry')).toHaveLength(0);
    await waitFor(() => expect(timerButtons()).toEqual(['Start Timer']));
    expect(clock()).toHaveTextContent('00:00:00');
  });

  it("'Minimize popup' resumes the timer and keeps what was typed for the next Stop", async () => {
    const { api, user, popup } = await stopRunningTimer();
    await user.type(within(popup).getByRole('textbox', { name: 'Description' }), 'Reviewed the lease');
    await user.click(within(popup).getByRole('button', { name: 'Minimize popup' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(timerButtons()).toEqual(['Pause', 'Stop']));
    expect(api.callsTo('POST', `${LOG}/start-entry`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    const again = await screen.findByRole('dialog', { name: 'New Time Entry' });
    expect(within(again).getByRole('textbox', { name: 'Description' })).toHaveValue('Reviewed the lease');
  });

  it('the timer button in Duration resumes the timer too', async () => {
    const { api, user, popup } = await stopRunningTimer();
    await user.click(within(popup).getByRole('button', { name: 'Resume timer' }));
    await waitFor(() => expect(timerButtons()).toEqual(['Pause', 'Stop']));
    expect(api.callsTo('POST', `${LOG}/start-entry`)).toHaveLength(1);
  });

  it('Cancel closes the popup and leaves the timer paused with its time', async () => {
    const { api, user, popup } = await stopRunningTimer();
    await user.click(within(popup).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(timerButtons()).toEqual(['Continue', 'Stop']);
    expect(clock()).toHaveTextContent('00:45:00');
    expect(api.callsTo('POST', `${LOG}/start-entry`)).toHaveLength(0);
  });
});
