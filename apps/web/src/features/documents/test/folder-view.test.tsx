import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  DOC_MATTER_ID,
  DOCUMENT_CALLS,
  DOCUMENT_ID,
  documentAnswers,
  documentListItem,
  folderContents,
  MATTER_FOLDER_ID,
  SUBFOLDER_ID,
} from '../../../test/msw/document-answers.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DocumentsTab } from '../components/documents-tab.tsx';
import { FolderPage } from '../pages/folder-page.tsx';
import { allowSlowRenders, sessionWith, stubApi } from './stub-documents.ts';

allowSlowRenders();

const rows = Array.from({ length: 20 }, (_, index) =>
  documentListItem({
    id: `d0d0d0d0-d0d0-4d0d-8d0d-${String(index).padStart(12, '0')}`,
    name: `Exhibit ${index + 1}.pdf`,
    sizeBytes: 1536 * (index + 1),
  }),
);

function renderTab() {
  return renderRoutes([{ path: '/matter/:id', element: <DocumentsTab matterId={DOC_MATTER_ID} /> }], {
    path: `/matter/${DOC_MATTER_ID}`,
    session: sessionWith(),
  });
}

describe('FolderView in a matter’s Documents tab', { timeout: 60_000 }, () => {
  it('lists the matter folder’s subfolders and documents, with sizes in 1024-based units and status badges', async () => {
    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.folder}`]: () =>
        documentAnswers.folder(
          folderContents({}, [
            documentListItem(),
            documentListItem({
              id: 'd1d1d1d1-d1d1-4d1d-8d1d-d1d1d1d1d1d1',
              name: 'Draft.docx',
              contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
              sizeBytes: 3 * 1024 * 1024,
              scanStatus: 'scanning',
              isSharedWithClient: true,
              hasConflict: true,
              checkout: {
                userId: 'u2',
                userName: 'Grace Hopper',
                since: '2024-03-06T09:00:00Z',
                until: '2099-03-06T17:00:00Z',
                isExpired: false,
                baseVersion: 2,
              },
            }),
          ]),
        ),
    });
    renderTab();
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(api.lastQuery(DOCUMENT_CALLS.folder)?.get('MatterId')).toBe(DOC_MATTER_ID);
    const lease = within(table).getByRole('row', { name: /Lease\.pdf/ });
    expect(within(lease).getByText('1.5 KB')).toBeInTheDocument();
    expect(within(lease).getByText('PDF')).toBeInTheDocument();
    expect(within(lease).getByText('06/03/2024')).toBeInTheDocument();
    const draft = within(table).getByRole('row', { name: /Draft\.docx/ });
    expect(within(draft).getByText('3 MB')).toBeInTheDocument();
    expect(within(draft).getByText('Word')).toBeInTheDocument();
    for (const badge of ['Scanning', 'Checked out by Grace Hopper', 'Conflict', 'Shared'])
      expect(within(draft).getByText(badge)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open folder From client' })).toBeInTheDocument();
    expect(await screen.findByText(/Scanning is off/)).toBeInTheDocument();
    expect(screen.getByText('Up to 100 MB per file')).toBeInTheDocument();
  });

  it('sorts by a column header, ascending then descending', async () => {
    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.folder}`]: (call) =>
        documentAnswers.folder(folderContents(call.query.get('FolderId') === SUBFOLDER_ID ? { path: [], subfolders: [] } : {}, rows)),
    });
    const user = userEvent.setup();
    renderTab();
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(api.lastQuery(DOCUMENT_CALLS.folder)?.get('sortColumn')).toBe('name');
    await user.click(within(table).getByRole('button', { name: /Size/ }));
    await waitFor(() => expect(api.lastQuery(DOCUMENT_CALLS.folder)?.get('sortColumn')).toBe('sizeBytes'));
    expect(api.lastQuery(DOCUMENT_CALLS.folder)?.get('sortType')).toBe('asc');
    await user.click(within(table).getByRole('button', { name: /Size/ }));
    await waitFor(() => expect(api.lastQuery(DOCUMENT_CALLS.folder)?.get('sortType')).toBe('desc'));
    expect(within(table).getByRole('columnheader', { name: /Size/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('asks for the next page and filters by name', async () => {
    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.folder}`]: () =>
        documentAnswers.folder({ ...folderContents({}, rows), documents: { data: rows, page: 1, size: 20, totalCount: 45 } }),
    });
    const user = userEvent.setup();
    renderTab();
    await screen.findByRole('table', { name: 'Documents' });
    expect(screen.getByText('45 documents')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.lastQuery(DOCUMENT_CALLS.folder)?.get('page')).toBe('2'));
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), 'lease');
    await waitFor(() => expect(api.lastQuery(DOCUMENT_CALLS.folder)?.get('GeneralSearchText')).toBe('lease'));
    expect(api.lastQuery(DOCUMENT_CALLS.folder)?.get('page')).toBe('1');
  });

  it('shows a folder counted past the cap as 1,000+ and still offers the next page', async () => {
    stubApi({
      [`GET ${DOCUMENT_CALLS.folder}`]: () =>
        documentAnswers.folder({
          ...folderContents({}, rows),
          documents: { data: rows, page: 1, size: rows.length, totalCount: 1000, isTotalCountCapped: true },
        }),
    });
    renderTab();
    await screen.findByRole('table', { name: 'Documents' });
    expect(screen.getByTestId('documents-count')).toHaveTextContent('1,000+ documents (narrow the search or filters for an exact count)');
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeInTheDocument();
  });

  it('opens a subfolder inside the tab and creates a folder in the open folder', async () => {
    const api = stubApi({
      [`POST ${DOCUMENT_CALLS.createFolder}`]: (call) =>
        documentAnswers.createdFolder({
          ...folderContents().subfolders[0]!,
          id: 'f2f2f2f2-f2f2-4f2f-8f2f-f2f2f2f2f2f2',
          name: (call.body as { name: string }).name,
          kind: 'folder',
        }),
    });
    const user = userEvent.setup();
    renderTab();
    await screen.findByRole('table', { name: 'Documents' });
    await user.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Folder name' })).toHaveFocus());
    await user.type(within(dialog).getByRole('textbox', { name: 'Folder name' }), 'Correspondence');
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    await waitFor(() => expect(api.callsTo('POST', DOCUMENT_CALLS.createFolder)).toHaveLength(1));
    expect(api.callsTo('POST', DOCUMENT_CALLS.createFolder)[0]?.body).toEqual({ parentFolderId: MATTER_FOLDER_ID, name: 'Correspondence' });

    await user.click(screen.getByRole('button', { name: 'Open folder From client' }));
    await waitFor(() => expect(api.lastQuery(DOCUMENT_CALLS.folder)?.get('FolderId')).toBe(SUBFOLDER_ID));
    expect(api.lastQuery(DOCUMENT_CALLS.folder)?.get('MatterId')).toBeNull();
  });

  it('moves a document into a folder chosen level by level', async () => {
    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.folder}`]: (call) =>
        documentAnswers.folder(
          call.query.get('FolderId') === SUBFOLDER_ID
            ? folderContents({ folder: folderContents().subfolders[0]!, subfolders: [] })
            : call.query.get('FolderId') === null && call.query.get('MatterId') === null
              ? folderContents({ folder: null, path: [], subfolders: [{ ...folderContents().folder!, parentFolderId: null }] })
              : folderContents(),
        ),
      [`POST ${DOCUMENT_CALLS.move}`]: { data: null, message: 'Moved' },
    });
    const user = userEvent.setup();
    renderTab();
    await screen.findByRole('table', { name: 'Documents' });
    await user.click(screen.getByRole('button', { name: 'Actions for Lease.pdf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Lease.pdf' });
    await user.click(await within(dialog).findByRole('button', { name: 'Open MAT-00002 Share purchase agreement' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Open From client' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Move into From client' }));
    await waitFor(() => expect(api.callsTo('POST', DOCUMENT_CALLS.move)).toHaveLength(1));
    expect(api.callsTo('POST', DOCUMENT_CALLS.move)[0]?.body).toEqual({ itemType: 'document', id: DOCUMENT_ID, toFolderId: SUBFOLDER_ID });
  });

  it('shares the matter’s folder with the client', async () => {
    const api = stubApi({ [`POST ${DOCUMENT_CALLS.share(MATTER_FOLDER_ID)}`]: { data: null, message: 'Shared' } });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Share folder with client' }));
    await waitFor(() => expect(api.callsTo('POST', DOCUMENT_CALLS.share(MATTER_FOLDER_ID))[0]?.body).toEqual({ itemType: 'folder' }));
  });
});

