import { MATTER_BUDGET_BASIS, matterBudgetSchema, matterViewSchema, type MatterBudget, type MatterView } from '@matterhorn/shared';
import { contractAnswer, lookupAnswers, matterView, teamMember } from '../../../test/msw/contract-answers.ts';
import { stubApi as stubApiThroughMsw, type StubAnswer, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeSession } from '../../../test/render.tsx';
import type { WorkingUser } from '../../../lib/session/working-user.ts';

export const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
export const USER_A = '22222222-2222-4222-8222-222222222222';
export const USER_B = '33333333-3333-4333-8333-333333333333';
export const MATTER_ID = '44444444-4444-4444-8444-444444444444';
export const CHECK_ID = '55555555-5555-4555-8555-555555555555';

const PRACTICE_AREA_ID = '77777777-7777-4777-8777-777777777777';

/** What every page's lookups answer unless a test says otherwise. */
export const DEFAULT_HANDLERS: Record<string, StubHandler> = {
  'GET /api/admin/client-info/get-associated-client-users': lookupAnswers.associatedClients({
    people: [{ userId: CLIENT_ID, name: 'Ada Lovelace' }],
    companies: [{ companyId: '66666666-6666-4666-8666-666666666666', companyName: 'Acme Ltd' }],
  }),
  'GET /api/admin/team-member-details/get-all-user': lookupAnswers.teamMembers([
    teamMember(USER_A, 'Grace Hopper', { defaultHourlyRate: '150.00' }),
    teamMember(USER_B, 'Alan Turing', { defaultHourlyRate: '200.00' }),
  ]),
  'GET /api/admin/practice-area/get-practice-areas': lookupAnswers.practiceAreas([
    { id: PRACTICE_AREA_ID, name: 'Litigation', matterCount: 0 },
  ]),
  'GET /api/admin/custom-field/get-custom-fields': lookupAnswers.customFields([]),
  'GET /api/admin/matter-master/get-matter-budget': (call) => matterBudgetAnswer({ matterId: call.query.get('matterid') ?? MATTER_ID }),
  'GET /api/admin/matter-master/get-matter-list': (call) => ({
    data: { data: [], page: Number(call.query.get('page') ?? 1), size: Number(call.query.get('size') ?? 20), totalCount: 0 },
  }),
};

/** A matter as get-matter-view (and every call that saves a matter) answers it, parsed with the shared schema. */
export function matterViewAnswer(overrides: Partial<MatterView> = {}): StubAnswer {
  return contractAnswer(
    matterViewSchema,
    matterView(MATTER_ID, { id: CLIENT_ID, name: 'Ada Lovelace', clientType: 'individual' }, overrides),
  );
}

/** The matters pages' API through MSW, the lookups answered unless a test says otherwise. */
export function stubApi(handlers: Record<string, StubHandler> = {}) {
  return stubApiThroughMsw(handlers, { defaults: DEFAULT_HANDLERS, successMessage: 'Done', failureMessage: 'Failed' });
}

const workingUser: WorkingUser = {
  id: 'owner',
  profileId: 'owner',
  currency: '₦',
  businessId: 'firm',
  name: 'Owner',
  email: 'owner@firm.test',
  firmName: 'Firm',
  isSetupComplete: true,
  currencyId: 1,
  currencyISOCode: 'NGN',
  multicurrency: false,
  billingIncrement: '0.1',
  bareNumberUnit: 'hours',
  suggestsTime: false,
};

export function sessionWith(permissions: string[]) {
  return fakeSession({ permissions, workingUser });
}

/** A matter's budget as get-matter-budget answers it (none, nothing used, unless told), parsed with the shared schema. */
export function matterBudgetAnswer(overrides: Partial<MatterBudget> = {}): StubAnswer {
  return contractAnswer(matterBudgetSchema, {
    matterId: MATTER_ID,
    currencyCode: 'NGN',
    budget: null,
    used: { hours: '0.0000', fees: '0.00', expenses: '0.00', total: '0.00' },
    measures: [],
    isTimeBlockedPastBudget: false,
    basis: MATTER_BUDGET_BASIS,
    ...overrides,
  });
}
