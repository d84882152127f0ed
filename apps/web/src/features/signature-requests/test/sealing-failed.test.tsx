import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignatureRequest } from '@matterhorn/shared';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw/server.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { SignatureRequestPage } from '../pages/signature-request-page.tsx';

const REQUEST_ID = '7d6f3c1e-2b1a-4c5d-9e8f-0a1b2c3d4e5f';

function stuckRequest(overrides: Partial<SignatureRequest> = {}): SignatureRequest {
  return {
    id: REQUEST_ID,
    title: 'Engagement letter',
    status: 'Sealing',
    documentId: 'd1',
    documentName: 'Engagement letter.pdf',
    matterId: null,
    signerCount: 1,
    signedCount: 1,
    signerNames: ['Ada Obi'],
    createdAt: '2026-11-20T10:00:00.000Z',
    createdByName: 'Bola Ade',
    expiresAt: '2026-12-20T23:00:00.000Z',
    completedAt: null,
    isSealingFailed: true,
    message: null,
    signingOrder: 'allAtOnce',
    clientId: null,
    documentVersionNumber: 1,
    documentSha256: 'a'.repeat(64),
    signedDocumentSha256: null,
    signedVersionNumber: null,
    voidedAt: null,
    voidReason: null,
    openSignerCount: 0,
    signers: [],
    fields: [],
    events: [],
    ...overrides,
  } as SignatureRequest;
}

const page = (permissions: string[]) =>
  renderRoutes([{ path: '/documents/signature-requests/:id', element: <SignatureRequestPage /> }], {
    path: `/documents/signature-requests/${REQUEST_ID}`,
    session: fakeSession({ permissions }),
  });

describe('a request whose sealing failed', () => {
  it('says so and offers Try again to a member who may send documents, which queues it again', async () => {
    let retried = 0;
    server.use(
      http.get(`*/api/admin/signature-requests/get-request/${REQUEST_ID}`, () =>
        HttpResponse.json({ success: true, message: 'Signature request', data: stuckRequest({ isSealingFailed: retried === 0 }) }),
      ),
      http.post(`*/api/admin/signature-requests/retry-sealing/${REQUEST_ID}`, () => {
        retried += 1;
        return HttpResponse.json({ success: true, message: 'Sealing queued again', data: stuckRequest({ isSealingFailed: false }) });
      }),
    );
    page(['document', 'document.create']);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sealing failed');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(retried).toBe(1);
    expect(await screen.findByText('Everyone has signed. The signed PDF is being sealed and filed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers no Try again without document.create', async () => {
    server.use(
      http.get(`*/api/admin/signature-requests/get-request/${REQUEST_ID}`, () =>
        HttpResponse.json({ success: true, message: 'Signature request', data: stuckRequest() }),
      ),
    );
    page(['document']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sealing failed');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
