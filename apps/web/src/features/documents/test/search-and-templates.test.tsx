import { documentSearchPageSchema } from '@matterhorn/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  DOC_CLIENT_ID,
  DOC_MATTER_ID,
  DOCUMENT_CALLS,
  documentAnswers,
  documentTemplate,
  searchHit,
} from '../../../test/msw/document-answers.ts';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DocumentSearchPage } from '../pages/document-search-page.tsx';
import { TemplatesPage } from '../pages/templates-page.tsx';
import { allowSlowRenders, sessionWith, stubApi } from './stub-documents.ts';

allowSlowRenders();

describe('Document search', { timeout: 60_000 }, () => {
  it('asks for at least 2 characters, then shows hits with their folder path and the matches marked', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes([{ path: '/documents/search', element: <DocumentSearchPage /> }], { path: '/documents/search', session: sessionWith() });
    const words = await screen.findByRole('textbox', { name: /Words to find/ });
    await user.type(words, 'i');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Type at least 2 characters to search')).toBeInTheDocument();
    expect(api.callsTo('GET', DOCUMENT_CALLS.search)).toHaveLength(0);

    await user.type(words, 'ndemnity');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const hit = await screen.findByTestId('search-hit');
    expect(api.lastQuery(DOCUMENT_CALLS.search)?.get('GeneralSearchText')).toBe('indemnity');
    expect(within(hit).getByRole('link', { name: 'Lease.pdf' })).toHaveAttribute(
      'href',
      '/documents/document/d0d0d0d0-d0d0-4d0d-8d0d-d0d0d0d0d0d0',
    );
    expect(within(hit).getByText(/Ada Lovelace › MAT-00002/)).toBeInTheDocument();
    const mark = within(hit).getByText('indemnity');
    expect(mark.tagName).toBe('MARK');
  });

  it('renders a snippet’s text as text, never as markup', async () => {
    stubApi({
      [`GET ${DOCUMENT_CALLS.search}`]: () =>
        documentAnswers.search([
          searchHit({
            snippet: [
              { text: '<img src=x onerror="window.snippetRan=true">', isMatch: false },
              { text: '<b>bold</b>', isMatch: true },
            ],
          }),
        ]),
    });
    renderRoutes([{ path: '/documents/search', element: <DocumentSearchPage /> }], {
      path: '/documents/search?q=bold',
      session: sessionWith(),
    });
    const snippet = await screen.findByTestId('search-snippet');
    expect(snippet.querySelector('img')).toBeNull();
    expect(snippet.querySelector('b')).toBeNull();
    expect(within(snippet).getByText('<b>bold</b>').tagName).toBe('MARK');
    expect(snippet).toHaveTextContent('<img src=x onerror="window.snippetRan=true">');
    expect((window as unknown as { snippetRan?: boolean }).snippetRan).toBeUndefined();
  });

  it('narrows the search to a client', async () => {
    const api = stubApi();
    renderRoutes([{ path: '/documents/search', element: <DocumentSearchPage /> }], {
      path: `/documents/search?q=lease&clientId=${DOC_CLIENT_ID}`,
      session: sessionWith(),
    });
    await screen.findByTestId('search-hit');
    expect(api.lastQuery(DOCUMENT_CALLS.search)?.get('ClientId')).toBe(DOC_CLIENT_ID);
  });
});

