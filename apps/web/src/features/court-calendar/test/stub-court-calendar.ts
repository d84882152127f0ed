import { configure } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { screen } from '@testing-library/react';
import { workingUserOf } from '../../../lib/session/working-user.ts';
import { lookupAnswers, teamMember } from '../../../test/msw/contract-answers.ts';
import { COURT_CALENDAR_CALLS, COURT_ID, courtCalendarAnswers, hearing, OTHER_COURT_ID } from '../../../test/msw/court-calendar-answers.ts';
import { stubApi as stubApiThroughMsw, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession } from '../../../test/render.tsx';

export const USER_A = '22222222-2222-4222-8222-222222222222';
export const USER_B = '33333333-3333-4333-8333-333333333333';
export const HEARINGS = COURT_CALENDAR_CALLS.upcomingHearings;
export const FEED = COURT_CALENDAR_CALLS.calendarFeed;
export const SETTINGS = COURT_CALENDAR_CALLS.calendarSettings;

/** Whatever range is asked, two hearings in March 2025 (the server filters; the stub does not). */
export const MARCH_HEARINGS = [
  hearing(),
  hearing({ courtUpdateId: 'cu-2', date: '2025-03-13', time: null, suitNumber: 'FHC/L/9/2025', matterName: 'Estate of Obi' }),
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
  [`GET ${COURT_CALENDAR_CALLS.courts}`]: courtCalendarAnswers.courts([
    { id: COURT_ID, name: 'High Court of Lagos', division: 'Ikeja', address: null },
    { id: OTHER_COURT_ID, name: 'Federal High Court', division: null, address: null },
  ]),
  'GET /api/admin/team-member-details/get-all-user': lookupAnswers.teamMembers([
    teamMember(USER_A, 'Grace Hopper'),
    teamMember(USER_B, 'Alan Turing'),
  ]),
  [`GET ${FEED}`]: courtCalendarAnswers.feedStatus({ isActive: false, scope: null, createdAt: null }),
  [`GET ${SETTINGS}`]: courtCalendarAnswers.settings({ reminderDaysBefore: [1, 7], isDailyDigestEnabled: true }),
};

/** The court calendar's API through MSW (unknown calls answer 404); records every call. */
export function stubApi(handlers: Record<string, StubHandler> = {}) {
  return stubApiThroughMsw(handlers, { defaults: DEFAULT_HANDLERS, successMessage: '', failureMessage: 'Failed' });
}

const profile = fakeProfile();
export const sessionWith = (permissions: string[] = ['courtUpdate']) =>
  fakeSession({ profile, workingUser: workingUserOf(profile), permissions });

export async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** A loaded two-core machine renders a Mantine page slowly: findBy and waitFor wait up to 10 s. */
export function allowSlowRenders() {
  configure({ asyncUtilTimeout: 10_000 });
}
