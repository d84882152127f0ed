import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_CALLS, DOCUMENT_ID, documentAnswers } from '../../../test/msw/document-answers.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DocumentPage } from '../pages/document-page.tsx';
import { DocumentsHomePage } from '../pages/documents-home-page.tsx';
import { FolderPage } from '../pages/folder-page.tsx';
import { RecycleBinPage } from '../pages/recycle-bin-page.tsx';
import { allowSlowRenders, sessionWith, stubApi } from './stub-documents.ts';

allowSlowRenders();

/** axe-core over the rendered page (no serious or critical issue); jsdom draws nothing, so contrast is left to the journeys. */
async function seriousIssues(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('Documents accessibility', { timeout: 60_000 }, () => {
  it('the top level with its client folder picker is axe-clean', async () => {
    stubApi({
      [`GET ${DOCUMENT_CALLS.folder}`]: () =>
        documentAnswers.folder({ folder: null, path: [], subfolders: [], documents: { data: [], page: 1, size: 20, totalCount: 0 } }),
    });
    renderRoutes([{ path: '/documents', element: <DocumentsHomePage /> }], { path: '/documents', session: sessionWith() });
    await screen.findByText('No documents here.');
    expect(screen.getByRole('combobox', { name: /Client/ })).toBeInTheDocument();
    expect(await seriousIssues()).toEqual([]);
  });

  it('a folder with its upload area, and its Move modal, are axe-clean', async () => {
    stubApi();
    const user = userEvent.setup();
    renderRoutes([{ path: '/documents/folder/:folderId', element: <FolderPage /> }], {
      path: '/documents/folder/f0f0f0f0-f0f0-4f0f-8f0f-f0f0f0f0f0f0',
      session: sessionWith(),
    });
    await screen.findByRole('table', { name: 'Documents' });
    await screen.findByText(/Scanning is off/);
    expect(screen.getByRole('heading', { level: 1, name: 'MAT-00002 Share purchase agreement' })).toBeInTheDocument();
    expect(await seriousIssues()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Actions for Lease.pdf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Lease.pdf' });
    await within(dialog).findByRole('button', { name: 'Open From client' });
    expect(await seriousIssues()).toEqual([]);
  });

  it('the document page and the recycle bin are axe-clean', async () => {
    stubApi({
      [`GET ${DOCUMENT_CALLS.recycleBin}`]: () =>
        documentAnswers.recycleBin([
          {
            itemType: 'document',
            id: DOCUMENT_ID,
            name: 'Old lease.pdf',
            folderPath: 'Ada Lovelace',
            deletedAt: '2024-03-01T10:00:00Z',
            deletedByName: 'Ada Obi',
          },
        ]),
      [`POST ${DOCUMENT_CALLS.restore(DOCUMENT_ID)}`]: () => documentAnswers.document(),
    });
    const { unmount } = renderRoutes([{ path: '/documents/document/:id', element: <DocumentPage /> }], {
      path: `/documents/document/${DOCUMENT_ID}`,
      session: sessionWith(),
    });
    await screen.findByRole('table', { name: 'Versions' });
    expect(await seriousIssues()).toEqual([]);
    unmount();
    renderRoutes([{ path: '/documents/recycle-bin', element: <RecycleBinPage /> }], {
      path: '/documents/recycle-bin',
      session: sessionWith(),
    });
    await screen.findByText('Old lease.pdf');
    expect(await seriousIssues()).toEqual([]);
  });
});

describe('Recycle bin', { timeout: 60_000 }, () => {
  it('restores a deleted document', async () => {
    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.recycleBin}`]: () =>
        documentAnswers.recycleBin([
          {
            itemType: 'document',
            id: DOCUMENT_ID,
            name: 'Old lease.pdf',
            folderPath: 'Ada Lovelace',
            deletedAt: '2024-03-01T10:00:00',
            deletedByName: 'Ada Obi',
          },
        ]),
      [`POST ${DOCUMENT_CALLS.restore(DOCUMENT_ID)}`]: () => documentAnswers.document(),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/documents/recycle-bin', element: <RecycleBinPage /> }], {
      path: '/documents/recycle-bin',
      session: sessionWith(),
    });
    expect(await screen.findByText('01/03/2024 10:00 by Ada Obi')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore Old lease.pdf' }));
    await waitFor(() => expect(api.callsTo('POST', DOCUMENT_CALLS.restore(DOCUMENT_ID))).toHaveLength(1));
  });
});
