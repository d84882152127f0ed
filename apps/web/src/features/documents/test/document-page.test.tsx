import { ADMINISTRATOR, DOCUMENT_MESSAGES } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_CALLS,
  DOCUMENT_ID,
  documentAnswers,
  documentVersion,
  documentView,
  USER_ID,
} from '../../../test/msw/document-answers.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DocumentPage } from '../pages/document-page.tsx';
import { allowSlowRenders, ALL_DOCUMENT_PERMISSIONS, sessionWith, stubApi } from './stub-documents.ts';

allowSlowRenders();

const PATH = `/documents/document/${DOCUMENT_ID}`;
const renderPage = (permissions?: string[]) =>
  renderRoutes([{ path: '/documents/document/:id', element: <DocumentPage /> }], { path: PATH, session: sessionWith(permissions) });

const checkedOut = (userId: string, userName: string) => ({
  userId,
  userName,
  since: '2024-03-06T09:00:00',
  until: '2099-03-06T17:30:00',
  isExpired: false,
  baseVersion: 2,
});

describe('DocumentPage', { timeout: 60_000 }, () => {
  it('lists every version with its size and shortened hash, and restores an older one after asking', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderPage();
    const versions = await screen.findByRole('table', { name: 'Versions' });
    const first = within(versions).getByTestId('version-1');
    expect(within(first).getByText('Lease-v1.pdf')).toBeInTheDocument();
    expect(within(first).getByText('1 KB')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: '111111111111… copy the SHA-256 of version 1' })).toHaveTextContent('111111111111…');
    expect(within(versions).getByTestId('version-2')).toHaveTextContent('Current');
    expect(within(within(versions).getByTestId('version-2')).queryByRole('button', { name: 'Restore version 2' })).toBeNull();

    await user.click(within(first).getByRole('button', { name: 'Restore version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    expect(within(dialog).getByText(/copied forward as version 3/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(api.callsTo('POST', DOCUMENT_CALLS.restoreVersion(DOCUMENT_ID))).toHaveLength(1));
    expect(api.callsTo('POST', DOCUMENT_CALLS.restoreVersion(DOCUMENT_ID))[0]?.body).toEqual({ versionNumber: 1 });
  });

  it('checks out for the hours chosen, then checks in against the version checked out', async () => {
    let document = documentView();
    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.get(DOCUMENT_ID)}`]: () => documentAnswers.document(document),
      [`POST ${DOCUMENT_CALLS.checkOut(DOCUMENT_ID)}`]: () => {
        document = documentView({ checkout: checkedOut(USER_ID, 'Ada Obi') });
        return documentAnswers.document(document);
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Check out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check out Lease.pdf' });
    const hours = await within(dialog).findByRole('textbox', { name: /Hours/ });
    await user.clear(hours);
    await user.type(hours, '24');
    await user.click(within(dialog).getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(api.callsTo('POST', DOCUMENT_CALLS.checkOut(DOCUMENT_ID))[0]?.body).toEqual({ hours: 24 }));

    expect(await screen.findByTestId('checkout-status')).toHaveTextContent('Checked out by Ada Obi until 06/03/2099 17:30');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    const checkIn = await screen.findByRole('dialog', { name: 'Check in Lease.pdf' });
    expect(within(checkIn).getByText(/Based on version 2/)).toBeInTheDocument();
    const input = checkIn.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['edited'], 'Lease.pdf', { type: 'application/pdf' }));
    await user.click(within(checkIn).getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(api.callsTo('POST', DOCUMENT_CALLS.checkIn(DOCUMENT_ID))).toHaveLength(1));
    expect(String(api.callsTo('POST', DOCUMENT_CALLS.checkIn(DOCUMENT_ID))[0]?.body)).toMatch(/name="BaseVersion"\r\n\r\n2\r\n/);
  });

  it('shows another user’s check-out; only an administrator may release it, after a warning', async () => {
    const answer = () => documentAnswers.document(documentView({ checkout: checkedOut('u2', 'Grace Hopper') }));
    stubApi({ [`GET ${DOCUMENT_CALLS.get(DOCUMENT_ID)}`]: answer });
    const { unmount } = renderPage();
    expect(await screen.findByTestId('checkout-status')).toHaveTextContent('Checked out by Grace Hopper');
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Release check-out' })).toBeNull();
    unmount();

    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.get(DOCUMENT_ID)}`]: answer,
      [`POST ${DOCUMENT_CALLS.releaseCheckOut(DOCUMENT_ID)}`]: answer,
    });
    const user = userEvent.setup();
    renderPage([...ALL_DOCUMENT_PERMISSIONS, ADMINISTRATOR]);
    await user.click(await screen.findByRole('button', { name: 'Release check-out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release the check-out?' });
    expect(within(dialog).getByText(/Grace Hopper may still be editing it/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Release check-out' }));
    await waitFor(() => expect(api.callsTo('POST', DOCUMENT_CALLS.releaseCheckOut(DOCUMENT_ID))).toHaveLength(1));
  });

  it('shares with the client and unshares, and shows what the client viewed', async () => {
    let document = documentView();
    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.get(DOCUMENT_ID)}`]: () => documentAnswers.document(document),
      [`POST ${DOCUMENT_CALLS.share(DOCUMENT_ID)}`]: () => {
        document = documentView({
          isSharedWithClient: true,
          sharedAt: '2024-03-07T10:00:00',
          clientAccesses: [
            {
              action: 'downloaded',
              versionNumber: 2,
              at: '2024-03-08T12:15:00',
              portalName: 'Kemi Adebayo',
              portalEmail: 'ada@client.test',
            },
          ],
        });
        return documentAnswers.document(document);
      },
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('The client has not viewed or downloaded it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Share with client' }));
    await waitFor(() => expect(api.callsTo('POST', DOCUMENT_CALLS.share(DOCUMENT_ID))[0]?.body).toEqual({ itemType: 'document' }));
    expect(await screen.findByRole('button', { name: 'Unshare' })).toBeInTheDocument();
    expect(screen.getByText('Kemi Adebayo (ada@client.test) downloaded version 2 on 08/03/2024 12:15')).toBeInTheDocument();
    expect(screen.getByText(/Shared with the client on 07\/03\/2024/)).toBeInTheDocument();
  });

  it('flags a conflict for a person to resolve, and never offers a quarantined file', async () => {
    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.get(DOCUMENT_ID)}`]: () =>
        documentAnswers.document(
          documentView({
            scanStatus: 'quarantined',
            hasConflict: true,
            versions: [documentVersion(2, { isConflict: true, basedOnVersion: 1, scanStatus: 'quarantined' }), documentVersion(1)],
          }),
        ),
      [`POST ${DOCUMENT_CALLS.resolveConflict(DOCUMENT_ID)}`]: () => documentAnswers.document(),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('quarantined by the virus scanner');
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Preview' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download version 2' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mark version 2 resolved' }));
    await waitFor(() => expect(api.callsTo('POST', DOCUMENT_CALLS.resolveConflict(DOCUMENT_ID))[0]?.body).toEqual({ versionNumber: 2 }));
  });

  it('uploads a new version with a note and its own progress bar', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Upload new version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a new version of Lease.pdf' });
    const input = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([new Uint8Array(3 * 1024)], 'Lease signed.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByText('3 KB')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Signed copy');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(api.callsTo('POST', DOCUMENT_CALLS.uploadVersion(DOCUMENT_ID))).toHaveLength(1));
    const body = String(api.callsTo('POST', DOCUMENT_CALLS.uploadVersion(DOCUMENT_ID))[0]?.body);
    expect(body).toMatch(/name="note"\r\n\r\nSigned copy\r\n/);
    expect(body.indexOf('name="note"')).toBeLessThan(body.indexOf('name="file"'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload a new version of Lease.pdf' })).toBeNull());
  });

  it('says when text could not be extracted, and offers an administrator alone a retry', async () => {
    let document = documentView({ textStatus: 'failed' });
    const answer = () => documentAnswers.document(document);
    stubApi({ [`GET ${DOCUMENT_CALLS.get(DOCUMENT_ID)}`]: answer });
    const { unmount } = renderPage();
    expect(await screen.findByText(DOCUMENT_MESSAGES.textNotExtracted)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry text extraction' })).toBeNull();
    unmount();

    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.get(DOCUMENT_ID)}`]: answer,
      [`POST ${DOCUMENT_CALLS.retryTextExtraction(DOCUMENT_ID)}`]: () => {
        document = documentView({ textStatus: 'pending' });
        return documentAnswers.document(document);
      },
    });
    const user = userEvent.setup();
    renderPage([...ALL_DOCUMENT_PERMISSIONS, ADMINISTRATOR]);
    await user.click(await screen.findByRole('button', { name: 'Retry text extraction' }));
    await waitFor(() => expect(api.callsTo('POST', DOCUMENT_CALLS.retryTextExtraction(DOCUMENT_ID))).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(DOCUMENT_MESSAGES.textNotExtracted)).toBeNull());
  });
});
