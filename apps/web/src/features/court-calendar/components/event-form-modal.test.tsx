import { CALENDAR_MESSAGES } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { CourtCalendarPage } from '../pages/court-calendar-page.tsx';
import {
  axeViolations,
  CALENDAR_CALLS,
  calendarAnswers,
  calendarEvent,
  EVENT_ID,
  MATTER_ID,
  prepareCalendarTests,
  sessionWith,
  stubApi,
  USER_A,
  USER_B,
} from '../test/stub-court-calendar.ts';

beforeAll(prepareCalendarTests);

type User = ReturnType<typeof userEvent.setup>;

function renderPage(search = '?date=2025-03-12', permissions = ['courtUpdate', 'timeEntry.create']) {
  const user = userEvent.setup();
  const rendered = renderAt(
    <main>
      <CourtCalendarPage />
    </main>,
    { path: `/calendar${search}`, session: sessionWith(permissions) },
  );
  return { user, ...rendered };
}

async function choose(user: User, dialog: HTMLElement, field: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Clears a field and pastes: typing key by key is slow on a loaded machine. */
async function replace(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

/**
 * The same for a date field, whose click opens its calendar: Escape closes it before the next field
 * is used (a calendar closed by that next click hands the focus back to its own field a moment later).
 */
async function replaceDate(user: User, field: HTMLElement, text: string) {
  await replace(user, field, text);
  await user.keyboard('{Escape}');
}

const field = (dialog: HTMLElement, role: 'textbox' | 'combobox', name: string) =>
  within(dialog).getByRole(role, { name: new RegExp(`^${name}`) });

async function openEvent(user: User) {
  const calendar = await screen.findByRole('region', { name: 'Hearings calendar' });
  await user.click(await within(calendar).findByRole('link', { name: '10:00 Client meeting' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
  await waitFor(() => expect(field(dialog, 'textbox', 'Title')).toHaveValue('Client meeting'));
  return dialog;
}

describe('Event form', { timeout: 60_000 }, () => {
  it('creates an event with its matter, attendees, local start and end, repeat rule and reminder, and says so', async () => {
    const api = stubApi();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    const title = field(dialog, 'textbox', 'Title');
    await waitFor(() => expect(title).toHaveFocus());
    // The calendar's day, 09:00 to 10:00, with the signed-in member invited.
    expect(field(dialog, 'combobox', 'Start date')).toHaveValue('12/03/2025');
    expect(field(dialog, 'textbox', 'Start time')).toHaveValue('09:00');
    expect(within(dialog).getByRole('button', { name: 'Remove Grace Hopper' })).toBeInTheDocument();

    await user.paste('Settlement meeting');
    await choose(user, dialog, 'Kind', 'Consultation');
    await choose(user, dialog, 'Client', 'Ada Lovelace');
    await choose(user, dialog, 'Matter', 'MAT-00001 — Lease dispute');
    await user.click(within(dialog).getByRole('combobox', { name: 'Attendees' }));
    await user.click(await screen.findByRole('option', { name: 'Alan Turing' }));
    // Someone who has left the firm is not invited.
    expect(screen.queryByRole('option', { name: 'Left Firm' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    // A new start moves the end with it (the hour stays an hour).
    await replaceDate(user, field(dialog, 'combobox', 'Start date'), '14/03/2025');
    await replace(user, field(dialog, 'textbox', 'Start time'), '1430');
    expect(field(dialog, 'combobox', 'End date')).toHaveValue('14/03/2025');
    expect(field(dialog, 'textbox', 'End time')).toHaveValue('15:30');
    await replace(user, field(dialog, 'textbox', 'End time'), '16:00');
    await choose(user, dialog, 'Repeat', 'Every 2 weeks');
    await choose(user, dialog, 'Reminder', '1 day before');
    await user.type(field(dialog, 'textbox', 'Place'), 'Room 2');
    await user.click(field(dialog, 'textbox', 'Video link'));
    await user.paste('https://meet.example.com/abc');
    // Escape closed only the lists: the form is still open.
    expect(screen.getByRole('dialog', { name: 'New event' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save event' }));
    await waitFor(() => expect(api.callsTo('POST', CALENDAR_CALLS.create)).toHaveLength(1));
    const [call] = api.callsTo('POST', CALENDAR_CALLS.create);
    expect(call!.body).toEqual({
      title: 'Settlement meeting',
      kind: 'Consultation',
      matterId: MATTER_ID,
      attendeeIds: [USER_A, USER_B],
      location: 'Room 2',
      videoLink: 'https://meet.example.com/abc',
      description: null,
      isAllDay: false,
      start: '2025-03-14T14:30',
      end: '2025-03-14T16:00',
      recurrence: 'FREQ=WEEKLY;INTERVAL=2',
      reminderMinutesBefore: 1440,
    });
    expect(call!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText(CALENDAR_MESSAGES.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New event' })).not.toBeInTheDocument());
  });

  it('shows an end before the start under End time and sends nothing; an all-day event sends its days at 00:00', async () => {
    const api = stubApi();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    await user.paste('Filing');
    await replace(user, field(dialog, 'textbox', 'End time'), '08:30');
    await user.click(within(dialog).getByRole('button', { name: 'Save event' }));
    await waitFor(() =>
      expect(field(dialog, 'textbox', 'End time')).toHaveAccessibleDescription(expect.stringContaining(CALENDAR_MESSAGES.endBeforeStart)),
    );
    expect(field(dialog, 'textbox', 'End time')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', CALENDAR_CALLS.create)).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'All day' }));
    expect(within(dialog).queryByRole('textbox', { name: /^End time/ })).not.toBeInTheDocument();
    await choose(user, dialog, 'Kind', 'Deadline');
    await user.click(within(dialog).getByRole('button', { name: 'Save event' }));
    await waitFor(() => expect(api.callsTo('POST', CALENDAR_CALLS.create)).toHaveLength(1));
    expect(api.callsTo('POST', CALENDAR_CALLS.create)[0]!.body).toMatchObject({
      kind: 'Deadline',
      isAllDay: true,
      start: '2025-03-12T00:00',
      end: '2025-03-12T00:00',
      recurrence: null,
      reminderMinutesBefore: null,
    });
  });

  it('opens a clicked event from the server, keeps a rule it does not offer, moves it an hour and a day by keyboard, and saves', async () => {
    const api = stubApi({
      [`GET ${CALENDAR_CALLS.get(EVENT_ID)}`]: () => calendarAnswers.event(calendarEvent({ recurrence: 'FREQ=WEEKLY;COUNT=10' })),
    });
    const { user, router } = renderPage();
    const dialog = await openEvent(user);
    expect(router.state.location.search).toContain(`event=${EVENT_ID}`);
    expect(within(dialog).getByRole('combobox', { name: 'Repeat' })).toHaveTextContent('Custom: FREQ=WEEKLY;COUNT=10');
    expect(within(dialog).getByRole('combobox', { name: 'Reminder' })).toHaveTextContent('1 hour before');
    expect(await within(dialog).findByRole('combobox', { name: 'Matter' })).toHaveTextContent('MAT-00001 — Lease dispute');

    await user.click(within(dialog).getByRole('button', { name: 'Move a day later' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move an hour earlier' }));
    expect(field(dialog, 'combobox', 'Start date')).toHaveValue('15/03/2025');
    expect(field(dialog, 'textbox', 'Start time')).toHaveValue('09:00');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Moved an hour earlier: 15/03/2025 09:00 – 10:00. Save to keep it.');
    await replace(user, field(dialog, 'textbox', 'Title'), 'Client meeting (moved)');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.callsTo('PUT', CALENDAR_CALLS.update(EVENT_ID))).toHaveLength(1));
    expect(api.callsTo('PUT', CALENDAR_CALLS.update(EVENT_ID))[0]!.body).toMatchObject({
      title: 'Client meeting (moved)',
      matterId: MATTER_ID,
      attendeeIds: [USER_A],
      location: 'Room 2',
      start: '2025-03-15T09:00',
      end: '2025-03-15T10:00',
      recurrence: 'FREQ=WEEKLY;COUNT=10',
      reminderMinutesBefore: 60,
    });
    expect(await screen.findByText(CALENDAR_MESSAGES.updated)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).not.toContain('event='));
  });

  it('deletes an event after a question naming it', async () => {
    const api = stubApi();
    const { user } = renderPage();
    const dialog = await openEvent(user);
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Delete event?' });
    expect(question).toHaveTextContent('Delete “Client meeting”? Its attendees are told it is cancelled. This cannot be undone.');
    await user.click(within(question).getByRole('button', { name: 'Delete event' }));
    await waitFor(() => expect(api.callsTo('DELETE', CALENDAR_CALLS.remove(EVENT_ID))).toHaveLength(1));
    expect(await screen.findByText(CALENDAR_MESSAGES.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit event' })).not.toBeInTheDocument());
  });

  it("starts the timer for the event's matter with its title, and shows the server's reason when the timer holds time", async () => {
    const api = stubApi();
    const { user } = renderPage();
    const dialog = await openEvent(user);
    await user.click(within(dialog).getByRole('button', { name: 'Start timer' }));
    await waitFor(() => expect(api.callsTo('POST', CALENDAR_CALLS.startTimer)).toHaveLength(1));
    expect(api.callsTo('POST', CALENDAR_CALLS.startTimer)[0]!.body).toEqual({ matterId: MATTER_ID, description: 'Client meeting' });
    expect(await screen.findByText('Timer started for “Client meeting”')).toBeInTheDocument();

    const held = 'The timer already holds time: record it or reset the timer first.';
    stubApi({ [`POST ${CALENDAR_CALLS.startTimer}`]: { status: 409, message: held } });
    await user.click(within(dialog).getByRole('button', { name: 'Start timer' }));
    expect(await screen.findByText(held)).toBeInTheDocument();
  });

  it('offers no timer without a matter or without the time-entry permission', async () => {
    stubApi({
      [`GET ${CALENDAR_CALLS.get(EVENT_ID)}`]: () =>
        calendarAnswers.event(calendarEvent({ matterId: null, matterName: null, clientName: null })),
    });
    const { user } = renderPage();
    const dialog = await openEvent(user);
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Start timer' })).not.toBeInTheDocument();
  });

  it('asks before discarding typed changes on Escape, and closes at once when nothing changed', async () => {
    stubApi();
    const { user } = renderPage();
    const dialog = await openEvent(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit event' })).not.toBeInTheDocument());

    const again = await openEvent(user);
    await user.type(field(again, 'textbox', 'Place'), ', first floor');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(field(again, 'textbox', 'Place')).toHaveValue('Room 2, first floor');
    expect(dialog).not.toBeInTheDocument();
  });
});
