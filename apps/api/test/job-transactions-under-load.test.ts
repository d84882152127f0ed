import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { joinedByWrites } from '../src/db/database.ts';
import { openRequestTransaction } from '../src/db/request-transaction.ts';
import { createDocumentProcessing, DOCUMENT_PROCESSING_JOB } from '../src/modules/documents/document-processing.ts';
import { processPendingVersions } from '../src/modules/documents/document-processing-work.ts';
import { createInProcessQueue } from '../src/platform/jobs/in-process-queue.ts';
import { createJobQueue, type JobQueue } from '../src/platform/jobs/jobs.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { addVersion, PDF, processingDependencies } from './document-processing-fixture.ts';
import { DOCUMENT_BASE, multipart, pdf } from './support/document-fixture.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

/**
 * The documents job is asked for by requests (an upload, a retry of a document's text) and runs
 * while other requests hold transactions. Each of its transactions must be its own: not one of a
 * request that asked for it, which commits and closes under it. The app and queue are wired as
 * server.ts wires them: on PGlite the queue runs the job in this process, on the PostgreSQL server
 * pg-boss does. The worker process that reads files is stood in for (its reading is not at issue
 * here, and takes seconds on a busy machine): a short wait between the job's transactions, as reading has.
 */
let context: TestContext;
let firm: SeededFirm;
let app: FastifyInstance;
let queue: JobQueue;
let token: string;
let folderId: string;
const parkedDocumentIds: string[] = [];
const problems: string[] = [];

/** Every error the queue, the job and the processing log, with the errors an AggregateError carries. */
const recordingLogger = {
  error: (details: { err?: unknown }, message: string) => {
    const nested = details.err instanceof AggregateError ? details.err.errors : [details.err];
    problems.push(
      `${message}: ${nested.map((error) => (error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error))).join('; ')}`,
    );
  },
  warn: (details: object, message: string) => problems.push(`${message}: ${JSON.stringify(details)}`),
  info: () => undefined,
} as unknown as FastifyBaseLogger;

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  const dependencies = {
    ...processingDependencies(context, { scanner: null, isOcrEnabled: false }),
    work: { extractText: () => delay(20, { status: 'extracted' as const, text: 'The words of the file' }) },
    logger: recordingLogger,
  };
  queue = createJobQueue({
    databaseUrl: context.databaseUrl,
    jobs: [{ name: DOCUMENT_PROCESSING_JOB, everyMinutes: 1, run: async () => void (await processPendingVersions(dependencies)) }],
    logger: recordingLogger,
    pollingIntervalSeconds: 0.5,
  });
  const documentProcessing = createDocumentProcessing({
    config: context.config,
    enqueue: (job) => queue.enqueue(job),
    logger: recordingLogger,
  });
  // The test app's own close ends the database: this one leaves it to that.
  app = await buildApp(context.config, { database: { ...context.database, close: async () => undefined }, documentProcessing });
  await app.ready();
  // Documents whose text reading was parked as failed, for the administrator's retry.
  for (let index = 0; index < 3; index += 1) {
    const added = await addVersion(context, firm, {
      bytes: await pdf(`Parked ${index}`),
      contentType: PDF,
      fileName: 'parked.pdf',
      scanStatus: 'available',
    });
    parkedDocumentIds.push(added.documentId);
  }
  await context.database.withFirm(firm.firmId, (tx) => tx.execute(sql`update document_versions set text_status = 'failed'`));
  await queue.start();
  token = await signIn(app, firm.users.admin.email);
  const folder = await app.inject({
    method: 'GET',
    url: `${DOCUMENT_BASE}/get-folder?MatterId=${firm.matterIds[0]}`,
    headers: bearer(token),
  });
  folderId = folder.json().data.folder.id as string;
}, 60_000);

afterAll(async () => {
  await queue?.stop();
  await app?.close();
  await context?.close();
});

const upload = async (name: string, headers: Record<string, string> = {}) => {
  const body = multipart({ FolderId: folderId }, { fileName: `${name}.pdf`, content: await pdf(name, `The words of ${name}`) });
  return app.inject({
    method: 'POST',
    url: `${DOCUMENT_BASE}/upload-document`,
    payload: body.payload,
    headers: { ...bearer(token), 'content-type': body.contentType, ...headers },
  });
};

const retryText = (documentId: string) =>
  app.inject({ method: 'POST', url: `${DOCUMENT_BASE}/retry-text-extraction/${documentId}`, headers: bearer(token) });

const readFolder = () => app.inject({ method: 'GET', url: `${DOCUMENT_BASE}/get-folder?FolderId=${folderId}`, headers: bearer(token) });

const versionsNotRead = async () =>
  (
    await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from document_versions where text_status <> 'extracted'`)),
    )
  )[0]!.count;

describe('the documents job under concurrent requests', () => {
  it('runs in transactions of its own: no job and no request fails while uploads, retries and reads run beside it', async () => {
    const responses = await Promise.all([
      // With an Idempotency-Key an upload's handler runs in one transaction its writes join; without, each write opens its own.
      ...Array.from({ length: 6 }, (_, index) => upload(`Keyed ${index} ${randomUUID().slice(0, 6)}`, { 'idempotency-key': randomUUID() })),
      ...Array.from({ length: 2 }, (_, index) => upload(`Plain ${index} ${randomUUID().slice(0, 6)}`)),
      // The retry runs in the request's one transaction (ADR 38).
      ...parkedDocumentIds.map(retryText),
      ...Array.from({ length: 20 }, readFolder),
    ]);
    const failedRequests = responses.filter((response) => response.statusCode >= 300).map((response) => response.body);
    expect({ failedRequests, problems }).toEqual({ failedRequests: [], problems: [] });

    await expect.poll(versionsNotRead, { timeout: 10_000, interval: 100 }).toBe(0);
    expect(problems).toEqual([]);
  }, 20_000);
});

describe('the in-process queue (PGlite)', () => {
  it("starts a run asked for inside a request's transaction outside it", async () => {
    const joined: boolean[] = [];
    const probe = createInProcessQueue({
      jobs: [{ name: 'probe', everyMinutes: 60, run: async () => void joined.push(openRequestTransaction() !== undefined) }],
    });
    await context.database.withFirm(firm.firmId, (tx) => joinedByWrites(firm.firmId, tx, () => probe.enqueue('probe')));
    expect(joined).toEqual([false]);
  });
});

describe('a transaction joined by writes', () => {
  it('is over when its work is: what that work started without waiting opens a transaction of its own', async () => {
    let later: Promise<boolean> | undefined;
    await context.database.withFirm(firm.firmId, (tx) =>
      joinedByWrites(firm.firmId, tx, async () => {
        expect(openRequestTransaction()).toBeDefined();
        later = delay(20).then(() => openRequestTransaction() !== undefined);
      }),
    );
    expect(await later).toBe(false);
  });
});
