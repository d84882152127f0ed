import { configure } from '@testing-library/react';
import { documentClientFoldersRoute, type ClientFolder } from '@matterhorn/shared';
import { contractAnswer, lookupAnswers } from '../../../test/msw/contract-answers.ts';
import { CLIENT_FOLDER_ID, DOC_CLIENT_ID, DOC_MATTER_ID, documentHandlers, USER_ID } from '../../../test/msw/document-answers.ts';
import { stubApi as stubApiThroughMsw, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession } from '../../../test/render.tsx';

export const clientFolderAnswer = (folders: ClientFolder[]) => contractAnswer(documentClientFoldersRoute.response, folders);

const DEFAULT_HANDLERS: Record<string, StubHandler> = {
  ...documentHandlers(),
  [`GET ${documentClientFoldersRoute.path}`]: clientFolderAnswer([
    { folderId: CLIENT_FOLDER_ID, clientId: DOC_CLIENT_ID, name: 'Ada Lovelace', clientType: 'individual', isArchived: false },
  ]),
  'GET /api/admin/client-info/get-associated-client-users': lookupAnswers.associatedClients({
    people: [{ userId: DOC_CLIENT_ID, name: 'Ada Lovelace' }],
    companies: [],
  }),
  'GET /api/admin/matter-master/get-matter-name-using-client': (call) =>
    lookupAnswers.matterNames(
      call.query.get('ClientId') === DOC_CLIENT_ID
        ? [{ id: DOC_MATTER_ID, matterName: 'Share purchase agreement', matterNumber: 'MAT-00002', matterRate: 'Hourly', status: 'Open' }]
        : [],
    ),
};

/** The documents pages' API through MSW (unknown calls answer 404); records every call. */
export function stubApi(handlers: Record<string, StubHandler> = {}) {
  return stubApiThroughMsw(handlers, { defaults: DEFAULT_HANDLERS, successMessage: 'Done', failureMessage: 'Failed' });
}

export const ALL_DOCUMENT_PERMISSIONS = ['document', 'document.create', 'document.edit', 'document.delete'];

export function sessionWith(permissions: string[] = ALL_DOCUMENT_PERMISSIONS) {
  return fakeSession({ permissions, profile: fakeProfile({ id: USER_ID, name: 'Ada Obi' }) });
}

/** A loaded two-core machine renders a Mantine page slowly: findBy and waitFor wait up to 10 s. */
export function allowSlowRenders() {
  configure({ asyncUtilTimeout: 10_000 });
}