describe('FolderView on the documents pages (list kit, its state in the URL)', { timeout: 60_000 }, () => {
  function renderFolderPage(search: string) {
    return renderRoutes([{ path: '/documents/folder/:folderId', element: <FolderPage /> }], {
      path: `/documents/folder/${MATTER_FOLDER_ID}${search}`,
      session: sessionWith(),
    });
  }

  it('opens the name filter, sort, page and size the URL names, and asks the API for them', async () => {
    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.folder}`]: () =>
        documentAnswers.folder({ ...folderContents({}, rows), documents: { data: rows, page: 2, size: 50, totalCount: 120 } }),
    });
    renderFolderPage('?name=exhibit&sortColumn=sizeBytes&sortType=desc&page=2&size=50');
    const table = await screen.findByRole('table', { name: 'Documents' });
    const query = api.lastQuery(DOCUMENT_CALLS.folder);
    expect(query?.get('FolderId')).toBe(MATTER_FOLDER_ID);
    expect(query?.get('GeneralSearchText')).toBe('exhibit');
    expect(query?.get('sortColumn')).toBe('sizeBytes');
    expect(query?.get('sortType')).toBe('desc');
    expect(query?.get('page')).toBe('2');
    expect(query?.get('size')).toBe('50');
    expect(screen.getByRole('searchbox', { name: 'Filter by name' })).toHaveValue('exhibit');
    expect(within(table).getByRole('columnheader', { name: /Size/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('writes a sort, a page and a name filter into the URL, back to page 1 on a new filter', async () => {
    stubApi({
      [`GET ${DOCUMENT_CALLS.folder}`]: () =>
        documentAnswers.folder({ ...folderContents({}, rows), documents: { data: rows, page: 1, size: 20, totalCount: 45 } }),
    });
    const user = userEvent.setup();
    const { router } = renderFolderPage('');
    const table = await screen.findByRole('table', { name: 'Documents' });
    const url = () => new URLSearchParams(router.state.location.search);
    await user.click(within(table).getByRole('button', { name: /Size/ }));
    await waitFor(() => expect(url().get('sortColumn')).toBe('sizeBytes'));
    expect(url().get('sortType')).toBe('asc');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(url().get('page')).toBe('2'));
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), 'lease');
    await waitFor(() => expect(url().get('name')).toBe('lease'));
    expect(url().get('page')).toBeNull();
    expect(url().get('sortColumn')).toBe('sizeBytes');
  });

  it('leaves the matter’s URL alone in its Documents tab', async () => {
    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.folder}`]: () =>
        documentAnswers.folder({ ...folderContents({}, rows), documents: { data: rows, page: 1, size: 20, totalCount: 45 } }),
    });
    const user = userEvent.setup();
    const { router } = renderTab();
    await screen.findByRole('table', { name: 'Documents' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.lastQuery(DOCUMENT_CALLS.folder)?.get('page')).toBe('2'));
    expect(router.state.location.search).toBe('');
  });
});
