import { timeEntryTotalsSchema, type TimeEntryListItem, type TimeEntryTotals } from '@matterhorn/shared';
import { configure } from '@testing-library/react';
import type { WorkingUser } from '../../../lib/session/working-user.ts';
import { contractAnswer, lookupAnswers, teamMember } from '../../../test/msw/contract-answers.ts';
import { stubApi as stubApiThroughMsw, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeSession } from '../../../test/render.tsx';

export const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_CLIENT_ID = '66666666-6666-4666-8666-666666666666';
export const MATTER_ID = '44444444-4444-4444-8444-444444444444';
export const USER_A = '22222222-2222-4222-8222-222222222222';
export const USER_B = '33333333-3333-4333-8333-333333333333';
export const ACTIVITY_ID = '77777777-7777-4777-8777-777777777777';

export const LIST = '/api/admin/time-entry';
export const TOTALS = '/api/admin/time-entry/get-totals';

export function entry(overrides: Partial<TimeEntryListItem> = {}): TimeEntryListItem {
  return {
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    timeEntryDate: '2024-03-05',
    clientId: CLIENT_ID,
    clientName: 'Ada Lovelace',
    matterId: MATTER_ID,
    matterName: 'Acme v Beta',
    matterNumber: 'MAT-00001',
    activityId: ACTIVITY_ID,
    activityType: 'Drafting',
    description: 'Drafted the claim',
    duration: '1.5',
    recordedDuration: overrides.duration ?? '1.5',
    isBillable: 4,
    timeEntryUserId: USER_A,
    timeEntryUserName: 'Grace Hopper',
    userRate: '1500',
    totalAmount: '2250.00',
    homeTotalAmount: '2250.00',
    currencySymbol: '₦',
    status: 3,
    isLocked: false,
    utbmsTaskCode: null,
    createdAt: '2024-03-05T10:00:00Z',
    ...overrides,
  };
}

export const TOTALS_ANSWER: TimeEntryTotals = {
  totalHours: '12.25',
  billableHours: '10',
  nonBillableHours: '2.25',
  billableAmount: '1234567.5',
  unbilledAmount: '1000',
};

export const page = (rows: TimeEntryListItem[], extra: Record<string, unknown> = {}) => ({
  data: { data: rows, page: 1, size: 20, totalCount: rows.length, ...extra },
});

const DEFAULT_HANDLERS: Record<string, StubHandler> = {
  [`GET ${LIST}`]: () => page([entry()]),
  [`GET ${TOTALS}`]: contractAnswer(timeEntryTotalsSchema, TOTALS_ANSWER),
  'GET /api/admin/client-info/get-associated-client-users': lookupAnswers.associatedClients({
    people: [{ userId: CLIENT_ID, name: 'Ada Lovelace' }],
    companies: [{ companyId: OTHER_CLIENT_ID, companyName: 'Acme Ltd' }],
  }),
  'GET /api/admin/matter-master/get-matter-name-using-client': lookupAnswers.matterNames([
    { id: MATTER_ID, matterName: 'Acme v Beta', matterNumber: 'MAT-00001', matterRate: 'Hourly', status: 'Open' },
  ]),
  'GET /api/admin/team-member-details/get-all-user': lookupAnswers.teamMembers([
    teamMember(USER_A, 'Grace Hopper', { email: 'user0@firm.test' }),
    teamMember(USER_B, 'Alan Turing', { email: 'user1@firm.test' }),
  ]),
};

/** The time-entry pages' API through MSW (unknown calls answer 404); records every call. */
export function stubApi(handlers: Record<string, StubHandler> = {}) {
  return stubApiThroughMsw(handlers, { defaults: DEFAULT_HANDLERS, successMessage: 'Done', failureMessage: 'Failed' });
}

export const WORKING_USER: WorkingUser = {
  id: 'owner',
  profileId: USER_A,
  currency: '₦',
  businessId: 'firm',
  name: 'Grace Hopper',
  email: 'grace@firm.test',
  firmName: 'Firm',
  isSetupComplete: true,
  currencyId: 1,
  currencyISOCode: 'NGN',
  multicurrency: false,
  billingIncrement: '0.1',
  bareNumberUnit: 'hours',
  suggestsTime: false,
};

/**
 * The first render of a Mantine page can take seconds on a loaded machine (CI, parallel runs):
 * findBy and waitFor wait up to 10 s instead of 1 s. Call once at the top of a test file.
 */
export function allowSlowRenders() {
  configure({ asyncUtilTimeout: 10_000 });
}

export function sessionWith(permissions: string[]) {
  return fakeSession({ permissions, workingUser: WORKING_USER });
}
