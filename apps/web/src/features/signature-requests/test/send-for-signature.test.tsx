import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_ID, documentView } from '../../../test/msw/document-answers.ts';
import { server } from '../../../test/msw/server.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { SendForSignaturePage } from '../pages/send-for-signature-page.tsx';

// The message's autosizing field listens for web fonts, which jsdom does not have.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
});

describe('the send-for-signature page', { timeout: 30_000 }, () => {
  it('keeps what the sender typed while its lookups (the client’s contacts, the firm’s members) arrive after it', async () => {
    const letter = documentView({ id: DOCUMENT_ID, name: 'Letter.pdf', contentType: 'application/pdf' });
    server.use(
      http.get(`*/api/admin/document/get-document/${DOCUMENT_ID}`, () =>
        HttpResponse.json({ success: true, message: 'Document', data: letter }),
      ),
      // The lookups answer late, after the sender has started typing.
      http.get('*/api/admin/client-info/*', async () => {
        await delay(300);
        return HttpResponse.json({ success: false, message: 'Not found' }, { status: 404 });
      }),
      http.get('*/api/admin/team-member-details/get-all-user', async () => {
        await delay(300);
        return HttpResponse.json({
          success: true,
          message: 'Team',
          data: [{ id: 'u1', name: 'Bola Ade', email: 'bola@firm.example', isActive: true }],
        });
      }),
    );
    renderRoutes([{ path: '/documents/document/:id/send-for-signature', element: <SendForSignaturePage /> }], {
      path: `/documents/document/${DOCUMENT_ID}/send-for-signature`,
      session: fakeSession({ permissions: ['document', 'document.create'] }),
    });
    const heading = await screen.findByRole('heading', { name: 'Send Letter.pdf for signature' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Sam Signer');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'sam@example.com');
    // Long enough for both lookups to have arrived and the page to have drawn them.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByRole('heading', { name: 'Send Letter.pdf for signature' })).toBe(heading);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Sam Signer');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('sam@example.com');
  });
});