describe('Document search list (list kit, its state in the URL)', { timeout: 60_000 }, () => {
  it('opens the words, client, page and size the URL names, and a new search goes back to page 1 keeping the client', async () => {
    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.search}`]: (call) =>
        contractAnswer(documentSearchPageSchema, {
          data: [searchHit({ name: `Hit on page ${call.query.get('page')}.pdf` })],
          page: Number(call.query.get('page')),
          size: Number(call.query.get('size')),
          totalCount: 120,
        }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/documents/search', element: <DocumentSearchPage /> }], {
      path: `/documents/search?q=lease&clientId=${DOC_CLIENT_ID}&page=2&size=50`,
      session: sessionWith(),
    });
    expect(await screen.findByText('Hit on page 2.pdf')).toBeInTheDocument();
    const first = api.lastQuery(DOCUMENT_CALLS.search);
    expect(first?.get('GeneralSearchText')).toBe('lease');
    expect(first?.get('ClientId')).toBe(DOC_CLIENT_ID);
    expect(first?.get('page')).toBe('2');
    expect(first?.get('size')).toBe('50');
    expect(screen.getByRole('textbox', { name: /Words to find/ })).toHaveValue('lease');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Hit on page 3.pdf')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3');

    const words = screen.getByRole('textbox', { name: /Words to find/ });
    await user.clear(words);
    await user.type(words, 'indemnity');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Hit on page 1.pdf')).toBeInTheDocument();
    const url = new URLSearchParams(router.state.location.search);
    expect(url.get('q')).toBe('indemnity');
    expect(url.get('clientId')).toBe(DOC_CLIENT_ID);
    expect(url.get('size')).toBe('50');
    expect(url.get('page')).toBeNull();
    expect(api.lastQuery(DOCUMENT_CALLS.search)?.get('GeneralSearchText')).toBe('indemnity');
  });

  it('asks nothing for a URL with fewer than 2 characters, and says so when the search failed', async () => {
    const api = stubApi({ [`GET ${DOCUMENT_CALLS.search}`]: { status: 500, message: 'Failed' } });
    const { unmount } = renderRoutes([{ path: '/documents/search', element: <DocumentSearchPage /> }], {
      path: '/documents/search?q=a',
      session: sessionWith(),
    });
    await screen.findByRole('textbox', { name: /Words to find/ });
    expect(api.callsTo('GET', DOCUMENT_CALLS.search)).toHaveLength(0);
    unmount();

    renderRoutes([{ path: '/documents/search', element: <DocumentSearchPage /> }], {
      path: '/documents/search?q=lease',
      session: sessionWith(),
    });
    expect(await screen.findByText('The documents could not be loaded.')).toBeInTheDocument();
  });
});

describe('Templates', { timeout: 60_000 }, () => {
  it('lists templates with their fields; a dry run shows values and asks for the missing ones, then generates', async () => {
    const template = documentTemplate();
    const api = stubApi({
      [`POST ${DOCUMENT_CALLS.generate}`]: (call) => {
        const body = call.body as { isDryRun: boolean };
        if (body.isDryRun) {
          return documentAnswers.dryRun({
            fields: [
              { name: 'client.name', value: 'Ada Lovelace' },
              { name: 'matter.number', value: 'MAT-00002' },
              { name: 'client.custom.Reference', value: '' },
            ],
            missingFields: ['client.custom.Reference'],
          });
        }
        return { ...documentAnswers.document(), message: 'Document generated' };
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/documents/templates', element: <TemplatesPage /> }], { path: '/documents/templates', session: sessionWith() });
    const table = await screen.findByRole('table', { name: 'Templates' });
    const row = within(table).getByRole('row', { name: /Engagement letter\.docx/ });
    expect(within(row).getByText('v3')).toBeInTheDocument();
    expect(within(row).getByText('client.custom.Reference')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Generate from Engagement letter.docx' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate from Engagement letter.docx' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Client/ }));
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Matter/ }));
    await user.click(await screen.findByRole('option', { name: 'MAT-00002 — Share purchase agreement' }));
    expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Check fields' }));

    const fields = await within(dialog).findByRole('table', { name: 'Merge fields' });
    expect(within(fields).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(dialog).getByText(/1 field is missing/)).toBeInTheDocument();
    const missingRow = within(fields).getByRole('row', { name: /client\.custom\.Reference/ });
    expect(missingRow).toHaveAttribute('data-missing', 'true');
    await user.type(within(missingRow).getByRole('textbox', { name: /Value for client\.custom\.Reference/ }), 'REF-9');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));

    expect(await within(dialog).findByRole('link', { name: 'Open the new document' })).toHaveAttribute(
      'href',
      '/documents/document/d0d0d0d0-d0d0-4d0d-8d0d-d0d0d0d0d0d0',
    );
    const calls = api.callsTo('POST', DOCUMENT_CALLS.generate);
    expect(calls.map((call) => (call.body as { isDryRun: boolean }).isDryRun)).toEqual([true, false]);
    expect(calls[1]?.body).toMatchObject({
      templateDocumentId: template.documentId,
      matterId: DOC_MATTER_ID,
      values: { 'client.custom.Reference': 'REF-9' },
    });
  });
});
