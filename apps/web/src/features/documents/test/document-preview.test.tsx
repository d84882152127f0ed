import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_CALLS, DOCUMENT_ID, documentView } from '../../../test/msw/document-answers.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DocumentPreview } from '../components/document-preview.tsx';
import { allowSlowRenders, sessionWith, stubApi } from './stub-documents.ts';

allowSlowRenders();

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
    const { unmount } = renderPreview(
      documentView({ contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }),
    );
    expect(await screen.findByText('No preview for this type: download it.')).toBeInTheDocument();
    unmount();
    renderPreview(documentView({ scanStatus: 'scanning' }));
    expect(screen.queryByRole('button', { name: 'Preview' })).toBeNull();
  });
});
