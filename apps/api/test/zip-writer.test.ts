import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import fc from 'fast-check';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { createZipWriter, type ZipEntry } from '../src/lib/zip-writer.ts';

type File = ZipEntry & { content: Buffer };

/** The zip of these files, its content streamed in chunks of at most `chunk` bytes. */
async function zipOf(files: File[], options: { zip64Above?: number; chunk?: number } = {}) {
  const zip = createZipWriter({ zip64Above: options.zip64Above });
  const written = buffer(zip.stream);
  for (const file of files) {
    const chunk = options.chunk ?? 64 * 1024;
    const chunks = Array.from({ length: Math.ceil(file.content.length / chunk) }, (_, index) =>
      file.content.subarray(index * chunk, (index + 1) * chunk),
    );
    await zip.add(Readable.from(chunks), file);
  }
  await zip.finish();
  return written;
}

/** Every file's name and bytes as JSZip reads them, each CRC-32 checked. */
async function readBack(zip: Buffer) {
  const archive = await JSZip.loadAsync(zip, { checkCRC32: true });
  const files = Object.values(archive.files).filter((file) => !file.dir);
  return Promise.all(
    files.map(async (file) => ({ name: file.name, content: Buffer.from(await file.async('uint8array')), date: file.date })),
  );
}

const files: File[] = [
  { name: 'Index.pdf', deflate: false, content: randomBytes(200_000), modifiedAt: new Date('2026-03-14T09:26:54Z') },
  { name: 'Pièces/Exhibit Ā – ☂.rtf', deflate: true, content: Buffer.from('{\\rtf1 Witness statement '.repeat(4_000)) },
  { name: 'Empty.txt', deflate: false, content: Buffer.alloc(0) },
  { name: 'Empty deflated.doc', deflate: true, content: Buffer.alloc(0) },
];

describe('the streaming zip writer', () => {
  it('writes stored and deflated entries that read back byte for byte, with UTF-8 names and the given dates', async () => {
    const zip = await zipOf(files);
    const read = await readBack(zip);
    expect(read.map(({ name, content }) => ({ name, content }))).toEqual(files.map(({ name, content }) => ({ name, content })));
    // DOS times have 2-second steps: 09:26:54 is kept exactly.
    expect(read[0]!.date.toISOString()).toBe('2026-03-14T09:26:54.000Z');
    // The deflated text is smaller than it was; the stored file is not.
    expect(zip.length).toBeLessThan(200_000 + files[1]!.content.length);
  });

  it('is read by Info-ZIP’s unzip as well, with and without Zip64: every CRC checked, the UTF-8 names kept', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'matterhorn-zip-'));
    try {
      for (const zip64Above of [undefined, 1_000]) {
        await writeFile(join(directory, 'test.zip'), await zipOf(files, { zip64Above }));
        const report = execFileSync('unzip', ['-t', join(directory, 'test.zip')], {
          encoding: 'utf8',
          env: { ...process.env, LC_ALL: 'C.UTF-8' },
        });
        expect(report).toContain('No errors detected');
        expect(report).not.toMatch(/warning|mismatch/i);
        for (const file of files) expect(report).toContain(`testing: ${file.name} `);
      }
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('writes Zip64 records once offsets pass the 32-bit limit (lowered here), and they read back', async () => {
    const zip = await zipOf(files, { zip64Above: 1_000 });
    // The Zip64 end of central directory record and its locator are there.
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x07]))).toBe(true);
    const read = await readBack(zip);
    expect(read.map(({ name, content }) => ({ name, content }))).toEqual(files.map(({ name, content }) => ({ name, content })));
  });

  it('round-trips any names, contents and chunking, with or without Zip64', async () => {
    const file = fc.record({
      // Names as the folder zip writes them: folder and file names joined by "/", none empty, "." or ".."
      // (readers resolve those as paths: JSZip reads "a/./b" as "a/b").
      name: fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
        .filter((name) => name.split('/').every((part) => part !== '' && part !== '.' && part !== '..')),
      deflate: fc.boolean(),
      content: fc.uint8Array({ maxLength: 5_000 }).map((bytes) => Buffer.from(bytes)),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(file, { minLength: 1, maxLength: 6, selector: (entry) => entry.name }),
        fc.integer({ min: 1, max: 4_096 }),
        fc.boolean(),
        async (entries, chunk, zip64) => {
          const read = await readBack(await zipOf(entries, { chunk, zip64Above: zip64 ? 100 : undefined }));
          expect(read.map(({ name, content }) => ({ name, content }))).toEqual(entries.map(({ name, content }) => ({ name, content })));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('stops with the content’s error, and when the reader goes away', async () => {
    const zip = createZipWriter();
    const failing = new Readable({
      read() {
        this.destroy(new Error('The file store failed'));
      },
    });
    await expect(zip.add(failing, { name: 'a.pdf', deflate: false })).rejects.toThrow('The file store failed');
    const abandoned = createZipWriter();
    abandoned.stream.destroy();
    await expect(abandoned.add(Readable.from([Buffer.from('x')]), { name: 'b.pdf', deflate: true })).rejects.toThrow(/closed/);
  });
});
