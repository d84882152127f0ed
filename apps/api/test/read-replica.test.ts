import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportAnswer } from '@matterhorn/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { startStreamingReplica, type StreamingReplica } from './support/streaming-replica.ts';
import { bearer, seedTestFirm, signIn } from './support/test-app.ts';
import { findFirmReferences } from './support/time-entry-fixtures.ts';

/**
 * DATABASE_REPLICA_URL (ADR 53): a report is read from a real streaming replica once it has caught
 * up, and a user's own new entry shows in their next report at once, from the primary while the
 * replica has not replayed it.
 */
const statements: { port: number; text: string }[] = [];
class RecordingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [first] = args as [string | { text?: string }];
    statements.push({ port: this.port, text: typeof first === 'string' ? first : (first?.text ?? '') });
    return (super.query as (...queryArgs: unknown[]) => unknown)(...args) as never;
  }
}

let servers: StreamingReplica;
let database: Database;
let app: FastifyInstance;
let firm: SeededFirm;
let token: string;
let dataDir: string;

beforeAll(async () => {
  servers = await startStreamingReplica();
  database = openDatabase({
    databaseUrl: servers.primaryUrl,
    replicaUrl: servers.replicaUrl,
    poolSize: 5,
    connectionClass: RecordingClient,
  });
  await database.migrate();
  dataDir = await mkdtemp(join(tmpdir(), 'matterhorn-test-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, APP_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    authRequestsPerMinutePerAddress: 10_000,
    webDistDir: null,
  };
  app = await buildApp(config, { database });
  await app.ready();
  firm = await seedTestFirm(database);
  token = await signIn(app, firm.users.admin.email);
}, 120_000);

afterAll(async () => {
  await app?.close(); // closes the database too
  servers?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const replicaPort = () => Number(new URL(servers.replicaUrl).port);
/** The report, and whether any of its firm's statements ran on the replica. */
async function workInProgress() {
  statements.length = 0;
  const response = await app.inject({ method: 'GET', url: '/api/admin/reports/work-in-progress?Level=entries', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  const reportStatements = statements.filter((statement) => /unbilled|time_entries/i.test(statement.text));
  return {
    answer: response.json().data as ReportAnswer,
    isFromReplica: reportStatements.length > 0 && reportStatements.every((statement) => statement.port === replicaPort()),
  };
}

async function untilCaughtUp() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await workInProgress()).isFromReplica) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the replica never caught up');
}

async function recordTime(description: string) {
  const { openMatter, activityIds } = await findFirmReferences(database, firm.firmId);
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/time-entry',
    headers: bearer(token),
    payload: {
      clientId: openMatter.clientId,
      matterId: openMatter.id,
      activityId: activityIds[0],
      isBillable: 4,
      timeEntryUserId: firm.users.admin.id,
      description,
      timeEntryDate: new Date().toISOString().slice(0, 10),
      duration: '1',
      userRate: '80000.00',
      exchangeRate: '1',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe('reports on a read replica', () => {
  it('are served by the replica once it has caught up', async () => {
    await recordTime('Drafted the share purchase agreement');
    await untilCaughtUp();
    const report = await workInProgress();
    expect(report.isFromReplica).toBe(true);
    expect(report.answer.rows.map((row) => row.cells.description)).toContain('Drafted the share purchase agreement');
  });

  it('show a user’s new entry at once, from the primary while the replica has not replayed it', async () => {
    servers.pauseReplay();
    try {
      await recordTime('Reviewed the disclosure letter');
      const report = await workInProgress();
      expect(report.isFromReplica).toBe(false);
      expect(report.answer.rows.map((row) => row.cells.description)).toContain('Reviewed the disclosure letter');
    } finally {
      servers.resumeReplay();
    }
    await untilCaughtUp();
    expect((await workInProgress()).answer.rows.map((row) => row.cells.description)).toContain('Reviewed the disclosure letter');
  });
});
