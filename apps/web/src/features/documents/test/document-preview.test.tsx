import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DOCX_CONTENT_TYPE, documentPreviewHtmlRoute } from '@matterhorn/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { DOCUMENT_CALLS, DOCUMENT_ID, documentView } from '../../../test/msw/document-answers.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DocumentPreview } from '../components/document-preview.tsx';
import { allowSlowRenders, sessionWith, stubApi } from './stub-documents.ts';

allowSlowRenders();

const WORD_PREVIEW_CALL = `/api/admin/document/preview-html/${DOCUMENT_ID}`;

const renderPreview = (document = documentView()) =>
  renderRoutes([{ path: '/', element: <DocumentPreview document={document} /> }], { session: sessionWith() });

// jsdom has no object URLs: each test that needs them sets them, and they are put back after.
const { createObjectURL: originalCreate, revokeObjectURL: originalRevoke } = URL;
afterEach(() => {
  URL.createObjectURL = originalCreate;
  URL.revokeObjectURL = originalRevoke;
});

describe('DocumentPreview', { timeout: 60_000 }, () => {
  it('shows an image from the file fetched with the session, asking for the inline copy of the newest version', async () => {
    const createObjectURL = vi.fn(() => 'blob:preview');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    localStorage.setItem('token', 'firm-token');
    const api = stubApi({ [`GET ${DOCUMENT_CALLS.download(DOCUMENT_ID)}`]: { body: 'PNGDATA', headers: { 'Content-Type': 'image/png' } } });
    const user = userEvent.setup();
    renderPreview(documentView({ name: 'Site photo.png', contentType: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('img', { name: 'Site photo.png' })).toHaveAttribute('src', 'blob:preview');
    const call = api.callsTo('GET', DOCUMENT_CALLS.download(DOCUMENT_ID))[0];
    expect(call?.query.get('inline')).toBe('true');
    expect(call?.query.get('Version')).toBe('2');
    expect(call?.headers.get('Authorization')).toBe('Bearer firm-token');
  });

  it('says other types download, and offers nothing for a file still being scanned', async () => {
    stubApi();
    const { unmount } = renderPreview(documentView({ name: 'Exhibits.zip', contentType: 'application/zip' }));
    expect(await screen.findByText('No preview for this type: download it.')).toBeInTheDocument();
    unmount();
    renderPreview(documentView({ scanStatus: 'scanning' }));
    expect(screen.queryByRole('button', { name: 'Preview' })).toBeNull();
  });

  it('shows a Word document as the HTML the server rendered, in a scrollable region named for it', async () => {
    const api = stubApi({
      [`GET ${WORD_PREVIEW_CALL}`]: contractAnswer(documentPreviewHtmlRoute.response, {
        html: '<p>Dear <strong>Ms Adebayo</strong>,</p><table><tr><td>Fee</td><td>1,500.00</td></tr></table>',
      }),
    });
    const user = userEvent.setup();
    renderPreview(documentView({ name: 'Engagement letter.docx', contentType: DOCX_CONTENT_TYPE }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const page = await screen.findByRole('document', { name: 'Preview of Engagement letter.docx' });
    expect(within(page).getByText('Ms Adebayo').tagName).toBe('STRONG');
    expect(within(page).getByRole('cell', { name: '1,500.00' })).toBeInTheDocument();
    expect(page).toHaveAttribute('tabindex', '0');
    expect(api.lastQuery(WORD_PREVIEW_CALL)?.get('Version')).toBe('2');
  });

  it('says why a Word document is not shown, in the server’s words', async () => {
    stubApi({
      [`GET ${WORD_PREVIEW_CALL}`]: { status: 422, message: 'This Word document is over 20 MB, too large to show here: download it' },
    });
    const user = userEvent.setup();
    renderPreview(documentView({ name: 'Bundle.docx', contentType: DOCX_CONTENT_TYPE }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('This Word document is over 20 MB, too large to show here: download it')).toBeInTheDocument();
  });

  it('shows a text file as text, markup and all, and says when only its start is shown', async () => {
    stubApi({
      [`GET ${DOCUMENT_CALLS.download(DOCUMENT_ID)}`]: {
        body: 'Attendance note\n<b>not bold</b>\n',
        headers: { 'Content-Type': 'text/plain' },
      },
    });
    const user = userEvent.setup();
    const { unmount } = renderPreview(documentView({ name: 'Attendance note.txt', contentType: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const text = await screen.findByRole('document', { name: 'Preview of Attendance note.txt' });
    expect(text.querySelector('pre')?.textContent).toBe('Attendance note\n<b>not bold</b>\n');
    expect(text.querySelector('b')).toBeNull();
    expect(screen.queryByText(/Only the first 1 MB is shown/)).toBeNull();
    unmount();

    stubApi({
      [`GET ${DOCUMENT_CALLS.download(DOCUMENT_ID)}`]: { body: 'x'.repeat(1024 * 1024 + 10), headers: { 'Content-Type': 'text/csv' } },
    });
    renderPreview(documentView({ name: 'Ledger export.csv', contentType: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Only the first 1 MB is shown: download the file to read the rest.')).toBeInTheDocument();
    const shown = await screen.findByRole('document', { name: 'Preview of Ledger export.csv' });
    expect(shown.querySelector('pre')?.textContent).toHaveLength(1024 * 1024);
  });
});
