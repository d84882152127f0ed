import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEXT_ATTEMPTS } from '../src/modules/documents/document-processing-work.ts';
import { TEMPLATE_MESSAGES } from '../src/modules/documents/document-templates.ts';
import { createDocumentWork } from '../src/modules/documents/document-work.ts';
import { checkZipEntries, DEFAULT_ZIP_LIMITS, ZipRefusedError } from '../src/platform/files/zip-guard.ts';
import { SandboxFailure } from '../src/platform/sandbox/sandbox.ts';
import { DOCX, processingDependencies, runJob } from './document-processing-fixture.ts';
import { DOCUMENT_BASE, setUpDocumentFixture, type DocumentFixture } from './support/document-fixture.ts';
import { makeDocx, templatesFolderOf } from './support/docx-template.ts';
import { bearer, signInToPortal } from './support/test-app.ts';
import { bombDocx } from './support/zip-bombs.ts';

/**
 * A .docx built to inflate far past what a Word document holds must fail only its own job or
 * request: the zip guard refuses it before a parser inflates it, and parsing runs in the document
 * worker, whose heap and time are limited. The bombs are built here, never committed.
 */
let fixture: DocumentFixture;
let portalToken: string;
let clientMatterId: string;
let bomb: Buffer;

const MEGABYTE = 1024 * 1024;

beforeAll(async () => {
  fixture = await setUpDocumentFixture();
  clientMatterId = fixture.references.matters.find((matter) => matter.clientId === fixture.firm.portalClient.clientId)!.id;
  portalToken = (await signInToPortal(fixture.context.app, fixture.firm.slug, fixture.firm.portalClient.email)).token;
  bomb = await bombDocx({ megabytes: 150 });
}, 60_000);
afterAll(() => fixture.context.close());

/** The highest resident set size of this process (the API's) while `work` runs, sampled every 5 ms. */
async function peakRssWhile(work: () => Promise<unknown>): Promise<{ before: number; peak: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return { before, peak: Math.max(peak, process.memoryUsage().rss) };
}

const currentVersion = async (documentId: string) => {
  const response = await fixture.call('GET', `${DOCUMENT_BASE}/get-document/${documentId}`, fixture.tokens.admin);
  expect(response.statusCode).toBe(200);
  return response.json().data as { textStatus: string; versions: { textStatus: string }[] };
};

describe('the zip guard', () => {
  it('refuses, with the default caps, a 150 MB document.xml in a few hundred KB, and a central directory that understates a part', async () => {
    expect(bomb.length).toBeLessThan(600 * 1024);
    await expect(checkZipEntries(bomb, DEFAULT_ZIP_LIMITS)).rejects.toMatchObject({ name: 'ZipRefusedError', isTooLarge: true });
    // Declares a 1 MB body and inflates to 20: stopped once it passes what it declared.
    const liar = await bombDocx({ megabytes: 20, declaredMegabytes: 1 });
    await expect(checkZipEntries(liar, { ...DEFAULT_ZIP_LIMITS, maxRatio: 1_000_000 })).rejects.toThrow(
      /inflates past the \d+ bytes it declares/,
    );
    // Within every cap but 100:1: repeated text far denser than any real document.
    await expect(checkZipEntries(await bombDocx({ megabytes: 5 }))).rejects.toThrow(/inflates|declares/);
    await expect(checkZipEntries(makeDocx(['An ordinary letter']))).resolves.toBeUndefined();
    await expect(checkZipEntries(Buffer.from('not a zip'))).rejects.toBeInstanceOf(ZipRefusedError);
  });
});

