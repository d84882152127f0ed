import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import multipartPlugin from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../src/platform/files/multipart-upload.ts';
import { registerUploadReceiving } from '../src/platform/files/upload-receiver.ts';
import { multipart, PNG } from './support/document-fixture.ts';
import { bearer, createTestApp, seedTestFirm, signIn, signInToPortal, type TestContext } from './support/test-app.ts';

const IDLE_TIMEOUT_MS = 300;
let context: TestContext;
let firmToken: string;
let portalToken: string;
let matterId: string;

beforeAll(async () => {
  context = await createTestApp({ uploadIdleTimeoutMs: IDLE_TIMEOUT_MS });
  const firm = await seedTestFirm(context.database);
  firmToken = await signIn(context.app, firm.users.admin.email);
  portalToken = (await signInToPortal(context.app, firm.slug, firm.portalClient.email)).token;
  matterId = firm.matterIds[0]!;
});
afterAll(() => context.close());

const anyId = randomUUID();
/** Every route that takes a file, and who sends it. */
const UPLOAD_ROUTES: { url: string; side: 'firm' | 'portal' }[] = [
  { url: '/api/admin/document/upload-document', side: 'firm' },
  { url: `/api/admin/document/upload-new-version/${anyId}`, side: 'firm' },
  { url: `/api/admin/document/check-in/${anyId}`, side: 'firm' },
  { url: '/api/client-portal/upload-document', side: 'portal' },
  { url: '/api/admin/client-portal/upload-message-attachment', side: 'firm' },
  { url: '/api/client-portal/upload-message-attachment', side: 'portal' },
  { url: '/api/client-portal/report-bank-transfer', side: 'portal' },
  { url: `/api/admin/expense-flat-fees-info/upload-expense-receipt/${anyId}`, side: 'firm' },
  { url: `/api/admin/progress-update/progress-note/${anyId}/attachments`, side: 'firm' },
  { url: `/api/admin/trust-account/import-bank-statement/${anyId}`, side: 'firm' },
];

const tokenOf = (side: 'firm' | 'portal') => (side === 'firm' ? firmToken : portalToken);
const send = (url: string, token: string, body: { payload: Buffer | PassThrough | string; contentType: string }, headers = {}) =>
  context.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...bearer(token), 'content-type': body.contentType, ...headers },
  });
const waitingUploads = () => readdir(join(context.config.dataDir, 'incoming'));

