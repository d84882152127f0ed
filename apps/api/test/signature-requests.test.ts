import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_REQUEST_MESSAGES } from '@matterhorn/shared';
import { createDocumentProcessing } from '../src/modules/documents/document-processing.ts';
import { createDocumentsApi } from '../src/modules/documents/documents.api.ts';
import { runSigningClock, sealWaitingRequests } from '../src/modules/signature-requests/signature-requests.api.ts';
import { createFileStore } from '../src/platform/files/files.ts';
import { DOCUMENT_BASE, pdf, PNG, setUpDocumentFixture, sha256, type DocumentFixture } from './support/document-fixture.ts';
import { pdfText, pdfTextRuns } from './support/pdf-text.ts';
import { readOutbox, signInOtherPortalClient, signInToPortal } from './support/test-app.ts';

const BASE = '/api/admin/signature-requests';
const run = promisify(execFile);
const DRAWN = `data:image/png;base64,${PNG.toString('base64')}`;
const BROWSER = { 'user-agent': 'SignerPhone/1.0 (test)' };

let fixture: DocumentFixture;
let folderId: string;
let directory: string;

beforeAll(async () => {
  fixture = await setUpDocumentFixture();
  folderId = await fixture.matterFolderId();
  directory = await mkdtemp(join(tmpdir(), 'signed-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
  await fixture.context.close();
});

const expiresOn = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
const field = (signerIndex: number, kind: string, page = 1, y = 0.8) => ({ signerIndex, kind, page, x: 0.1, y, width: 0.3, height: 0.05 });
const signer = (name: string) => ({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@signers.example`, kind: 'other' });

async function uploadLetter(name: string) {
  return fixture.uploadPdf(folderId, `${name}.pdf`, name, 'The client engages the firm.');
}

async function send(body: Record<string, unknown>, token = fixture.tokens.admin, headers: Record<string, string> = {}) {
  return fixture.call(
    'POST',
    `${BASE}/create-request`,
    token,
    { title: 'Engagement letter', expiresOn: expiresOn(), signingOrder: 'allAtOnce', ...body },
    headers,
  );
}

/** The token of the signer's newest emailed link. */
async function linkOf(email: string): Promise<string> {
  const link = (await readOutbox(fixture.context.config))
    .filter((message) => message.to === email && message.link?.includes('/sign/'))
    .at(-1)?.link;
  if (!link) throw new Error(`no signing link emailed to ${email}`);
  return link.slice(link.lastIndexOf('/') + 1);
}

const signing = (method: 'GET' | 'POST', token: string, step = '', payload?: unknown) =>
  fixture.context.app.inject({ method, url: `/api/public/signing/${token}${step}`, payload: payload as never, headers: BROWSER });

/** What the hourly job gets from server.ts. */
function signingDeps() {
  const { app, config, database } = fixture.context;
  const documents = createDocumentsApi({
    database,
    files: createFileStore(config.files),
    processing: createDocumentProcessing({ config, logger: app.log }),
    maxUploadBytes: config.documents.maxUploadBytes,
  });
  return { database, outbox: app.outbox, documents, appUrl: config.appUrl, appSecret: config.appSecret };
}

/** Rows that a refused call must leave as they were. */
const written = () =>
  fixture.sqlRows<Record<string, number>>(
    sql`select (select count(*)::int from signature_requests) as requests, (select count(*)::int from signature_request_events) as events,
      (select count(*)::int from signature_request_signers where status = 'Signed') as signed, (select count(*)::int from outgoing_messages) as emails,
      (select count(*)::int from document_versions) as versions`,
  );

async function openAndConsent(email: string) {
  const token = await linkOf(email);
  expect((await signing('POST', token, '/consent', { isAgreed: true })).statusCode).toBe(200);
  return token;
}

describe('a two-signer request in order, end to end', () => {
  it('is sent, signed by each in turn, sealed, filed as a new version and verified by pdfsig and qpdf', async () => {
    const letter = await uploadLetter('Engagement letter');
    const first = signer('Adaeze Okafor');
    const second = { ...signer('Bola Ade'), kind: 'firmUser', userId: fixture.firm.users.admin.id };
    const body = {
      documentId: letter.id,
      signingOrder: 'inOrder',
      message: 'Please sign by Friday.',
      signers: [first, second],
      fields: [
        field(0, 'signature'),
        field(0, 'date', 1, 0.9),
        field(1, 'signature', 1, 0.6),
        field(1, 'initials', 1, 0.5),
        field(1, 'name', 1, 0.4),
      ],
    };
    const sent = await send(body, fixture.tokens.admin, { 'idempotency-key': 'sign-e2e-0001' });
    expect(sent.statusCode).toBe(201);
    const request = sent.json().data;
    expect(request).toMatchObject({ status: 'Sent', documentSha256: sha256(letter.content), openSignerCount: 1 });
    expect(request.signers.map((s: { status: string }) => s.status)).toEqual(['Sent', 'Waiting']);
    const replay = await send(body, fixture.tokens.admin, { 'idempotency-key': 'sign-e2e-0001' });
    expect(replay.json().data.id).toBe(request.id);

    const firstToken = await linkOf(first.email);
    await expect(linkOf(second.email)).rejects.toThrow('no signing link');
    const view = (await signing('GET', firstToken)).json().data;
    expect(view).toMatchObject({ signerName: 'Adaeze Okafor', requestStatus: 'Sent', signerStatus: 'Viewed', notice: null });
    expect(view.fields).toHaveLength(2);
    const read = await signing('GET', firstToken, '/document');
    expect(sha256(read.rawPayload)).toBe(request.documentSha256);
    const early = await signing('POST', firstToken, '/sign', {
      signature: { kind: 'typed', text: 'Adaeze Okafor' },
      initials: null,
      fieldIds: [],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Agree to sign electronically before you sign');

    await openAndConsent(first.email);
    const signatureField = view.fields.find((f: { kind: string }) => f.kind === 'signature').id;
    const signed = await signing('POST', firstToken, '/sign', {
      signature: { kind: 'typed', text: 'Adaeze Okafor' },
      initials: null,
      fieldIds: [signatureField],
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().data).toMatchObject({ signerStatus: 'Signed', requestStatus: 'Sent', fields: [], documentUrl: null });

    const secondToken = await openAndConsent(second.email);
    const secondFields = (await signing('GET', secondToken)).json().data.fields as { id: string; kind: string }[];
    expect(secondFields.map((f) => f.kind)).toEqual(['signature', 'initials', 'name']);
    const last = await signing('POST', secondToken, '/sign', {
      signature: { kind: 'drawn', image: DRAWN },
      initials: { kind: 'typed', text: 'BA' },
      fieldIds: secondFields.filter((f) => f.kind !== 'name').map((f) => f.id),
    });
    expect(last.statusCode).toBe(200);
    expect(last.json().data.requestStatus).toBe('Sealing');

    // The sealing job runs after the answer: the signer's answer did not wait for it.
    await fixture.context.app.afterResponse.settled();
    const done = (await fixture.call('GET', `${BASE}/get-request/${request.id}`, fixture.tokens.admin)).json().data;
    expect(done).toMatchObject({ status: 'Completed', signedVersionNumber: 2, openSignerCount: 0 });
    expect(done.events.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['created', 'viewed', 'consented', 'signed', 'sealed']),
    );
    expect(done.events.find((e: { kind: string }) => e.kind === 'signed')).toMatchObject({ userAgent: BROWSER['user-agent'] });
    const listed = (await fixture.call('GET', `${BASE}/get-requests?DocumentId=${letter.id}&Status=Completed`, fixture.tokens.admin)).json()
      .data;
    expect(listed).toMatchObject({ totalCount: 1, data: [{ id: request.id, signedCount: 2, signerNames: ['Adaeze Okafor', 'Bola Ade'] }] });
    const document = (await fixture.call('GET', `${DOCUMENT_BASE}/get-document/${letter.id}`, fixture.tokens.admin)).json().data;
    expect(document.currentVersionNumber).toBe(2);
    expect((await signing('GET', firstToken)).json().data).toMatchObject({
      requestStatus: 'Completed',
      fields: [],
      notice: expect.stringContaining('Everyone has signed'),
    });

    const sealed = (await fixture.call('GET', `${BASE}/download-signed-pdf/${request.id}`, fixture.tokens.admin)).rawPayload;
    expect(sha256(sealed)).toBe(document.sha256);
    const signedPath = join(directory, 'signed.pdf');
    await writeFile(signedPath, sealed);
    const verified = await run('pdfsig', [signedPath]);
    expect(verified.stdout).toContain('Signature is Valid.');
    expect(verified.stdout).toContain('Total document signed');
    expect(verified.stdout).toContain('ETSI.CAdES.detached');
    await run('qpdf', ['--check', signedPath]);
    // A byte changed inside the signed range (the header's binary comment): the seal no longer matches.
    const tampered = Buffer.from(sealed);
    tampered[11] = tampered[11]! ^ 0x01;
    const tamperedPath = join(directory, 'tampered.pdf');
    await writeFile(tamperedPath, tampered);
    const refused = await run('pdfsig', [tamperedPath]).catch((error: { stdout: string }) => error);
    expect(refused.stdout).not.toContain('Signature is Valid.');
    expect(refused.stdout).toMatch(/Signature is Invalid|Digest Mismatch/);

    // The places' fractions are of the page from its top-left corner: the typed signature lies inside its box (x 0.1–0.4, y 0.8–0.85 of A4).
    const stamped = (await pdfTextRuns(sealed))[0]!.find((run) => run.text === 'Adaeze Okafor')!;
    expect(stamped.left).toBeGreaterThanOrEqual(0.1 * 595);
    expect(stamped.right).toBeLessThanOrEqual(0.4 * 595);
    expect(stamped.top).toBeGreaterThanOrEqual(0.8 * 842 - 1);
    expect(stamped.bottom).toBeLessThanOrEqual(0.85 * 842 + 1);
    const certificate = (await pdfText(sealed)).at(-1)!;
    expect(certificate).toContain('Certificate of signing');
    expect(certificate).toContain('Adaeze Okafor');
    expect(certificate).toContain(request.documentSha256);
    expect(certificate).toContain('SignerPhone/1.0');
    const emails = (await readOutbox(fixture.context.config)).filter((m) => m.subject === 'Signed by everyone: Engagement letter');
    expect(emails.map((m) => m.to).sort()).toEqual(expect.arrayContaining([first.email, second.email]));
    expect(emails[0]!.attachments?.[0]).toMatchObject({ contentType: 'application/pdf' });

    const before = await written();
    const again = await signing('POST', firstToken, '/sign', {
      signature: { kind: 'typed', text: 'Adaeze Okafor' },
      initials: null,
      fieldIds: [signatureField],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Everyone has signed this document. The signed copy was emailed to you. Nothing is left to sign.');
    expect((await signing('GET', firstToken, '/document')).statusCode).toBe(409);
    expect(await written()).toEqual(before);
  });
});

/** A letter that runs a script on opening, carries an attached program and a link that launches one. */
async function letterWithActiveContent(): Promise<Buffer> {
  const document = await PDFDocument.load(await pdf('Letter with scripts', 'The client engages the firm.'));
  const { context, catalog } = document;
  const script = (code: string) => context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(code) });
  catalog.set(PDFName.of('OpenAction'), context.register(script('app.alert("opened")')));
  catalog.set(PDFName.of('AA'), context.obj({ WC: context.register(script('app.alert("closing")')) }));
  await document.attach(Buffer.from('MZ payload'), 'payload.exe', { mimeType: 'application/octet-stream' });
  const names = catalog.lookup(PDFName.of('Names'), PDFDict);
  names.set(PDFName.of('JavaScript'), context.obj({ Names: [PDFString.of('greeting'), context.register(script('app.alert("hi")'))] }));
  const launch = context.obj({ Type: 'Action', S: 'Launch', F: PDFString.of('calc.exe') });
  const link = context.register(context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 100, 20], Border: [0, 0, 0], A: launch }));
  document.getPage(0).node.set(PDFName.of('Annots'), context.obj([link]));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

describe('a letter carrying scripts', () => {
  it('is read by the signer and sealed and e-mailed without its scripts, launch actions or embedded files, and the seal still verifies', async () => {
    const content = await letterWithActiveContent();
    const uploaded = await fixture.upload(folderId, { fileName: 'Scripted letter.pdf', content });
    expect(uploaded.statusCode).toBe(201);
    const person = signer('Efe Script');
    const sent = await send({ documentId: uploaded.json().data.id, signers: [person], fields: [field(0, 'signature')] });
    expect(sent.statusCode).toBe(201);
    const token = await openAndConsent(person.email);
    const read = await signing('GET', token, '/document');
    expect(read.headers['content-type']).toBe('application/pdf');
    const readPath = join(directory, 'scripted-read.pdf');
    await writeFile(readPath, read.rawPayload);
    const fields = (await signing('GET', token)).json().data.fields as { id: string }[];
    const signed = await signing('POST', token, '/sign', {
      signature: { kind: 'typed', text: 'Efe Script' },
      initials: null,
      fieldIds: fields.map((f) => f.id),
    });
    expect(signed.statusCode).toBe(200);
    await fixture.context.app.afterResponse.settled();

    const sealed = (await fixture.call('GET', `${BASE}/download-signed-pdf/${sent.json().data.id}`, fixture.tokens.admin)).rawPayload;
    const emailed = (await readOutbox(fixture.context.config)).find(
      (m) => m.to === person.email && m.subject === 'Signed by everyone: Engagement letter',
    );
    expect(emailed?.attachments?.[0]).toMatchObject({ contentType: 'application/pdf' });
    const sealedPath = join(directory, 'scripted-sealed.pdf');
    await writeFile(sealedPath, sealed);
    // The original's objects, uncompressed: what a reader would find in the file.
    const before = join(directory, 'scripted-original.pdf');
    await writeFile(before, content);
    const readable = async (path: string) =>
      (await run('qpdf', ['--qdf', '--object-streams=disable', path, '-'], { encoding: 'latin1' })).stdout;
    const original = await readable(before);
    for (const marker of ['/JavaScript', '/OpenAction', '/Launch', '/EmbeddedFile', 'app.alert', 'MZ payload'])
      expect(original).toContain(marker);
    const copy = (await readable(sealedPath)) + (await readable(readPath));
    for (const marker of [
      '/JavaScript',
      '/OpenAction',
      '/Launch',
      '/EmbeddedFile',
      '/AA',
      'app.alert',
      'calc.exe',
      'MZ payload',
      'payload.exe',
    ])
      expect(copy).not.toContain(marker);
    expect(copy).toContain('/Subtype /Link');
    expect((await run('pdfsig', [sealedPath])).stdout).toContain('Signature is Valid.');
    await run('qpdf', ['--check', sealedPath]);
    expect((await pdfText(sealed))[0]).toContain('The client engages the firm.');
  });
});

describe('refusals, each writing nothing', () => {
  it('answers 404 for another firm’s request and an unknown link', async () => {
    const letter = await uploadLetter('Other firm check');
    const { id } = (await send({ documentId: letter.id, signers: [signer('Chika Obi')], fields: [field(0, 'signature')] })).json().data;
    const before = await written();
    for (const [method, path] of [
      ['GET', `get-request/${id}`],
      ['POST', `void-request/${id}`],
      ['POST', `remind-signers/${id}`],
      ['GET', `download-signed-pdf/${id}`],
    ] as const)
      expect(
        (await fixture.call(method, `${BASE}/${path}`, fixture.tokens.otherAdmin, method === 'POST' ? { reason: 'x' } : undefined))
          .statusCode,
      ).toBe(404);
    expect((await signing('GET', 'A'.repeat(43))).statusCode).toBe(404);
    expect(await written()).toEqual(before);
  });

  it('refuses a place left unsigned and an oversized drawn signature', async () => {
    const letter = await uploadLetter('Places');
    const person = signer('Dayo Bello');
    await send({ documentId: letter.id, signers: [person], fields: [field(0, 'signature'), field(0, 'initials', 1, 0.5)] });
    const token = await openAndConsent(person.email);
    const fields = (await signing('GET', token)).json().data.fields as { id: string }[];
    const before = await written();
    const missing = await signing('POST', token, '/sign', {
      signature: { kind: 'typed', text: 'Dayo' },
      initials: { kind: 'typed', text: 'DB' },
      fieldIds: [fields[0]!.id],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(SIGNATURE_REQUEST_MESSAGES.fieldMissing);
    const huge = `data:image/png;base64,${'A'.repeat(100_000)}`;
    const oversized = await signing('POST', token, '/sign', {
      signature: { kind: 'drawn', image: huge },
      initials: null,
      fieldIds: fields.map((f) => f.id),
    });
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json().message).toContain('too large');
    expect(await written()).toEqual(before);
  });

  it('refuses to sign a document changed after it was sent', async () => {
    const letter = await uploadLetter('Changed');
    const person = signer('Efe Ude');
    await send({ documentId: letter.id, signers: [person], fields: [field(0, 'signature')] });
    const token = await openAndConsent(person.email);
    const fieldIds = ((await signing('GET', token)).json().data.fields as { id: string }[]).map((f) => f.id);
    const changed = await fixture.send(
      `${DOCUMENT_BASE}/upload-new-version/${letter.id}`,
      {},
      { fileName: 'Changed.pdf', content: await pdf('Changed', 'Other terms') },
    );
    expect(changed.statusCode).toBe(201);
    const before = await written();
    const refused = await signing('POST', token, '/sign', { signature: { kind: 'typed', text: 'Efe' }, initials: null, fieldIds });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SIGNATURE_REQUEST_MESSAGES.documentChanged);
    expect(await written()).toEqual(before);
  });

  it('signs nothing on a withdrawn, declined or expired request, and says what happened', async () => {
    const voidable = await uploadLetter('Withdrawn');
    const [ann, ben] = [signer('Ann Eze'), signer('Ben Kalu')];
    const { id } = (
      await send({ documentId: voidable.id, signers: [ann, ben], fields: [field(0, 'signature'), field(1, 'signature', 1, 0.5)] })
    ).json().data;
    const annToken = await openAndConsent(ann.email);
    const voided = await fixture.call('POST', `${BASE}/void-request/${id}`, fixture.tokens.admin, { reason: 'Terms changed' });
    expect(voided.json().data.status).toBe('Voided');
    expect((await readOutbox(fixture.context.config)).some((m) => m.to === ben.email && m.subject === 'Withdrawn: Engagement letter')).toBe(
      true,
    );

    const declinable = await uploadLetter('Declined');
    const [cara, dan] = [signer('Cara Musa'), signer('Dan Idris')];
    await send({ documentId: declinable.id, signers: [cara, dan], fields: [field(0, 'signature'), field(1, 'signature', 1, 0.5)] });
    const caraToken = await linkOf(cara.email);
    const danToken = await openAndConsent(dan.email);
    expect((await signing('POST', caraToken, '/decline', { reason: 'Fee too high' })).json().data.signerStatus).toBe('Declined');

    const expiring = await uploadLetter('Expired');
    const eve = signer('Eve Nnamdi');
    const expired = (await send({ documentId: expiring.id, signers: [eve], fields: [field(0, 'signature')] })).json().data;
    const eveToken = await openAndConsent(eve.email);
    await fixture.sqlRows(sql`update signature_requests set expires_at = now() - interval '1 minute' where id = ${expired.id}`);

    const before = await written();
    for (const [token, outcome] of [
      [annToken, 'The sender withdrew this request'],
      [danToken, 'A signer declined this request'],
      [eveToken, 'This request expired'],
    ] as const) {
      const view = (await signing('GET', token)).json().data;
      expect(view.notice).toContain(outcome);
      expect(view).toMatchObject({ fields: [], documentUrl: null });
      const refused = await signing('POST', token, '/sign', { signature: { kind: 'typed', text: 'X' }, initials: null, fieldIds: [] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain(outcome);
    }
    expect(await written()).toEqual(before);
    await runSigningClock(signingDeps());
    expect((await fixture.call('GET', `${BASE}/get-request/${expired.id}`, fixture.tokens.admin)).json().data.status).toBe('Expired');
  });
});

describe('page images for the signing page', () => {
  const isPng = (content: Buffer) => content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const pngSize = (content: Buffer) => ({ width: content.readUInt32BE(16), height: content.readUInt32BE(20) });

  it('draws a page once, answers its size first, refuses a page the document does not have, and a withdrawn link', async () => {
    const letter = await uploadLetter('Page images');
    const person = signer('Gbenga Page');
    const { id } = (await send({ documentId: letter.id, signers: [person], fields: [field(0, 'signature')] })).json().data;
    const token = await linkOf(person.email);

    const layout = await signing('GET', token, '/pages');
    expect(layout.statusCode).toBe(200);
    expect(layout.headers['cache-control']).toBe('no-store');
    const { width, pages } = layout.json().data as { width: number; pages: { width: number; height: number }[] };
    expect(pages).toHaveLength(1);
    // An A4 page: √2 times as tall as wide.
    expect(pages[0]!.height / pages[0]!.width).toBeCloseTo(Math.SQRT2, 2);

    const page = await signing('GET', token, '/pages/1');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    expect(isPng(page.rawPayload)).toBe(true);
    expect(pngSize(page.rawPayload)).toEqual({ width, height: expect.closeTo(pages[0]!.height, 0) });
    const again = await signing('GET', token, '/pages/1');
    expect(again.rawPayload.equals(page.rawPayload)).toBe(true);

    expect((await signing('GET', token, '/pages/2')).statusCode).toBe(404);
    expect((await signing('GET', token, '/pages/0')).statusCode).toBe(400);
    expect((await signing('GET', token, '/pages/one')).statusCode).toBe(400);
    expect((await signing('GET', 'B'.repeat(43), '/pages/1')).statusCode).toBe(404);

    await fixture.call('POST', `${BASE}/void-request/${id}`, fixture.tokens.admin, { reason: 'Wrong letter' });
    for (const step of ['/pages', '/pages/1']) {
      const refused = await signing('GET', token, step);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('The sender withdrew this request');
    }
  });

  it('shows another firm’s signer only their own firm’s document', async () => {
    const ours = await uploadLetter('Our two-word letter');
    const ourSigner = signer('Hauwa Ours');
    await send({ documentId: ours.id, signers: [ourSigner], fields: [field(0, 'signature')] });
    const ourPage = (await signing('GET', await linkOf(ourSigner.email), '/pages/1')).rawPayload;

    const otherFolder = (
      await fixture.call('POST', `${DOCUMENT_BASE}/create-folder`, fixture.tokens.otherAdmin, { parentFolderId: null, name: 'Letters' })
    ).json().data.id as string;
    const theirs = await fixture.upload(
      otherFolder,
      { fileName: 'Their letter.pdf', content: await pdf('Another firm', 'Entirely different terms of another firm, at length') },
      {},
      fixture.tokens.otherAdmin,
    );
    expect(theirs.statusCode).toBe(201);
    const theirSigner = signer('Ifeoma Theirs');
    expect(
      (
        await send(
          { documentId: theirs.json().data.id, signers: [theirSigner], fields: [field(0, 'signature')] },
          fixture.tokens.otherAdmin,
        )
      ).statusCode,
    ).toBe(201);
    const theirToken = await linkOf(theirSigner.email);
    const theirPage = await signing('GET', theirToken, '/pages/1');
    expect(theirPage.statusCode).toBe(200);
    expect(theirPage.rawPayload.equals(ourPage)).toBe(false);
    expect((await signing('GET', theirToken, '/pages/2')).statusCode).toBe(404);
  });
});

describe('a request stuck in Sealing', () => {
  it('stops after 5 failed attempts, tells the sender and the administrators once, and Try again queues it again', async () => {
    const letter = await uploadLetter('Stuck sealing');
    const person = signer('Jide Stuck');
    const { id } = (await send({ documentId: letter.id, signers: [person], fields: [field(0, 'signature')] })).json().data;
    // Everyone signed, but the stored PDF no longer matches the hash recorded when it was sent: every attempt fails.
    await fixture.sqlRows(sql`update signature_requests set status = 'Sealing', document_sha256 = ${'0'.repeat(64)} where id = ${id}`);
    const deps = signingDeps();
    const failureEmails = async () =>
      (await readOutbox(fixture.context.config))
        .filter((message) => message.subject === 'Sealing failed: Engagement letter')
        .map((m) => m.to);
    const view = async () => (await fixture.call('GET', `${BASE}/get-request/${id}`, fixture.tokens.admin)).json().data;

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await failureEmails()).toEqual([]);
      expect((await view()).isSealingFailed).toBe(false);
      await sealWaitingRequests(deps);
      // The next run comes after the failed attempt's lease.
      if (attempt < 5)
        await fixture.sqlRows(sql`update signature_requests set sealing_lease_until = now() - interval '1 second' where id = ${id}`);
    }
    const failed = await view();
    expect(failed).toMatchObject({ status: 'Sealing', isSealingFailed: true });
    expect(failed.events.filter((event: { kind: string }) => event.kind === 'sealingFailed')).toHaveLength(1);
    // The sender is the administrator here: one email each to the firm's administrators.
    const told = await failureEmails();
    expect(told).toContain(fixture.firm.users.admin.email);
    expect(new Set(told).size).toBe(told.length);
    await sealWaitingRequests(deps);
    expect(await failureEmails()).toEqual(told);
    expect((await fixture.call('GET', `${BASE}/get-requests?Status=Sealing`, fixture.tokens.admin)).json().data.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, isSealingFailed: true })]),
    );

    const before = await written();
    expect((await fixture.call('POST', `${BASE}/retry-sealing/${id}`, fixture.tokens.billing)).statusCode).toBe(403);
    expect((await fixture.call('POST', `${BASE}/retry-sealing/${id}`, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    expect(await written()).toEqual(before);
    const retried = await fixture.call('POST', `${BASE}/retry-sealing/${id}`, fixture.tokens.feeEarner);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'Sealing', isSealingFailed: false });
    expect(retried.json().data.events.at(-1)).toMatchObject({ kind: 'sealingRetried' });
    // Queued again: the sealing run after the answer takes it (and fails once more, as its PDF still does not match).
    await expect
      .poll(
        async () =>
          (
            await fixture.sqlRows<{ attempts: number }>(sql`select sealing_attempts as attempts from signature_requests where id = ${id}`)
          )[0]!.attempts,
      )
      .toBe(1);
    const again = await fixture.call('POST', `${BASE}/retry-sealing/${id}`, fixture.tokens.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('try again only after sealing has failed');
  });
});

describe('reminders', () => {
  it('emails a signer who has not signed again after 3 days, and not twice within 3 days', async () => {
    const letter = await uploadLetter('Reminded');
    const person = signer('Femi Lawal');
    const { id } = (await send({ documentId: letter.id, signers: [person], fields: [field(0, 'signature')] })).json().data;
    await fixture.sqlRows(sql`update signature_request_signers set sent_at = now() - interval '4 days' where request_id = ${id}`);
    const reminders = async () =>
      (await readOutbox(fixture.context.config)).filter((m) => m.to === person.email && m.subject.startsWith('Reminder')).length;
    await runSigningClock(signingDeps());
    await runSigningClock(signingDeps());
    expect(await reminders()).toBe(1);
  });
});

describe('the portal', () => {
  it('lists the signed-in client’s requests with their link while theirs to sign, and nothing to another client', async () => {
    const { firm, references } = fixture;
    const matter = references.matters.find((row) => row.clientId === firm.portalClient.clientId)!;
    const letter = await fixture.uploadPdf(await fixture.matterFolderId(matter.id), 'Portal letter.pdf', 'Portal letter');
    const person = { name: 'Portal Client', email: firm.portalClient.email, kind: 'clientContact' };
    await send({ documentId: letter.id, signers: [person], fields: [field(0, 'signature')] });
    const portal = (await signInToPortal(fixture.context.app, firm.slug, firm.portalClient.email)).token;
    const listed = (await fixture.call('GET', '/api/client-portal/get-signature-requests', portal)).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      title: 'Engagement letter',
      documentName: 'Portal letter.pdf',
      signerStatus: 'Sent',
      signingToken: await linkOf(person.email),
    });
    const other = await signInOtherPortalClient(fixture.context, firm);
    expect((await fixture.call('GET', '/api/client-portal/get-signature-requests', other)).json().data).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two signers signing at the same moment (PostgreSQL)', () => {
  it('keeps both signatures and seals once', async () => {
    const letter = await uploadLetter('Race');
    const [one, two] = [signer('Gbenga One'), signer('Halima Two')];
    const { id } = (
      await send({ documentId: letter.id, signers: [one, two], fields: [field(0, 'signature'), field(1, 'signature', 1, 0.5)] })
    ).json().data;
    const tokens = [await openAndConsent(one.email), await openAndConsent(two.email)];
    const fieldIds = await Promise.all(
      tokens.map(async (token) => ((await signing('GET', token)).json().data.fields as { id: string }[]).map((f) => f.id)),
    );
    const answers = await Promise.all(
      tokens.map((token, index) =>
        signing('POST', token, '/sign', {
          signature: { kind: 'typed', text: `Signer ${index}` },
          initials: null,
          fieldIds: fieldIds[index],
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.filter((answer) => answer.json().data.requestStatus === 'Sealing')).toHaveLength(1);
    await fixture.context.app.afterResponse.settled();
    const done = (await fixture.call('GET', `${BASE}/get-request/${id}`, fixture.tokens.admin)).json().data;
    expect(done.status).toBe('Completed');
    expect(done.signers.map((s: { status: string }) => s.status)).toEqual(['Signed', 'Signed']);
    expect(done.events.filter((e: { kind: string }) => e.kind === 'sealed')).toHaveLength(1);
  });
});
