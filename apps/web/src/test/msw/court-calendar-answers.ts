import {
  calendarFeedCreatedSchema,
  calendarFeedStatusSchema,
  courtCalendarSettingsSchema,
  courtSchema,
  upcomingHearingsSchema,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  type Court,
  type CourtCalendarSettings,
  type Hearing,
  type UpcomingHearings,
} from '@matterhorn/shared';
import { contractAnswer } from './contract-answers.ts';
import type { StubAnswer } from './stub-api.ts';

/** The court calendar's calls (issue 17), under the progress-update API. */
export const COURT_CALENDAR_CALLS = {
  upcomingHearings: '/api/admin/progress-update/get-upcoming-hearings',
  calendarFeed: '/api/admin/progress-update/calendar-feed',
  calendarSettings: '/api/admin/progress-update/calendar-settings',
  courts: '/api/admin/progress-update/courts',
} as const;

export const COURT_ID = 'c0000000-0000-4000-8000-000000000001';
export const OTHER_COURT_ID = 'c0000000-0000-4000-8000-000000000002';

/** A hearing in the High Court of Lagos; override what the test is about. */
export function hearing(overrides: Partial<Hearing> = {}): Hearing {
  return {
    courtUpdateId: 'cu-1',
    date: '2025-03-12',
    time: '09:00',
    purpose: 'Mention',
    suitNumber: 'LD/123/2024',
    judge: 'Hon. Justice Ade',
    courtId: COURT_ID,
    courtName: 'High Court of Lagos',
    courtDivision: 'Ikeja',
    courtAddress: null,
    clientId: 'client-1',
    clientName: 'Ada Lovelace',
    matterId: 'matter-1',
    matterName: 'Acme v Beta',
    matterNumber: 'MAT-00001',
    feeEarners: [{ userId: 'p1', name: 'Ada Obi' }],
    ...overrides,
  };
}

/** Each answer parsed with the shared contract: a fixture that drifts from the API's schema fails loudly. */
export const courtCalendarAnswers = {
  hearings: (answer: Partial<UpcomingHearings> & { hearings: Hearing[] }) =>
    contractAnswer(upcomingHearingsSchema, {
      fromDate: '2025-03-12',
      toDate: '2025-03-25',
      scope: 'mine',
      canSeeFirm: false,
      ...answer,
    }),
  feedStatus: (status: CalendarFeedStatus) => contractAnswer(calendarFeedStatusSchema, status),
  feedCreated: (created: CalendarFeedCreated) => contractAnswer(calendarFeedCreatedSchema, created),
  settings: (settings: CourtCalendarSettings) => contractAnswer(courtCalendarSettingsSchema, settings),
  courts: (courts: Court[]) => contractAnswer(courtSchema.array(), courts),
} satisfies Record<string, (...args: never[]) => StubAnswer>;