describe('receiving an upload before anything else', () => {
  it('is how every route takes a file: none reads a multipart body itself, and one that takes multipart must declare its upload', async () => {
    const sources = await readdir(join(import.meta.dirname, '../src'), { recursive: true });
    for (const source of sources.filter((name) => name.endsWith('.ts'))) {
      const text = await readFile(join(import.meta.dirname, '../src', source), 'utf8');
      expect(text, source).not.toMatch(/request\.(file|files|parts|saveRequestFiles)\(/);
    }
    const app = Fastify();
    await app.register(multipartPlugin);
    registerUploadReceiving(app, { directory: join(context.config.dataDir, 'incoming'), idleTimeoutMs: IDLE_TIMEOUT_MS });
    expect(() => app.post('/upload', { schema: { consumes: ['multipart/form-data'] } }, async () => null)).toThrow(/config.upload/);
    await app.close();
  });

  it.each(UPLOAD_ROUTES)(
    'answers 400 "The file is empty" at once to an empty file on $url, with an Idempotency-Key too',
    async ({ url, side }) => {
      const empty = multipart({ MatterId: matterId }, { fileName: 'empty.pdf', content: Buffer.alloc(0) });
      const response = await send(url, tokenOf(side), empty, { 'idempotency-key': `empty-${randomUUID()}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: 'The file is empty', data: null });
      expect(await waitingUploads()).toEqual([]);
    },
  );

  it.each(UPLOAD_ROUTES)('answers 408 to a body that stops arriving on $url, and closes the connection', async ({ url, side }) => {
    const body = new PassThrough();
    const boundary = `----stall${randomUUID()}`;
    body.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`);
    body.write(PNG.subarray(0, 20));
    const started = Date.now();
    const response = await send(
      url,
      tokenOf(side),
      { payload: body, contentType: `multipart/form-data; boundary=${boundary}` },
      { 'idempotency-key': `stall-${randomUUID()}` },
    );
    body.destroy();
    expect(response.statusCode).toBe(408);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.stalled);
    expect(response.headers.connection).toBe('close');
    expect(Date.now() - started).toBeLessThan(IDLE_TIMEOUT_MS + 2000);
    expect(await waitingUploads()).toEqual([]);
  });

  it('answers 400, never 500, to multipart without a boundary, cut off, or not multipart at all', async () => {
    const url = UPLOAD_ROUTES[0]!.url;
    const noBoundary = await send(url, firmToken, { payload: 'anything', contentType: 'multipart/form-data' });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().message).toBe(UPLOAD_MESSAGES.malformed);

    const whole = multipart({ FolderId: anyId }, { fileName: 'a.png', content: PNG });
    const cutOff = await send(url, firmToken, {
      payload: whole.payload.subarray(0, whole.payload.length - 60),
      contentType: whole.contentType,
    });
    expect(cutOff.statusCode).toBe(400);
    expect(cutOff.json().message).toBe(UPLOAD_MESSAGES.incomplete);

    const garbage = await send(url, firmToken, { payload: 'no parts here at all', contentType: 'multipart/form-data; boundary=xyz' });
    expect(garbage.statusCode).toBe(400);

    const empty = await send(url, firmToken, { payload: '', contentType: 'multipart/form-data; boundary=xyz' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose a file to upload');

    const json = await send(url, firmToken, { payload: '{}', contentType: 'application/json' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(UPLOAD_MESSAGES.notMultipart);
    expect(await waitingUploads()).toEqual([]);
  });

  it('refuses a NUL or an unpaired surrogate in a form field with 400, as it does in JSON', async () => {
    const url = UPLOAD_ROUTES[0]!.url;
    const withNul = multipart({ FolderId: anyId, description: 'before\u0000after' }, { fileName: 'a.png', content: PNG });
    const nul = await send(url, firmToken, withNul);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      message: 'description contains a character that cannot be stored (a NUL or an unpaired surrogate)',
      errors: { description: 'description contains a character that cannot be stored (a NUL or an unpaired surrogate)' },
    });

    // A part may declare its charset: in UTF-16 a lone high surrogate is two bytes.
    const boundary = `----surrogate${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\nContent-Type: text/plain; charset=utf-16le\r\n\r\n`,
      ),
      Buffer.from([0x61, 0x00, 0x00, 0xd8, 0x62, 0x00]),
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const surrogate = await send(url, firmToken, { payload, contentType: `multipart/form-data; boundary=${boundary}` });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().message).toBe('description contains a character that cannot be stored (a NUL or an unpaired surrogate)');
    expect(await waitingUploads()).toEqual([]);
  });

  it('files a whole upload once per Idempotency-Key, refuses the key with another file, and keeps no temporary file', async () => {
    const folder = await context.app.inject({
      method: 'GET',
      url: `/api/admin/document/get-folder?MatterId=${matterId}`,
      headers: bearer(firmToken),
    });
    const folderId = folder.json().data.folder.id as string;
    const key = `upload-${randomUUID()}`;
    const first = await send(UPLOAD_ROUTES[0]!.url, firmToken, multipart({ FolderId: folderId }, { fileName: 'pixel.png', content: PNG }), {
      'idempotency-key': key,
    });
    expect(first.statusCode).toBe(201);
    const again = await send(UPLOAD_ROUTES[0]!.url, firmToken, multipart({ FolderId: folderId }, { fileName: 'pixel.png', content: PNG }), {
      'idempotency-key': key,
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    const otherFile = Buffer.concat([PNG, Buffer.from([0])]);
    const reused = await send(
      UPLOAD_ROUTES[0]!.url,
      firmToken,
      multipart({ FolderId: folderId }, { fileName: 'pixel.png', content: otherFile }),
      {
        'idempotency-key': key,
      },
    );
    expect(reused.statusCode).toBe(422);
    expect(await waitingUploads()).toEqual([]);
  });
});

describe('a malformed multipart body over a real connection', () => {
  let origin: string;
  beforeAll(async () => {
    origin = await context.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** A file and ten more fields: eleven parts, past the parser's limit of parts. */
  const elevenParts = () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'a.png');
    for (let index = 1; index <= 10; index++) form.append(`f${index}`, 'x');
    return form;
  };

  it.each([
    { url: '/api/public/intake/demo/general-enquiry/upload-file', headers: {} },
    { url: '/api/admin/document/upload-document', headers: 'firm' },
  ])('answers 400 in the envelope at once to eleven parts on $url, and keeps nothing', async ({ url, headers }) => {
    const response = await fetch(`${origin}${url}`, {
      method: 'POST',
      body: elevenParts(),
      headers: headers === 'firm' ? bearer(firmToken) : {},
      signal: AbortSignal.timeout(5000),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, message: UPLOAD_MESSAGES.tooManyFields, data: null });
    expect(await waitingUploads()).toEqual([]);
  });
});
