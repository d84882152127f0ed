import { notifications } from '@mantine/notifications';
import { formatTimerClock, MAX_TIMERS_PER_USER, type Timer } from '@matterhorn/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { CLIENT_ID, choose, MATTERS, matterLabel, renderPopupHost, sessionFor, stubPopupApi } from './popup-test-support.tsx';

afterEach(() => {
  notifications.clean();
  timeEntryPopup.close();
});

const LOG = '/admin/time-entry-log';
const timerOf = (id: string, matter: (typeof MATTERS)[keyof typeof MATTERS] | null, description: string, seconds: number): Timer => ({
  id,
  matterId: matter?.id ?? null,
  matterName: matter?.matterName ?? null,
  matterNumber: matter?.matterNumber ?? null,
  clientId: matter ? CLIENT_ID : null,
  description,
  seconds,
  isStarted: false,
  isCurrent: false,
});

/** The member's timers as the server keeps them: switching and adding move the one that runs. */
function fakeTimersServer(timers: Timer[]) {
  const state = { timers: timers.map((timer) => ({ ...timer })) };
  const runOnly = (id: string) => {
    for (const timer of state.timers) Object.assign(timer, { isCurrent: timer.id === id, isStarted: timer.id === id });
  };
  const totalOf = () => {
    const current = state.timers.find((timer) => timer.isCurrent);
    const seconds = current?.seconds ?? 0;
    return {
      totalTime: formatTimerClock(seconds),
      totalTimeInDouble: Math.round((seconds / 3600) * 10_000) / 10_000,
      isStarted: current?.isStarted ?? false,
      ...(current?.matterId
        ? {
            subject: {
              matterId: current.matterId,
              matterName: current.matterName,
              clientId: current.clientId,
              description: current.description,
            },
          }
        : {}),
    };
  };
  const handlers = {
    [`POST ${LOG}/get-total-hours`]: () => ({ data: totalOf() }),
    [`POST ${LOG}/pause-entry`]: () => {
      for (const timer of state.timers) timer.isStarted = false;
      return { data: totalOf() };
    },
    [`GET ${LOG}/get-timers`]: () => ({ data: state.timers }),
    [`POST ${LOG}/switch-timer/:id`]: (call: { path: string }) => {
      runOnly(call.path.split('/').at(-1)!);
      return { data: state.timers };
    },
    [`POST ${LOG}/add-timer`]: (call: { body: unknown }) => {
      const { matterId, description } = call.body as { matterId: string; description: string };
      const matter = Object.values(MATTERS).find((candidate) => candidate.id === matterId)!;
      state.timers.push(timerOf(`t-${state.timers.length + 1}`, matter, description, 0));
      runOnly(state.timers.at(-1)!.id);
      return { status: 201, data: state.timers };
    },
  };
  return { state, handlers };
}

const drafting = () => ({ ...timerOf('t-1', MATTERS.hourly, 'Draft the will', 600), isCurrent: true, isStarted: true });
const calling = () => timerOf('t-2', MATTERS.contingency, 'Call the client', 300);
const plain = () => timerOf('t-3', null, '', 90);

const clock = () => screen.getByTestId('header-timer-clock');
const trigger = (name: RegExp = /^Timers/) => screen.findByRole('button', { name });

