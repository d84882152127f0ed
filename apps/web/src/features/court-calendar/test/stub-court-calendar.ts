import {
  calendarEventSchema,
  calendarRangeSchema,
  matterViewSchema,
  timerTotalSchema,
  type CalendarEvent,
  type CalendarOccurrence,
  type CalendarTask,
  type MatterName,
} from '@matterhorn/shared';
import { configure } from '@testing-library/react';
import axe from 'axe-core';
import type userEvent from '@testing-library/user-event';
import { screen } from '@testing-library/react';
import { workingUserOf } from '../../../lib/session/working-user.ts';
import { contractAnswer, lookupAnswers, matterView, teamMember } from '../../../test/msw/contract-answers.ts';
import { COURT_CALENDAR_CALLS, COURT_ID, courtCalendarAnswers, hearing, OTHER_COURT_ID } from '../../../test/msw/court-calendar-answers.ts';
import { stubApi as stubApiThroughMsw, type StubAnswer, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession } from '../../../test/render.tsx';

export const USER_A = '22222222-2222-4222-8222-222222222222';
export const USER_B = '33333333-3333-4333-8333-333333333333';
export const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
export const MATTER_ID = '44444444-4444-4444-8444-444444444444';
export const EVENT_ID = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
export const TASK_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const HEARINGS = COURT_CALENDAR_CALLS.upcomingHearings;
export const FEED = COURT_CALENDAR_CALLS.calendarFeed;
export const SETTINGS = COURT_CALENDAR_CALLS.calendarSettings;

/** The calendar's own calls (issue 40) and the timer's start, as their full paths. */
export const CALENDAR_CALLS = {
  range: '/api/admin/calendar/get-events',
  get: (id: string) => `/api/admin/calendar/get-event/${id}`,
  create: '/api/admin/calendar/create-event',
  update: (id: string) => `/api/admin/calendar/update-event/${id}`,
  move: (id: string) => `/api/admin/calendar/move-event/${id}`,
  remove: (id: string) => `/api/admin/calendar/delete-event/${id}`,
  startTimer: '/api/admin/time-entry-log/start-entry',
} as const;

/** Whatever range is asked, two hearings in March 2025 (the server filters; the stub does not). */
export const MARCH_HEARINGS = [
  hearing(),
  hearing({ courtUpdateId: 'cu-2', date: '2025-03-13', time: null, suitNumber: 'FHC/L/9/2025', matterName: 'Estate of Obi' }),
];

/** A client meeting on the lease dispute, Friday 14/03/2025 10:00–11:00 on the firm's clock (Lagos, UTC+1). */
export function occurrence(overrides: Partial<CalendarOccurrence> = {}): CalendarOccurrence {
  return {
    eventId: EVENT_ID,
    title: 'Client meeting',
    kind: 'Meeting',
    matterId: MATTER_ID,
    matterName: 'Lease dispute',
    isAllDay: false,
    start: '2025-03-14T10:00',
    end: '2025-03-14T11:00',
    startsAt: '2025-03-14T09:00:00.000Z',
    endsAt: '2025-03-14T10:00:00.000Z',
    isRecurring: false,
    attendeeIds: [USER_A],
    ...overrides,
  };
}

/** An open task due on Tuesday 11/03/2025 with no time. */
export function calendarTask(overrides: Partial<CalendarTask> = {}): CalendarTask {
  return {
    id: TASK_ID,
    title: 'File the defence',
    dueDate: '2025-03-11',
    dueTime: null,
    status: 'To do',
    priority: 'High',
    matterId: MATTER_ID,
    matterName: 'Lease dispute',
    ...overrides,
  };
}

/** The meeting as get-event answers it. */
export function calendarEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id: EVENT_ID,
    title: 'Client meeting',
    kind: 'Meeting',
    matterId: MATTER_ID,
    matterName: 'Lease dispute',
    clientName: 'Ada Lovelace',
    attendees: [{ id: USER_A, name: 'Grace Hopper' }],
    location: 'Room 2',
    videoLink: null,
    description: null,
    isAllDay: false,
    start: '2025-03-14T10:00',
    end: '2025-03-14T11:00',
    recurrence: null,
    reminderMinutesBefore: 60,
    createdByName: 'Ada Obi',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Answers checked against the shared contract: a fixture that drifts from the API's schema fails. */
export const calendarAnswers = {
  range: (events: CalendarOccurrence[] = [occurrence()], tasks: CalendarTask[] = [calendarTask()]): StubAnswer =>
    contractAnswer(calendarRangeSchema, { timeZone: 'Africa/Lagos', events, tasks }),
  event: (event: CalendarEvent = calendarEvent()): StubAnswer => contractAnswer(calendarEventSchema, event),
  timerRunning: (): StubAnswer =>
    contractAnswer(timerTotalSchema, {
      totalTime: '00:00:00',
      totalTimeInDouble: 0,
      isStarted: true,
      subject: { matterId: MATTER_ID, matterName: 'Lease dispute', clientId: CLIENT_ID, description: 'Client meeting' },
    }),
};

