import { matterViewSchema, type MatterName, type MatterView } from '@matterhorn/shared';
import { configure } from '@testing-library/react';
import { contractAnswer, lookupAnswers, matterView, teamMember } from '../../../test/msw/contract-answers.ts';
import { NOTE_AUTHOR_ID, NOTE_CLIENT_ID, NOTE_MATTER_ID, progressNoteHandlers } from '../../../test/msw/progress-note-answers.ts';
import { stubApi as stubApiThroughMsw, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeSession } from '../../../test/render.tsx';

export const OTHER_MATTER_ID = '44444444-4444-4444-8444-444444444444';
export const USER_B = '33333333-3333-4333-8333-333333333333';
export const MATTER_NAMES = '/api/admin/matter-master/get-matter-name-using-client';
export const MATTER_VIEW = '/api/admin/matter-master/get-matter-view';

const MATTERS: MatterName[] = [
  { id: OTHER_MATTER_ID, matterName: 'Lease dispute', matterNumber: 'MAT-00001', matterRate: 'Hourly', status: 'Open' },
  { id: NOTE_MATTER_ID, matterName: 'Share purchase agreement', matterNumber: 'MAT-00002', matterRate: 'Hourly', status: 'Open' },
];

const noteMatterView = (): MatterView =>
  matterView(
    NOTE_MATTER_ID,
    { id: NOTE_CLIENT_ID, name: 'Ada Lovelace', clientType: 'individual' },
    { matterNumber: 'MAT-00002', matterName: 'Share purchase agreement' },
  );

const DEFAULT_HANDLERS: Record<string, StubHandler> = {
  ...progressNoteHandlers(),
  'GET /api/admin/client-info/get-associated-client-users': lookupAnswers.associatedClients({
    people: [{ userId: NOTE_CLIENT_ID, name: 'Ada Lovelace' }],
    companies: [],
  }),
  [`GET ${MATTER_NAMES}`]: (call) => lookupAnswers.matterNames(call.query.get('ClientId') === NOTE_CLIENT_ID ? MATTERS : []),
  [`GET ${MATTER_VIEW}`]: () => contractAnswer(matterViewSchema, noteMatterView()),
  'GET /api/admin/team-member-details/get-all-user': lookupAnswers.teamMembers([
    teamMember(NOTE_AUTHOR_ID, 'Grace Hopper'),
    teamMember(USER_B, 'Alan Turing'),
  ]),
};

/** The progress-note pages' API through MSW (unknown calls answer 404); records every call. */
export function stubApi(handlers: Record<string, StubHandler> = {}) {
  return stubApiThroughMsw(handlers, { defaults: DEFAULT_HANDLERS, successMessage: 'Done', failureMessage: 'Failed' });
}

export const ALL_NOTE_PERMISSIONS = ['progressNote', 'progressNote.create', 'progressNote.edit', 'progressNote.delete'];

export function sessionWith(permissions: string[] = ALL_NOTE_PERMISSIONS) {
  return fakeSession({ permissions });
}

/** A loaded two-core machine renders a Mantine page slowly: findBy and waitFor wait up to 10 s. */
export function allowSlowRenders() {
  configure({ asyncUtilTimeout: 10_000 });
}
