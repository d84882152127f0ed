import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_BASE, pdf, sha256 } from './support/document-fixture.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn } from './support/test-app.ts';

const BUCKET = 'matterhorn-direct';
/** Small enough to keep the test quick, large enough for two 8 MiB parts and a third, shorter one. */
const PART = 8 * 1024 * 1024;

/**
 * Files sent from the browser straight to the bucket (presigned multipart uploads): the parts go
 * to s3rver over real HTTP with the URLs the API signed, and the API files the document only when
 * what arrived has the size and SHA-256 declared and an allowed type.
 */
describe('direct uploads to an S3-compatible bucket', () => {
  const directory = mkdtempSync(join(tmpdir(), 'matterhorn-direct-'));
  let s3rver: S3rver;
  let endpoint: string;
  let app: FastifyInstance;
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let headers: Record<string, string>;
  let otherHeaders: Record<string, string>;
  let readerHeaders: Record<string, string>;
  let folderId: string;
  const bucketKeys = async () => {
    const client = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    return ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((object) => object.Key);
  };
  let firmId: string;
  const documentCount = async () =>
    (
      await context.database.withFirm(firmId, (tx) =>
        rowsOf<{ documents: number; versions: number }>(
          tx.execute(
            sql`select (select count(*)::int from documents) as documents, (select count(*)::int from document_versions) as versions`,
          ),
        ),
      )
    )[0];

  beforeAll(async () => {
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
    endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
    const s3 = { bucket: BUCKET, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
    context = await createTestApp();
    app = await (
      await import('../src/app.ts')
    ).buildApp({ ...context.config, files: { dataDir: context.config.dataDir, s3 } }, { database: context.database });
    await app.ready();
    const firm = await seedTestFirm(context.database);
    firmId = firm.firmId;
    const other = await seedTestFirm(context.database);
    headers = bearer(await signIn(app, firm.users.admin.email));
    otherHeaders = bearer(await signIn(app, other.users.admin.email));
    readerHeaders = bearer(await signIn(app, firm.users.billing.email));
    folderId = (await app.inject({ method: 'GET', url: `${DOCUMENT_BASE}/get-folder?MatterId=${firm.matterIds[0]}`, headers })).json().data
      .folder.id;
  });
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await context?.close().catch(() => undefined);
    await s3rver?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const start = (body: Record<string, unknown>, as = headers) =>
    app.inject({ method: 'POST', url: `${DOCUMENT_BASE}/start-upload`, headers: as, payload: body });
  const complete = (body: Record<string, unknown>, as = headers) =>
    app.inject({ method: 'POST', url: `${DOCUMENT_BASE}/complete-upload`, headers: as, payload: body });

  /** What the browser does: PUT each slice to its URL, keep the ETags. */
  async function sendParts(plan: { partSize: number; partUrls: string[] }, content: Buffer) {
    const parts = [];
    for (const [index, url] of plan.partUrls.entries()) {
      const response = await fetch(url, { method: 'PUT', body: content.subarray(index * plan.partSize, (index + 1) * plan.partSize) });
      expect(response.status).toBe(200);
      parts.push({ partNumber: index + 1, etag: response.headers.get('etag')! });
    }
    return parts;
  }

  it('says uploads go to the bucket, then files a document sent in parts, with the hash the server computed', async () => {
    const settings = await app.inject({ method: 'GET', url: `${DOCUMENT_BASE}/get-document-settings`, headers });
    expect(settings.json().data.isDirectUploadEnabled).toBe(true);
    const content = Buffer.concat([await pdf('Bundle', 'Trial bundle'), Buffer.alloc(2 * PART + 1234, 0x20)]);
    const started = await start({
      FolderId: folderId,
      fileName: 'Trial bundle.pdf',
      sizeBytes: content.length,
      sha256: sha256(content),
      tags: 'Trial',
    });
    expect(started.statusCode).toBe(201);
    const plan = started.json().data;
    expect(plan.partSize).toBe(PART);
    expect(plan.partUrls).toHaveLength(3);
    const parts = await sendParts(plan, content);
    const filed = await complete({ uploadToken: plan.uploadToken, parts });
    expect(filed.statusCode).toBe(201);
    const document = filed.json().data;
    expect(document.name).toBe('Trial bundle.pdf');
    expect(document.versions[0]).toMatchObject({ sizeBytes: content.length, sha256: sha256(content), contentType: 'application/pdf' });
    const download = await app.inject({ method: 'GET', url: `${DOCUMENT_BASE}/download-document/${document.id}`, headers });
    expect(sha256(download.rawPayload)).toBe(sha256(content));

    // Completed again (a double submit): refused, and the filed document keeps its file.
    const before = await documentCount();
    expect((await complete({ uploadToken: plan.uploadToken, parts })).statusCode).toBe(409);
    expect(await documentCount()).toEqual(before);
    const again = await app.inject({ method: 'GET', url: `${DOCUMENT_BASE}/download-document/${document.id}`, headers });
    expect(sha256(again.rawPayload)).toBe(sha256(content));

    // A new version the same way.
    const second = await pdf('Bundle', 'Trial bundle, paginated');
    const versionPlan = (
      await start({
        DocumentId: document.id,
        fileName: 'Trial bundle.pdf',
        sizeBytes: second.length,
        sha256: sha256(second),
        note: 'Paginated',
      })
    ).json().data;
    const versioned = await complete({ uploadToken: versionPlan.uploadToken, parts: await sendParts(versionPlan, second) });
    expect(versioned.statusCode).toBe(201);
    expect(versioned.json().data.currentVersionNumber).toBe(2);
  });

  it('removes what arrived and files nothing when its hash or type is not what was declared', async () => {
    const before = { documents: await documentCount(), keys: (await bucketKeys()).length };
    const content = await pdf('Letter', 'Before action');
    const tampered = (
      await start({ FolderId: folderId, fileName: 'Letter.pdf', sizeBytes: content.length, sha256: sha256(Buffer.from('something else')) })
    ).json().data;
    const refused = await complete({ uploadToken: tampered.uploadToken, parts: await sendParts(tampered, content) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/did not arrive intact/);

    const script = Buffer.from('#!/bin/sh\necho hello\n');
    const wrongType = (await start({ FolderId: folderId, fileName: 'Letter.pdf', sizeBytes: script.length, sha256: sha256(script) })).json()
      .data;
    expect((await complete({ uploadToken: wrongType.uploadToken, parts: await sendParts(wrongType, script) })).statusCode).toBe(415);

    expect(await documentCount()).toEqual(before.documents);
    expect((await bucketKeys()).length).toBe(before.keys);
  });

  it('files a text file sent straight to the bucket as text, and refuses a script named as one', async () => {
    const content = Buffer.from('Date,Payee,Amount\n2024-03-01,Court fee,1500.00\n');
    const plan = (
      await start({ FolderId: folderId, fileName: 'Disbursements.csv', sizeBytes: content.length, sha256: sha256(content) })
    ).json().data;
    const filed = await complete({ uploadToken: plan.uploadToken, parts: await sendParts(plan, content) });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().data).toMatchObject({ contentType: 'text/csv', sizeBytes: content.length, sha256: sha256(content) });

    const before = { documents: await documentCount(), keys: (await bucketKeys()).length };
    const script = Buffer.from('#!/bin/sh\necho hello\n');
    const scriptPlan = (
      await start({ FolderId: folderId, fileName: 'readme.txt', sizeBytes: script.length, sha256: sha256(script) })
    ).json().data;
    expect((await complete({ uploadToken: scriptPlan.uploadToken, parts: await sendParts(scriptPlan, script) })).statusCode).toBe(415);
    expect(await documentCount()).toEqual(before.documents);
    expect((await bucketKeys()).length).toBe(before.keys);
  });

  it('refuses another firm, another user’s token, a forged token, a taken name, the size limit and a missing permission', async () => {
    const content = await pdf('Memo', 'Memo');
    const body = { FolderId: folderId, fileName: 'Memo.pdf', sizeBytes: content.length, sha256: sha256(content) };
    expect((await start(body, otherHeaders)).statusCode).toBe(404);
    expect((await start(body, readerHeaders)).statusCode).toBe(403);
    expect((await start({ ...body, sizeBytes: context.config.documents.maxUploadBytes + 1 })).statusCode).toBe(413);
    expect((await start({ ...body, fileName: 'Trial bundle.pdf' })).statusCode).toBe(409);
    expect((await start({ ...body, DocumentId: folderId })).statusCode).toBe(400);

    const plan = (await start(body)).json().data;
    const parts = await sendParts(plan, content);
    expect((await complete({ uploadToken: plan.uploadToken, parts }, otherHeaders)).statusCode).toBe(404);
    const [payload] = plan.uploadToken.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), fileName: 'Forged.pdf' }),
    ).toString('base64url');
    expect((await complete({ uploadToken: `${forged}.${plan.uploadToken.split('.')[1]}`, parts })).statusCode).toBe(404);
    expect((await complete({ uploadToken: plan.uploadToken, parts })).statusCode).toBe(201);
  });
});

describe('direct uploads where files are on the server’s disk', () => {
  it('says so, and start-upload answers 409', async () => {
    const context = await createTestApp();
    try {
      const firm = await seedTestFirm(context.database);
      const headers = bearer(await signIn(context.app, firm.users.admin.email));
      const settings = await context.app.inject({ method: 'GET', url: `${DOCUMENT_BASE}/get-document-settings`, headers });
      expect(settings.json().data.isDirectUploadEnabled).toBe(false);
      const folderId = (
        await context.app.inject({ method: 'GET', url: `${DOCUMENT_BASE}/get-folder?MatterId=${firm.matterIds[0]}`, headers })
      ).json().data.folder.id;
      const content = await pdf('Memo', 'Memo');
      const started = await context.app.inject({
        method: 'POST',
        url: `${DOCUMENT_BASE}/start-upload`,
        headers,
        payload: { FolderId: folderId, fileName: 'Memo.pdf', sizeBytes: content.length, sha256: sha256(content) },
      });
      expect(started.statusCode).toBe(409);
    } finally {
      await context.close();
    }
  });
});
