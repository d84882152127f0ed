import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_BASE, pdf, setUpDocumentFixture, sha256, type DocumentFixture, type MultipartFile } from './support/document-fixture.ts';
import { bearer, signInToPortal } from './support/test-app.ts';

/** A PDF by its first bytes, a web page with a script by the rest: opened as x.html, the script would run. */
const PDF_HOLDING_A_SCRIPT = Buffer.from('%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(4096)]);

let fixture: DocumentFixture;
let folderId: string;
let clientMatterId: string;
let portalToken: string;

beforeAll(async () => {
  fixture = await setUpDocumentFixture();
  folderId = await fixture.matterFolderId();
  clientMatterId = fixture.references.matters.find((matter) => matter.clientId === fixture.firm.portalClient.clientId)!.id;
  portalToken = (await signInToPortal(fixture.context.app, fixture.firm.slug, fixture.firm.portalClient.email)).token;
});
afterAll(() => fixture.context.close());

const firmDownload = (id: string, version?: number) =>
  fixture.call('GET', `${DOCUMENT_BASE}/download-document/${id}${version ? `?Version=${version}` : ''}`, fixture.tokens.admin);
const portalGet = (url: string) => fixture.context.app.inject({ method: 'GET', url, headers: bearer(portalToken) });
const portalUpload = (url: string, fields: Record<string, string>, file: MultipartFile) => fixture.send(url, fields, file, portalToken);

/** The name a browser saves the download under, and the type it is told the file is. */
const savedAs = (response: Awaited<ReturnType<typeof firmDownload>>) => ({
  status: response.statusCode,
  disposition: response.headers['content-disposition'],
  contentType: response.headers['content-type'],
});
const attachmentNamed = (name: string) => `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;

describe("a stored file's name ends in the type its content was found to be", () => {
  it('files a PDF named x.html through upload-document as x.html.pdf, and downloads it only under that name', async () => {
    const response = await fixture.upload(folderId, { fileName: 'x.html', content: PDF_HOLDING_A_SCRIPT });
    expect(response.statusCode, response.body).toBe(201);
    const view = response.json().data;
    expect(view).toMatchObject({ name: 'x.html.pdf', contentType: 'application/pdf', sha256: sha256(PDF_HOLDING_A_SCRIPT) });
    expect(view.versions[0].fileName).toBe('x.html.pdf');
    const download = await firmDownload(view.id);
    expect(savedAs(download)).toEqual({ status: 200, disposition: attachmentNamed('x.html.pdf'), contentType: 'application/pdf' });
    expect(download.rawPayload.equals(PDF_HOLDING_A_SCRIPT)).toBe(true);
    const preview = await fixture.call('GET', `${DOCUMENT_BASE}/download-document/${view.id}?inline=true`, fixture.tokens.admin);
    expect(preview.headers['content-disposition']).toMatch(/^inline; filename="x\.html\.pdf"/);
  });

  it('names a new version by its own content too', async () => {
    const { id } = await fixture.uploadPdf(folderId, 'Witness statement.pdf');
    const version = await fixture.send(
      `${DOCUMENT_BASE}/upload-new-version/${id}`,
      {},
      { fileName: 'statement.htm', content: PDF_HOLDING_A_SCRIPT },
    );
    expect(version.statusCode, version.body).toBe(201);
    expect(version.json().data.versions[0]).toMatchObject({ versionNumber: 2, fileName: 'statement.htm.pdf' });
    expect(savedAs(await firmDownload(id, 2)).disposition).toBe(attachmentNamed('statement.htm.pdf'));
  });

  it('keeps the name of a file that already ends in its type: brief.pdf, and a JPEG named .jpeg or .jpg', async () => {
    for (const [fileName, content, contentType] of [
      ['brief.pdf', await pdf('Brief'), 'application/pdf'],
      ['Site photo.jpeg', JPEG, 'image/jpeg'],
      ['Site photo.jpg', JPEG, 'image/jpeg'],
    ] as const) {
      const response = await fixture.upload(folderId, { fileName, content });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data.name).toBe(fileName);
      expect(savedAs(await firmDownload(response.json().data.id))).toEqual({
        status: 200,
        disposition: attachmentNamed(fileName),
        contentType,
      });
    }
  });

  it('files a portal client’s PDF named x.html as x.html.pdf, for the firm and for the client', async () => {
    const response = await portalUpload(
      '/api/client-portal/upload-document',
      { MatterId: clientMatterId },
      { fileName: 'x.html', content: PDF_HOLDING_A_SCRIPT },
    );
    expect(response.statusCode, response.body).toBe(201);
    const { id, name } = response.json().data;
    expect(name).toBe('x.html.pdf');
    const expected = { status: 200, disposition: attachmentNamed('x.html.pdf'), contentType: 'application/pdf' };
    expect(savedAs(await firmDownload(id))).toEqual(expected);
    expect(savedAs(await portalGet(`/api/client-portal/download-document/${id}`))).toEqual(expected);
    const listed = (await portalGet('/api/client-portal/get-documents'))
      .json()
      .data.data.find((document: { id: string }) => document.id === id);
    expect(listed.name).toBe('x.html.pdf');
  });

  it('keeps a portal client’s statement.pdf as it is', async () => {
    const response = await portalUpload(
      '/api/client-portal/upload-document',
      { MatterId: clientMatterId },
      { fileName: 'statement.pdf', content: await pdf('Statement') },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.name).toBe('statement.pdf');
    expect(savedAs(await firmDownload(response.json().data.id)).disposition).toBe(attachmentNamed('statement.pdf'));
  });

  it('files a message attachment the client sends, a PDF named letter.html, as letter.html.pdf on the message', async () => {
    const uploaded = await portalUpload(
      '/api/client-portal/upload-message-attachment',
      { MatterId: clientMatterId },
      { fileName: 'letter.html', content: PDF_HOLDING_A_SCRIPT },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().data).toMatchObject({ fileName: 'letter.html.pdf', contentType: 'application/pdf' });
    const sent = await fixture.context.app.inject({
      method: 'POST',
      url: '/api/client-portal/send-message',
      headers: bearer(portalToken),
      payload: { matterId: clientMatterId, body: 'The document you asked for', attachmentIds: [uploaded.json().data.id] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [attachment] = sent.json().data.attachments;
    expect(attachment.fileName).toBe('letter.html.pdf');
    const download = await fixture.call(
      'GET',
      `/api/admin/client-portal/download-message-attachment/${attachment.id}`,
      fixture.tokens.admin,
    );
    expect(savedAs(download)).toEqual({ status: 200, disposition: attachmentNamed('letter.html.pdf'), contentType: 'application/pdf' });
  });
});
