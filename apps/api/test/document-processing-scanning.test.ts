import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema/subscriptions.ts';
import { createDocumentProcessing, documentProcessingJobs } from '../src/modules/documents/document-processing.ts';
import { createFileStore } from '../src/platform/files/files.ts';
import { createJobQueue } from '../src/platform/jobs/jobs.ts';
import { createClamdScanner, ScannerUnavailableError } from '../src/platform/scanning/clamd.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { addVersion, documentOf, DOCX, processingDependencies, runJob, versionOf } from './document-processing-fixture.ts';
import { EICAR_SIGNATURE, eicarBytes, freePort, startClamd, type RunningClamd } from './support/clamd.ts';
import { makeDocx } from './support/sample-files.ts';
import { createTestApp, readOutbox, seedTestFirm, type TestContext } from './support/test-app.ts';

/** Scanning with a real clamd (its own config and an EICAR-only database, started by the test). */
let context: TestContext;
let firm: SeededFirm;
let clamd: RunningClamd;
const withScanner = (url: string) => processingDependencies(context, { scanner: createClamdScanner(url), isOcrEnabled: false });
const addScanning = (bytes: Buffer, contentType: string, fileName: string) =>
  addVersion(context, firm, { bytes, contentType, fileName, scanStatus: 'scanning' });

beforeAll(async () => {
  [context, clamd] = await Promise.all([createTestApp(), startClamd()]);
  firm = await seedTestFirm(context.database);
}, 60_000);
afterAll(async () => {
  await clamd?.stop();
  await context?.close();
});

describe('document virus scanning', () => {
  it('makes a clean file available, then reads its text', async () => {
    const { versionId, documentId } = await addScanning(makeDocx(['Share purchase agreement']), DOCX, 'spa.docx');
    await runJob(withScanner(clamd.url));
    const version = await versionOf(context, firm.firmId, versionId);
    expect(version.scanStatus).toBe('available');
    expect(version.scannedAt).toBeInstanceOf(Date);
    expect(version.scanSignature).toBeNull();
    expect(version.textStatus).toBe('extracted');
    expect((await documentOf(context, firm.firmId, documentId)).contentText).toContain('Share purchase agreement');
  });

  it('quarantines an infected file, e-mails the administrators once and records the event', async () => {
    const { versionId, documentId } = await addScanning(eicarBytes(), 'text/plain', 'invoice.txt');
    await runJob(withScanner(clamd.url));
    await runJob(withScanner(clamd.url));
    const version = await versionOf(context, firm.firmId, versionId);
    expect(version.scanStatus).toBe('quarantined');
    expect(version.scanSignature).toMatch(new RegExp(`^${EICAR_SIGNATURE}`));
    expect(version.textStatus).toBe('pending');
    expect(version.extractedText).toBeNull();
    expect((await documentOf(context, firm.firmId, documentId)).contentText).toBeNull();

    const alerts = (await readOutbox(context.config)).filter((message) => message.subject.includes('invoice.txt'));
    expect(alerts.map((alert) => alert.to)).toEqual([firm.users.admin.email]);
    expect(alerts[0]!.text).toContain(EICAR_SIGNATURE);
    expect(alerts[0]!.link).toContain(documentId);

    const events = await context.database.withFirm(firm.firmId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'document.quarantined'), eq(auditEvents.entityId, documentId))),
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ versionId, fileName: 'invoice.txt' });
  });

  it('keeps a file Scanning while the scanner is unreachable, and never makes it available unscanned', async () => {
    const { versionId } = await addScanning(makeDocx(['Board resolution']), DOCX, 'resolution.docx');
    await expect(runJob(withScanner(`tcp://127.0.0.1:${await freePort()}`))).rejects.toThrow(/not processed/);
    expect((await versionOf(context, firm.firmId, versionId)).scanStatus).toBe('scanning');
    await runJob(processingDependencies(context, { scanner: null, isOcrEnabled: false }));
    expect((await versionOf(context, firm.firmId, versionId)).scanStatus).toBe('scanning');
    await runJob(withScanner(clamd.url));
    expect((await versionOf(context, firm.firmId, versionId)).scanStatus).toBe('available');
  });

  it('runs on the job queue when a version is added (pg-boss on PostgreSQL, in process on PGlite)', async () => {
    const config = { ...context.config, documents: { ...context.config.documents, clamdUrl: clamd.url } };
    const queue = createJobQueue({
      databaseUrl: context.databaseUrl,
      jobs: documentProcessingJobs({
        database: context.database,
        files: createFileStore(config.files),
        outbox: context.app.outbox,
        config,
      }),
      pollingIntervalSeconds: 0.5,
    });
    await queue.start();
    try {
      const processing = createDocumentProcessing({ config, enqueue: queue.enqueue });
      expect(processing.isScanningEnabled).toBe(true);
      const { versionId } = await addScanning(makeDocx(['Letter of demand']), DOCX, 'demand.docx');
      await processing.versionAdded(firm.firmId, versionId);
      await expect
        .poll(async () => (await versionOf(context, firm.firmId, versionId)).textStatus, { timeout: 20_000, interval: 200 })
        .toBe('extracted');
      expect((await versionOf(context, firm.firmId, versionId)).scanStatus).toBe('available');
    } finally {
      await queue.stop();
    }
  }, 40_000);
});

describe('the clamd client', () => {
  it('streams a file in chunks, whatever pieces it arrives in', async () => {
    const scanner = createClamdScanner(clamd.url);
    const clean = randomBytes(3 * 1024 * 1024 + 17);
    await expect(scanner.scan(Readable.from([clean.subarray(0, 5), clean.subarray(5)]))).resolves.toEqual({ isInfected: false });
    const eicar = eicarBytes();
    await expect(scanner.scan(Readable.from([eicar.subarray(0, 10), eicar.subarray(10)]))).resolves.toMatchObject({ isInfected: true });
    await expect(scanner.ping()).resolves.toBe(true);
  });

  it("gives no verdict for a file over clamd's stream limit", async () => {
    const scanner = createClamdScanner(clamd.url);
    const tooLarge = Readable.from(
      (function* () {
        for (let index = 0; index < 27; index += 1) yield Buffer.alloc(1024 * 1024, index);
      })(),
    );
    await expect(scanner.scan(tooLarge)).rejects.toBeInstanceOf(ScannerUnavailableError);
  });
});
