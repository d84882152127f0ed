import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createHash } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { envelope } from '../../../test/msw/envelope.ts';
import {
  DOCUMENT_CALLS,
  DOCUMENT_ID,
  DOCUMENT_SETTINGS,
  documentAnswers,
  documentListItem,
  folderContents,
  MATTER_FOLDER_ID,
} from '../../../test/msw/document-answers.ts';
import { server } from '../../../test/msw/server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { UploadPanel } from '../components/upload-panel.tsx';
import { allowSlowRenders, sessionWith, stubApi } from './stub-documents.ts';

allowSlowRenders();

const fileOf = (name: string, bytes: number, type = 'application/pdf') => new File([new Uint8Array(bytes)], name, { type });

function renderPanel() {
  return renderRoutes([{ path: '/', element: <UploadPanel folderId={MATTER_FOLDER_ID} /> }], { session: sessionWith() });
}

describe('UploadPanel', { timeout: 60_000 }, () => {
  it('uploads dropped files one request each, with a progress bar, size and result per file; a taken name offers a new version', async () => {
    const api = stubApi({
      // The folder of that name, as the "Upload as a new version" offer looks the document up.
      [`GET ${DOCUMENT_CALLS.folder}`]: () => documentAnswers.folder(folderContents({}, [documentListItem({ name: 'Lease.pdf' })])),
    });
    let releaseFirst: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const uploads: string[] = [];
    server.use(
      http.post(`/api${DOCUMENT_CALLS.upload.slice('/api'.length)}`, async ({ request }) => {
        const body = await request.text();
        uploads.push(body);
        // Requests leave in the order the files were dropped (jsdom's File reaches MSW without its name).
        if (uploads.length === 2) {
          return envelope(null, {
            status: 409,
            message: 'A document named "Lease.pdf" is already in this folder: upload it as a new version',
          });
        }
        await firstHeld;
        return envelope(documentAnswers.document().data, { message: 'Document uploaded' });
      }),
    );
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText(/Scanning is off/)).toBeInTheDocument();

    const dropzone = screen.getByTestId('document-dropzone');
    const files = [fileOf('Witness statement.pdf', 1536), fileOf('Lease.pdf', 2 * 1024 * 1024)];
    fireEvent.drop(dropzone, {
      dataTransfer: { files, items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })), types: ['Files'] },
    });

    const items = await screen.findAllByTestId('upload-item');
    expect(items).toHaveLength(2);
    const statement = items.find((item) => within(item).queryByText('Witness statement.pdf'))!;
    expect(within(statement).getByText('1.5 KB')).toBeInTheDocument();
    expect(within(statement).getByRole('progressbar', { name: 'Uploading Witness statement.pdf' })).toBeInTheDocument();
    expect(within(statement).getByText(/%$/)).toBeInTheDocument();

    const lease = items.find((item) => within(item).queryByText('Lease.pdf'))!;
    expect(within(lease).getByText('2 MB')).toBeInTheDocument();
    expect(await within(lease).findByText(/already in this folder/)).toBeInTheDocument();

    releaseFirst();
    expect(await within(statement).findByText('Uploaded')).toBeInTheDocument();
    expect(uploads).toHaveLength(2);
    // The folder goes before the file, so the server knows where the bytes go before they stream in.
    for (const body of uploads) expect(body.indexOf('name="FolderId"')).toBeLessThan(body.indexOf('name="file"'));
    expect(uploads.every((body) => body.includes(MATTER_FOLDER_ID))).toBe(true);

    await user.click(await within(lease).findByRole('button', { name: 'Upload as a new version' }));
    expect(await within(lease).findByText('Uploaded as a new version')).toBeInTheDocument();
    expect(api.callsTo('POST', DOCUMENT_CALLS.uploadVersion(DOCUMENT_ID))).toHaveLength(1);
  });

  it('has an Upload files button for the keyboard', async () => {
    stubApi();
    const user = userEvent.setup();
    const { container } = renderPanel();
    expect(await screen.findByRole('button', { name: 'Upload files' })).toBeInTheDocument();
    const inputs = [...container.ownerDocument.querySelectorAll<HTMLInputElement>('input[type="file"]')];
    const buttonInput = inputs.find((input) => !screen.getByTestId('document-dropzone').contains(input))!;
    await user.upload(buttonInput, fileOf('Notes.pdf', 100));
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
  });

  it('sends a file straight to the bucket where the firm keeps files there: its hash, each part to its URL, the ETags to complete', async () => {
    const content = new Uint8Array(3000).map((_, index) => index % 251);
    const api = stubApi({
      [`GET ${DOCUMENT_CALLS.settings}`]: () => documentAnswers.settings({ ...DOCUMENT_SETTINGS, isDirectUploadEnabled: true }),
      [`POST ${DOCUMENT_CALLS.settings.replace('get-document-settings', 'start-upload')}`]: () => ({
        data: {
          uploadToken: 'signed-token',
          partSize: 2048,
          partUrls: ['http://bucket.test/key?partNumber=1', 'http://bucket.test/key?partNumber=2'],
        },
      }),
      [`POST ${DOCUMENT_CALLS.settings.replace('get-document-settings', 'complete-upload')}`]: () => documentAnswers.document(),
    });
    const parts: number[] = [];
    server.use(
      http.put('http://bucket.test/key', async ({ request }) => {
        parts.push((await request.arrayBuffer()).byteLength);
        return new HttpResponse(null, { headers: { ETag: `"etag-${new URL(request.url).searchParams.get('partNumber')}"` } });
      }),
    );
    renderPanel();
    const dropzone = await screen.findByTestId('document-dropzone');
    await waitFor(() => expect(api.callsTo('GET', DOCUMENT_CALLS.settings).length).toBeGreaterThan(0));
    const file = new File([content], 'Bundle.pdf', { type: 'application/pdf' });
    fireEvent.drop(dropzone, {
      dataTransfer: { files: [file], items: [{ kind: 'file', type: file.type, getAsFile: () => file }], types: ['Files'] },
    });

    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    const [start] = api.callsTo('POST', DOCUMENT_CALLS.settings.replace('get-document-settings', 'start-upload'));
    expect(start!.body).toEqual({
      FolderId: MATTER_FOLDER_ID,
      fileName: 'Bundle.pdf',
      sizeBytes: 3000,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
    expect(parts).toEqual([2048, 952]);
    const [complete] = api.callsTo('POST', DOCUMENT_CALLS.settings.replace('get-document-settings', 'complete-upload'));
    expect(complete!.body).toEqual({
      uploadToken: 'signed-token',
      parts: [
        { partNumber: 1, etag: '"etag-1"' },
        { partNumber: 2, etag: '"etag-2"' },
      ],
    });
    expect(api.callsTo('POST', DOCUMENT_CALLS.upload)).toHaveLength(0);
  });
});
