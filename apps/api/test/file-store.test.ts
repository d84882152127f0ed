import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore, recordStoredFile, storeUpload, type FileStore, type UploadRules } from '../src/platform/files/files.ts';

const RECEIPT: UploadRules = {
  what: 'Receipt',
  maxBytes: 1024 * 1024,
  types: { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/heic': 'HEIC' },
};

/** Real files' first bytes: a 1×1 PNG, a PDF, a JPEG, an HEIC photo's file-type box. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n'), Buffer.alloc(bytes, 0x20), Buffer.from('\n%%EOF\n')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(200, 1)]);
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
  Buffer.alloc(64),
]);

/** A stream in small chunks, as an upload arrives. */
const arriving = (content: Buffer) => ({
  content: Readable.from(
    (function* () {
      for (let offset = 0; offset < content.length; offset += 16 * 1024) yield content.subarray(offset, offset + 16 * 1024);
    })(),
  ),
  fileName: 'receipt',
});

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('no file');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const directories: string[] = [];
const temporary = () => {
  const directory = mkdtempSync(join(tmpdir(), 'matterhorn-files-'));
  directories.push(directory);
  return directory;
};

let s3rver: S3rver;
let bucketUrl: string;
const BUCKET = 'matterhorn-test';

beforeAll(async () => {
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: temporary(), configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3rver.run();
  bucketUrl = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3rver.close();
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

type Backend = { store: FileStore; keys: () => Promise<string[]> };

const backends: [name: string, open: () => Backend][] = [
  [
    'files under DATA_DIR/files',
    () => {
      const dataDir = temporary();
      const store = createFileStore({ dataDir, s3: null });
      const keys = async () =>
        readdirSync(join(dataDir, 'files'), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => entry.name);
      return { store, keys };
    },
  ],
  [
    'an S3-compatible bucket (s3rver)',
    () => {
      const settings = {
        bucket: BUCKET,
        endpoint: bucketUrl,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      };
      const store = createFileStore({ dataDir: temporary(), s3: settings });
      const client = new S3Client({ ...settings, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
      const keys = async () =>
        ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((object) => object.Key!);
      return { store, keys };
    },
  ],
];

describe.each(backends)('the file store: %s', (_name, open) => {
  let backend: Backend;
  beforeAll(() => {
    backend = open();
  });

  it.each([
    ['a PNG', ONE_PIXEL_PNG, 'image/png', 'png'],
    ['a PDF of 900 KB, in chunks', pdf(900 * 1024), 'application/pdf', 'pdf'],
    ['a JPEG', JPEG, 'image/jpeg', 'jpg'],
    ['an HEIC photo', HEIC, 'image/heic', 'heic'],
  ])('stores %s under an unguessable key and gives back the same bytes', async (_title, content, contentType, extension) => {
    const stored = await storeUpload(backend.store, arriving(content), RECEIPT);
    expect(stored).toMatchObject({ size: content.length, contentType, extension, fileName: `receipt.${extension}` });
    expect(stored.key).toMatch(/^[\w-]{32}$/);
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await bytesOf(await backend.store.read(stored.key))).equals(content)).toBe(true);
  });

  it('gives two uploads of the same file two keys', async () => {
    const [first, second] = [
      await storeUpload(backend.store, arriving(JPEG), RECEIPT),
      await storeUpload(backend.store, arriving(JPEG), RECEIPT),
    ];
    expect(first.key).not.toBe(second.key);
    expect(first.sha256).toBe(second.sha256);
  });

  it.each([
    ['plain text named like a PDF', Buffer.from('not really a receipt.pdf\n'.repeat(50))],
    ['a Windows program', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)])],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['a GIF (an image, but not an allowed one)', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)])],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s by its content, and stores nothing', async (_title, content) => {
    const before = await backend.keys();
    await expect(storeUpload(backend.store, arriving(content), RECEIPT)).rejects.toMatchObject({
      statusCode: 415,
      message: 'Receipt must be a PDF, JPEG, PNG or HEIC file',
    });
    expect(await backend.keys()).toEqual(before);
  });

  it('refuses a file past the limit as it arrives, and leaves nothing of it', async () => {
    const before = await backend.keys();
    await expect(storeUpload(backend.store, arriving(pdf(RECEIPT.maxBytes)), RECEIPT)).rejects.toMatchObject({
      statusCode: 413,
      message: 'Receipt must be at most 1 MB',
    });
    expect(await backend.keys()).toEqual(before);
  });

  it('removes a stored file whose record fails to save (no orphans), and keeps one whose record saves', async () => {
    const failed = await storeUpload(backend.store, arriving(ONE_PIXEL_PNG), RECEIPT);
    await expect(recordStoredFile(backend.store, failed, () => Promise.reject(new Error('the insert failed')))).rejects.toThrow(
      'the insert failed',
    );
    expect(await backend.store.read(failed.key)).toBeNull();
    const saved = await storeUpload(backend.store, arriving(ONE_PIXEL_PNG), RECEIPT);
    expect(await recordStoredFile(backend.store, saved, () => Promise.resolve('row'))).toBe('row');
    expect(await backend.keys()).toContain(saved.key);
  });

  it('answers null for a key it does not hold, and removes a missing key quietly', async () => {
    expect(await backend.store.read('no-such-key-0000000000000000000000')).toBeNull();
    await expect(backend.store.remove('no-such-key-0000000000000000000000')).resolves.toBeUndefined();
  });
});
