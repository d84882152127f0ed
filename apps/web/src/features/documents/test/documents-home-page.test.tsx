import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CLIENT_FOLDER_ID, DOC_CLIENT_ID, DOCUMENT_CALLS, documentAnswers } from '../../../test/msw/document-answers.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DocumentSearchPage } from '../pages/document-search-page.tsx';
import { DocumentsHomePage } from '../pages/documents-home-page.tsx';
import { allowSlowRenders, clientFolderAnswer, sessionWith, stubApi } from './stub-documents.ts';

allowSlowRenders();

const ARCHIVED_FOLDER_ID = 'c1c1c1c1-c1c1-4c1c-8c1c-c1c1c1c1c1c1';
const TOP_LEVEL = { folder: null, path: [], subfolders: [], documents: { data: [], page: 1, size: 20, totalCount: 0 } };

describe('the documents home page’s client picker', { timeout: 60_000 }, () => {
  it('offers every client’s folder to a member without the clients permission, archived clients’ too, and opens the one chosen', async () => {
    stubApi({
      [`GET ${DOCUMENT_CALLS.folder}`]: () => documentAnswers.folder(TOP_LEVEL),
      // What the API answers a member whose role has the documents permissions but not clientInfo.
      'GET /api/admin/client-info/get-associated-client-users': { status: 403, message: 'You do not have permission' },
      'GET /api/admin/document/get-client-folders': clientFolderAnswer([
        { folderId: CLIENT_FOLDER_ID, clientId: DOC_CLIENT_ID, name: 'Ada Lovelace', clientType: 'individual', isArchived: false },
        {
          folderId: ARCHIVED_FOLDER_ID,
          clientId: '22222222-2222-4222-8222-222222222222',
          name: 'Harbour Freight Ltd',
          clientType: 'company',
          isArchived: true,
        },
      ]),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/documents', element: <DocumentsHomePage /> }], { path: '/documents', session: sessionWith() });
    await screen.findByText('No documents here.');
    const open = screen.getByRole('button', { name: 'Open client folder' });
    expect(open).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    const list = await screen.findByRole('listbox', { name: 'Client' });
    expect(
      within(within(list).getByRole('group', { name: 'Company' })).getByRole('option', { name: 'Harbour Freight Ltd (archived)' }),
    ).toBeVisible();
    await user.click(within(within(list).getByRole('group', { name: 'Individual' })).getByRole('option', { name: 'Ada Lovelace' }));
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveTextContent('Ada Lovelace');

    await user.click(open);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/documents/folder/${CLIENT_FOLDER_ID}`));
  });

  it('says so when the clients cannot be loaded', async () => {
    stubApi({
      [`GET ${DOCUMENT_CALLS.folder}`]: () => documentAnswers.folder(TOP_LEVEL),
      'GET /api/admin/document/get-client-folders': { status: 500, message: 'Failed' },
    });
    renderRoutes([{ path: '/documents', element: <DocumentsHomePage /> }], { path: '/documents', session: sessionWith() });
    expect(await screen.findByText('The clients could not be loaded: reload the page to try again')).toBeInTheDocument();
  });
});

describe('the document search’s client filter', { timeout: 60_000 }, () => {
  it('lists the clients from their folders to a member without the clients permission, and searches within the one chosen', async () => {
    const api = stubApi({
      'GET /api/admin/client-info/get-associated-client-users': { status: 403, message: 'You do not have permission' },
      'GET /api/admin/document/get-client-folders': clientFolderAnswer([
        { folderId: CLIENT_FOLDER_ID, clientId: DOC_CLIENT_ID, name: 'Ada Lovelace', clientType: 'individual', isArchived: false },
      ]),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/documents/search', element: <DocumentSearchPage /> }], { path: '/documents/search', session: sessionWith() });
    await user.type(await screen.findByRole('textbox', { name: /Words to find/ }), 'indemnity');
    await user.click(screen.getByRole('combobox', { name: 'Client (optional)' }));
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByTestId('search-hit');
    expect(api.lastQuery(DOCUMENT_CALLS.search)?.get('ClientId')).toBe(DOC_CLIENT_ID);
  });
});
