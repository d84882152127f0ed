import { matterViewSchema, type MatterName } from '@matterhorn/shared';
import { configure } from '@testing-library/react';
import { contractAnswer, lookupAnswers, matterView, teamMember } from '../../../test/msw/contract-answers.ts';
import { courtUpdateHandlers } from '../../../test/msw/court-update-answers.ts';
import { stubApi as stubApiThroughMsw, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeSession } from '../../../test/render.tsx';

export * from '../../../test/msw/court-update-answers.ts';

export const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_CLIENT_ID = '66666666-6666-4666-8666-666666666666';
export const MATTER_ID = '44444444-4444-4444-8444-444444444444';
export const OTHER_MATTER_ID = '55555555-5555-4555-8555-555555555555';
export const USER_A = '22222222-2222-4222-8222-222222222222';
export const USER_B = '33333333-3333-4333-8333-333333333333';
export const MATTER_VIEW = '/api/admin/matter-master/get-matter-view';

const MATTERS_OF: Record<string, MatterName[]> = {
  [CLIENT_ID]: [
    { id: MATTER_ID, matterName: 'Lease dispute', matterNumber: 'MAT-00001', matterRate: 'Hourly', status: 'Open' },
    { id: OTHER_MATTER_ID, matterName: 'Share purchase agreement', matterNumber: 'MAT-00002', matterRate: 'Hourly', status: 'Closed' },
  ],
  [OTHER_CLIENT_ID]: [],
};

const DEFAULT_HANDLERS: Record<string, StubHandler> = {
  ...courtUpdateHandlers(),
  'GET /api/admin/client-info/get-associated-client-users': lookupAnswers.associatedClients({
    people: [{ userId: CLIENT_ID, name: 'Ada Lovelace' }],
    companies: [{ companyId: OTHER_CLIENT_ID, companyName: 'Acme Ltd' }],
  }),
  'GET /api/admin/matter-master/get-matter-name-using-client': (call) =>
    lookupAnswers.matterNames(MATTERS_OF[call.query.get('ClientId') ?? ''] ?? []),
  [`GET ${MATTER_VIEW}`]: () =>
    contractAnswer(
      matterViewSchema,
      matterView(MATTER_ID, { id: CLIENT_ID, name: 'Ada Lovelace', clientType: 'individual' }, { matterName: 'Lease dispute' }),
    ),
  'GET /api/admin/team-member-details/get-all-user': lookupAnswers.teamMembers([
    teamMember(USER_A, 'Grace Hopper'),
    teamMember(USER_B, 'Alan Turing'),
    teamMember('99999999-9999-4999-8999-999999999999', 'Left Firm', { isActive: false }),
  ]),
};

/** The court-update pages' API through MSW (unknown calls answer 404); records every call. */
export function stubApi(handlers: Record<string, StubHandler> = {}) {
  return stubApiThroughMsw(handlers, { defaults: DEFAULT_HANDLERS, successMessage: 'Done', failureMessage: 'Failed' });
}

export const ALL_COURT_UPDATE_PERMISSIONS = ['courtUpdate', 'courtUpdate.create', 'courtUpdate.edit', 'courtUpdate.delete'];

export function sessionWith(permissions: string[] = ALL_COURT_UPDATE_PERMISSIONS) {
  return fakeSession({ permissions });
}

/** A loaded two-core machine renders a Mantine page slowly: findBy and waitFor wait up to 10 s. */
export function allowSlowRenders() {
  configure({ asyncUtilTimeout: 10_000 });
}