describe('Several timers in the header', { timeout: 60_000 }, () => {
  it('lists the other timers with their matter, words and time; one click runs one and pauses the other', async () => {
    const server = fakeTimersServer([drafting(), calling(), plain()]);
    const api = stubPopupApi(server.handlers);
    renderPopupHost({ withTimer: true });
    await waitFor(() => expect(clock()).toHaveTextContent('00:10:00'));
    const user = userEvent.setup();
    await user.click(await trigger(/^Timers \(2\)/));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(`Current: ${matterLabel(MATTERS.hourly)} · Draft the will`)).toBeInTheDocument();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `${matterLabel(MATTERS.contingency)}Call the client00:05:00`,
      'No matter00:01:30',
      'New timer',
    ]);

    await user.click(items[0]!);
    await waitFor(() => expect(api.callsTo('POST', `${LOG}/switch-timer/t-2`)).toHaveLength(1));
    await waitFor(() => expect(clock()).toHaveTextContent(/00:05:0\d/));
    expect(screen.getByRole('group', { name: 'Timer' })).toHaveAttribute('data-timer-status', 'running');

    // Stop on the timer switched to fills the entry with its matter and words.
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    const popup = await screen.findByRole('dialog', { name: 'New Time Entry' });
    expect(within(popup).getByRole('textbox', { name: /^Description/ })).toHaveValue('Call the client');
    act(() => timeEntryPopup.close());
    await user.click(await trigger(/^Timers \(2\)/));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem')[0]).toHaveTextContent(matterLabel(MATTERS.hourly));
  });

  it('is reachable by keyboard: Enter opens the menu on its first timer, arrows move, Enter switches and focus returns to the menu button', async () => {
    const server = fakeTimersServer([drafting(), calling(), plain()]);
    const api = stubPopupApi(server.handlers);
    renderPopupHost({ withTimer: true });
    const button = await trigger(/^Timers \(2\)/);
    const user = userEvent.setup();
    act(() => button.focus());
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.getAllByRole('menuitem')[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getAllByRole('menuitem')[1]).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('POST', `${LOG}/switch-timer/t-3`)).toHaveLength(1));
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('New timer starts one for a chosen matter with its words, sent once with an Idempotency-Key', async () => {
    const server = fakeTimersServer([drafting()]);
    const api = stubPopupApi(server.handlers);
    renderPopupHost({ withTimer: true });
    const user = userEvent.setup();
    await user.click(await trigger(/^Timers$/));
    expect(await screen.findByText('No other timers')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'New timer' }));
    const dialog = await screen.findByRole('dialog', { name: 'New timer' });
    await user.click(within(dialog).getByRole('button', { name: 'Start timer' }));
    expect(await within(dialog).findByText('Matter is required')).toBeInTheDocument();
    expect(api.callsTo('POST', `${LOG}/add-timer`)).toHaveLength(0);

    await choose(user, 'Client', 'Ada Lovelace');
    await choose(user, 'Matter', matterLabel(MATTERS.flat));
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Review the lease');
    await user.click(within(dialog).getByRole('button', { name: 'Start timer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New timer' })).not.toBeInTheDocument());
    const [added] = api.callsTo('POST', `${LOG}/add-timer`);
    expect(added!.body).toEqual({ matterId: MATTERS.flat.id, description: 'Review the lease' });
    expect(added!.headers.get('Idempotency-Key')).toMatch(/^[\w-]{8,}$/);
    await waitFor(() => expect(clock()).toHaveTextContent('00:00:00'));
    expect(screen.getByRole('group', { name: 'Timer' })).toHaveAttribute('data-timer-status', 'running');
    expect(await trigger(/^Timers \(1\)/)).toBeInTheDocument();
  });

  it(`offers no New timer at ${MAX_TIMERS_PER_USER} timers, and no menu to a member who may not run a timer`, async () => {
    const many = [
      drafting(),
      ...Array.from({ length: MAX_TIMERS_PER_USER - 1 }, (_, index) => timerOf(`o-${index}`, MATTERS.flat, `Step ${index}`, 60)),
    ];
    stubPopupApi(fakeTimersServer(many).handlers);
    const { unmount } = renderPopupHost({ withTimer: true });
    await userEvent.setup().click(await trigger(/^Timers \(9\)/));
    expect(await screen.findByRole('menuitem', { name: `New timer (${MAX_TIMERS_PER_USER} at most)` })).toBeDisabled();
    unmount();

    renderPopupHost({ withTimer: true, session: sessionFor(['timeEntry']) });
    expect(await screen.findByRole('button', { name: 'Start Timer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Timers/ })).not.toBeInTheDocument();
  });
});