describe('a bomb uploaded by a portal client', () => {
  it('fails its own job three times and is parked as failed; the API answers throughout; an administrator retries it', async () => {
    const upload = await fixture.send(
      '/api/client-portal/upload-document',
      { MatterId: clientMatterId },
      { fileName: 'Signed contract.docx', content: bomb },
      portalToken,
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const documentId = upload.json().data.id as string;
    const job = processingDependencies(fixture.context, { scanner: null, isOcrEnabled: false });

    const memory = await peakRssWhile(async () => {
      for (let attempt = 1; attempt <= MAX_TEXT_ATTEMPTS; attempt += 1) {
        const [ran, health] = await Promise.all([runJob(job), fixture.context.app.inject({ method: 'GET', url: '/api/health' })]);
        expect(ran).toBeGreaterThanOrEqual(1);
        expect(health.statusCode).toBe(200);
        expect((await currentVersion(documentId)).versions[0]!.textStatus).toBe(attempt < MAX_TEXT_ATTEMPTS ? 'pending' : 'failed');
      }
    });
    console.info(
      `API process RSS while the 150 MB bomb was processed 3 times: ${(memory.before / MEGABYTE).toFixed(0)} MB before, ` +
        `${(memory.peak / MEGABYTE).toFixed(0)} MB peak (+${((memory.peak - memory.before) / MEGABYTE).toFixed(1)} MB)`,
    );
    // The body never reaches this process inflated: far less than the 150 MB it would take.
    expect(memory.peak - memory.before).toBeLessThan(50 * MEGABYTE);
    expect((await currentVersion(documentId)).textStatus).toBe('failed');
    // Parked: a run, as at start-up, leaves it alone.
    await expect(runJob(job)).resolves.toBe(0);

    const byFeeEarner = await fixture.call('POST', `${DOCUMENT_BASE}/retry-text-extraction/${documentId}`, fixture.tokens.feeEarner);
    expect(byFeeEarner.statusCode).toBe(403);
    const retried = await fixture.call('POST', `${DOCUMENT_BASE}/retry-text-extraction/${documentId}`, fixture.tokens.admin);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.textStatus).toBe('pending');
    await expect(runJob(job)).resolves.toBe(1);
    expect((await currentVersion(documentId)).textStatus).toBe('pending');
    const again = await fixture.call('POST', `${DOCUMENT_BASE}/retry-text-extraction/${documentId}`, fixture.tokens.admin);
    expect(again.statusCode).toBe(400);
  }, 60_000);

  it('a file that passes the guard but outgrows the worker fails only the worker, and is read once an administrator retries with room', async () => {
    const upload = await fixture.send(
      '/api/client-portal/upload-document',
      { MatterId: clientMatterId },
      {
        fileName: 'Long statement.docx',
        content: makeDocx(Array.from({ length: 2_000 }, (_, index) => `Paragraph ${index} of the statement`)),
      },
      portalToken,
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const documentId = upload.json().data.id as string;
    // A worker given no time at all: each attempt is stopped, as one out of memory would be.
    const starved = createDocumentWork({ ...fixture.context.config.documentWorker, timeoutMs: 1 });
    const job = processingDependencies(fixture.context, { scanner: null, isOcrEnabled: false, work: starved });
    try {
      for (let attempt = 1; attempt <= MAX_TEXT_ATTEMPTS; attempt += 1) await runJob({ ...job, work: starved });
    } finally {
      await starved.close();
    }
    expect((await currentVersion(documentId)).textStatus).toBe('failed');
    expect((await fixture.call('POST', `${DOCUMENT_BASE}/retry-text-extraction/${documentId}`, fixture.tokens.admin)).statusCode).toBe(200);
    await runJob(processingDependencies(fixture.context, { scanner: null, isOcrEnabled: false }));
    expect((await currentVersion(documentId)).textStatus).toBe('extracted');
  }, 60_000);
});

describe('a bomb in the Templates folder', () => {
  it('is listed without fields while get-templates answers, and generating from it is refused with a 400', async () => {
    const templatesFolderId = await templatesFolderOf(fixture.context.database, fixture.firm.firmId);
    const letter = await fixture.upload(templatesFolderId, { fileName: 'Letter.docx', content: makeDocx(['Dear {client.name},']) });
    const trap = await fixture.upload(templatesFolderId, { fileName: 'Precedent.docx', content: bomb });
    expect([letter.statusCode, trap.statusCode]).toEqual([201, 201]);

    const listed = await fixture.call('GET', `${DOCUMENT_BASE}/get-templates`, fixture.tokens.admin);
    expect(listed.statusCode, listed.body).toBe(200);
    const templates = listed.json().data as { documentId: string; fields: string[] }[];
    expect(templates.find((template) => template.documentId === letter.json().data.id)?.fields).toEqual(['client.name']);
    expect(templates.find((template) => template.documentId === trap.json().data.id)?.fields).toEqual([]);

    const generated = await fixture.context.app.inject({
      method: 'POST',
      url: `${DOCUMENT_BASE}/generate-from-template`,
      headers: bearer(fixture.tokens.admin),
      payload: { templateDocumentId: trap.json().data.id, matterId: clientMatterId, values: {}, isDryRun: true },
    });
    expect([generated.statusCode, generated.json().message]).toEqual([400, TEMPLATE_MESSAGES.unsafeZip]);
    expect((await fixture.context.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 60_000);
});

describe('the worker’s memory limit', () => {
  it('stops a bomb the guard was told to let through, failing that one task while the API carries on', async () => {
    const unguarded = createDocumentWork({
      memoryMb: 80,
      timeoutMs: 60_000,
      zipLimits: { maxEntryBytes: 200 * MEGABYTE, maxRatio: 1_000_000, maxTotalBytes: 200 * MEGABYTE, maxEntries: 10 },
    });
    try {
      const memory = await peakRssWhile(async () => {
        await expect(unguarded.extractText(DOCX, bomb, { isOcrEnabled: false })).rejects.toBeInstanceOf(SandboxFailure);
        expect((await fixture.context.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      });
      console.info(
        `API process RSS while the worker ran out of memory on the bomb: +${((memory.peak - memory.before) / MEGABYTE).toFixed(1)} MB`,
      );
      // The worker that died is replaced for the next file.
      await expect(unguarded.extractText(DOCX, makeDocx(['Still reading']), { isOcrEnabled: false })).resolves.toEqual({
        status: 'extracted',
        text: 'Still reading',
      });
    } finally {
      await unguarded.close();
    }
  }, 60_000);
});