const MATTERS: MatterName[] = [
  { id: MATTER_ID, matterName: 'Lease dispute', matterNumber: 'MAT-00001', matterRate: 'Hourly', status: 'Open' },
];

const DEFAULT_HANDLERS: Record<string, StubHandler> = {
  [`GET ${HEARINGS}`]: (call) =>
    courtCalendarAnswers.hearings({
      fromDate: call.query.get('FromDate') ?? '2025-03-12',
      toDate: call.query.get('ToDate') ?? '2025-03-25',
      scope: call.query.get('Scope') === 'firm' ? 'firm' : 'mine',
      canSeeFirm: true,
      hearings: MARCH_HEARINGS,
    }),
  [`GET ${CALENDAR_CALLS.range}`]: () => calendarAnswers.range(),
  [`GET ${CALENDAR_CALLS.get(EVENT_ID)}`]: () => calendarAnswers.event(),
  [`POST ${CALENDAR_CALLS.create}`]: () => ({ ...calendarAnswers.event(), status: 201, message: 'Event created' }),
  [`PUT ${CALENDAR_CALLS.update(EVENT_ID)}`]: () => ({ ...calendarAnswers.event(), message: 'Event updated' }),
  [`POST ${CALENDAR_CALLS.move(EVENT_ID)}`]: () => ({ ...calendarAnswers.event(), message: 'Event moved' }),
  [`DELETE ${CALENDAR_CALLS.remove(EVENT_ID)}`]: { data: null, message: 'Event deleted' },
  [`POST ${CALENDAR_CALLS.startTimer}`]: () => ({ ...calendarAnswers.timerRunning(), message: 'Timer started' }),
  [`GET ${COURT_CALENDAR_CALLS.courts}`]: courtCalendarAnswers.courts([
    { id: COURT_ID, name: 'High Court of Lagos', division: 'Ikeja', address: null },
    { id: OTHER_COURT_ID, name: 'Federal High Court', division: null, address: null },
  ]),
  'GET /api/admin/team-member-details/get-all-user': lookupAnswers.teamMembers([
    teamMember(USER_A, 'Grace Hopper'),
    teamMember(USER_B, 'Alan Turing'),
    teamMember('99999999-9999-4999-8999-999999999999', 'Left Firm', { isActive: false }),
  ]),
  'GET /api/admin/client-info/get-associated-client-users': lookupAnswers.associatedClients({
    people: [{ userId: CLIENT_ID, name: 'Ada Lovelace' }],
    companies: [],
  }),
  'GET /api/admin/matter-master/get-matter-name-using-client': (call) =>
    lookupAnswers.matterNames(call.query.get('ClientId') === CLIENT_ID ? MATTERS : []),
  'GET /api/admin/matter-master/get-matter-view': () =>
    contractAnswer(
      matterViewSchema,
      matterView(MATTER_ID, { id: CLIENT_ID, name: 'Ada Lovelace', clientType: 'individual' }, { matterName: 'Lease dispute' }),
    ),
  [`GET ${FEED}`]: courtCalendarAnswers.feedStatus({ isActive: false, scope: null, createdAt: null }),
  [`GET ${SETTINGS}`]: courtCalendarAnswers.settings({ reminderDaysBefore: [1, 7], isDailyDigestEnabled: true }),
};

/** The calendar's API through MSW (unknown calls answer 404); records every call. */
export function stubApi(handlers: Record<string, StubHandler> = {}) {
  return stubApiThroughMsw(handlers, { defaults: DEFAULT_HANDLERS, successMessage: '', failureMessage: 'Failed' });
}

/** Grace Hopper, a fee earner who sees court updates (and so the firm's court dates). */
const profile = fakeProfile({ id: USER_A, name: 'Grace Hopper' });
export const sessionWith = (permissions: string[] = ['courtUpdate']) =>
  fakeSession({ profile, workingUser: workingUserOf(profile), permissions });

export async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/**
 * A loaded two-core machine renders a Mantine page slowly: findBy and waitFor wait up to 10 s. A
 * dragged event lands on the day under the pointer (the calendar asks the document which element
 * that is), which jsdom cannot tell: nothing is, unless a test says.
 */
export function prepareCalendarTests() {
  configure({ asyncUtilTimeout: 10_000 });
  if (typeof document.elementFromPoint !== 'function') document.elementFromPoint = () => null;
}

/**
 * axe-core over the rendered page: every violation, whatever its impact (the page is rendered in a
 * <main>, as the shell does). jsdom draws nothing, so colour contrast is checked on the colours
 * themselves (item-colours.test.ts) and in the browser.
 */
export async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}
