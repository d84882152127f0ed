import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_BASE, multipart, pdf, setUpDocumentFixture, sha256, type DocumentFixture } from './support/document-fixture.ts';
import { bearer, createTestApp, seedTestFirm, signIn } from './support/test-app.ts';

describe('another firm’s ids', () => {
  let fixture: DocumentFixture;
  beforeAll(async () => {
    fixture = await setUpDocumentFixture();
  });
  afterAll(() => fixture.context.close());

  it('answer 404 on every call that takes an id, and change nothing', async () => {
    const folderId = await fixture.matterFolderId();
    const { id } = await fixture.uploadPdf(folderId, 'Private.pdf');
    const sub = (
      await fixture.call('POST', `${DOCUMENT_BASE}/create-folder`, fixture.tokens.admin, {
        parentFolderId: folderId,
        name: 'Private folder',
      })
    ).json().data;
    const before = await fixture.counts();
    const token = fixture.tokens.otherAdmin;
    const file = { fileName: 'x.pdf', content: await pdf('x') };
    const otherFolder = (
      await fixture.call('POST', `${DOCUMENT_BASE}/create-folder`, token, { parentFolderId: null, name: 'Theirs' })
    ).json().data.id;
    const calls: [string, () => Promise<{ statusCode: number }>][] = [
      ['get-folder', () => fixture.call('GET', `${DOCUMENT_BASE}/get-folder?FolderId=${folderId}`, token)],
      [
        'get-folder by matter',
        () => fixture.call('GET', `${DOCUMENT_BASE}/get-folder?MatterId=${fixture.references.openMatter.id}`, token),
      ],
      ['create-folder', () => fixture.call('POST', `${DOCUMENT_BASE}/create-folder`, token, { parentFolderId: folderId, name: 'x' })],
      ['rename-folder', () => fixture.call('PUT', `${DOCUMENT_BASE}/rename-folder/${sub.id}`, token, { name: 'x' })],
      ['delete-folder', () => fixture.call('DELETE', `${DOCUMENT_BASE}/delete-folder/${sub.id}`, token)],
      ['restore-folder', () => fixture.call('POST', `${DOCUMENT_BASE}/restore-folder/${sub.id}`, token)],
      ['move document', () => fixture.call('POST', `${DOCUMENT_BASE}/move`, token, { itemType: 'document', id, toFolderId: otherFolder })],
      [
        'move into',
        () => fixture.call('POST', `${DOCUMENT_BASE}/move`, token, { itemType: 'folder', id: otherFolder, toFolderId: folderId }),
      ],
      ['upload-document', () => fixture.upload(folderId, file, {}, token)],
      ['upload-new-version', () => fixture.send(`${DOCUMENT_BASE}/upload-new-version/${id}`, {}, file, token)],
      ['download-document', () => fixture.call('GET', `${DOCUMENT_BASE}/download-document/${id}`, token)],
      ['get-document', () => fixture.call('GET', `${DOCUMENT_BASE}/get-document/${id}`, token)],
      ['update-document', () => fixture.call('PUT', `${DOCUMENT_BASE}/update-document/${id}`, token, { name: 'x' })],
      ['restore-version', () => fixture.call('POST', `${DOCUMENT_BASE}/restore-version/${id}`, token, { versionNumber: 1 })],
      ['check-out', () => fixture.call('POST', `${DOCUMENT_BASE}/check-out/${id}`, token, {})],
      ['check-in', () => fixture.send(`${DOCUMENT_BASE}/check-in/${id}`, { BaseVersion: '1' }, file, token)],
      ['release-check-out', () => fixture.call('POST', `${DOCUMENT_BASE}/release-check-out/${id}`, token)],
      ['resolve-conflict', () => fixture.call('POST', `${DOCUMENT_BASE}/resolve-conflict/${id}`, token, { versionNumber: 1 })],
      ['share', () => fixture.call('POST', `${DOCUMENT_BASE}/share/${id}`, token, { itemType: 'document' })],
      ['unshare folder', () => fixture.call('POST', `${DOCUMENT_BASE}/unshare/${sub.id}`, token, { itemType: 'folder' })],
      ['delete-document', () => fixture.call('DELETE', `${DOCUMENT_BASE}/delete-document/${id}`, token)],
      ['restore-document', () => fixture.call('POST', `${DOCUMENT_BASE}/restore-document/${id}`, token)],
      ['download-folder-zip', () => fixture.call('GET', `${DOCUMENT_BASE}/download-folder-zip/${folderId}`, token)],
    ];
    for (const [name, call] of calls) expect([name, (await call()).statusCode]).toEqual([name, 404]);
    expect(await fixture.counts()).toEqual(before);
  });
});

describe('documents on an S3-compatible bucket (s3rver)', () => {
  const BUCKET = 'matterhorn-documents';
  const directory = mkdtempSync(join(tmpdir(), 'matterhorn-s3-'));
  let s3rver: S3rver;
  let endpoint: string;
  beforeAll(async () => {
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
    endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
  });
  afterAll(async () => {
    await s3rver.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('uploads, adds a version, downloads and restores through the bucket', async () => {
    const s3 = { bucket: BUCKET, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
    const context = await createTestApp();
    const app = await (
      await import('../src/app.ts')
    ).buildApp({ ...context.config, files: { dataDir: context.config.dataDir, s3 } }, { database: context.database });
    try {
      await app.ready();
      const firm = await seedTestFirm(context.database);
      const headers = bearer(await signIn(app, firm.users.admin.email));
      const folder = (await app.inject({ method: 'GET', url: `${DOCUMENT_BASE}/get-folder?MatterId=${firm.matterIds[0]}`, headers })).json()
        .data.folder.id;
      const send = async (url: string, fields: Record<string, string>, content: Buffer) => {
        const body = multipart(fields, { fileName: 'Brief.pdf', content });
        return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, 'content-type': body.contentType } });
      };
      const first = await pdf('Brief', 'First');
      const uploaded = await send(`${DOCUMENT_BASE}/upload-document`, { FolderId: folder }, first);
      expect(uploaded.statusCode).toBe(201);
      const id = uploaded.json().data.id;
      expect((await send(`${DOCUMENT_BASE}/upload-new-version/${id}`, {}, await pdf('Brief', 'Second'))).statusCode).toBe(201);
      const restored = await app.inject({
        method: 'POST',
        url: `${DOCUMENT_BASE}/restore-version/${id}`,
        headers,
        payload: { versionNumber: 1 },
      });
      expect(restored.json().data.currentVersionNumber).toBe(3);
      const download = await app.inject({ method: 'GET', url: `${DOCUMENT_BASE}/download-document/${id}`, headers });
      expect(sha256(download.rawPayload)).toBe(sha256(first));
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const keys = ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((object) => object.Key);
      expect(keys).toHaveLength(3);
    } finally {
      await app.close().catch(() => undefined);
      await context.close().catch(() => undefined);
    }
  });
});
