import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateX25519Identity } from 'age-encryption';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { backupJobs } from '../src/modules/backups/backups.jobs.ts';
import { dueToday, nextScheduledBackup } from '../src/modules/backups/backup-schedule.ts';
import { runDrill } from '../src/modules/backups/run-drill.ts';
import { bearer, createTestApp, readOutbox, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

/** Issue 65 §3: Settings › Backups — "Back up now", the schedule taking one a day, the drill and its proofs, failures e-mailed. */
let context: TestContext;
let admin: string;
let feeEarner: string;
let ownerEmail: string;
let folder: string;

const call = (token: string, method: 'GET' | 'POST', url: string) => context.app.inject({ method, url, headers: bearer(token) });
const status = async () => (await call(admin, 'GET', '/api/admin/backups/get-status')).json().data;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'matterhorn-backups-settings-'));
  const defaults = loadConfig({ DATA_DIR: folder }).backups;
  context = await createTestApp({
    backups: {
      ...defaults,
      key: { identity: await generateX25519Identity() },
      destination: { folder: join(folder, 'backups') },
      hourUtc: 0,
    },
  });
  const firm = await seedTestFirm(context.database);
  ownerEmail = firm.users.admin.email;
  admin = await signIn(context.app, firm.users.admin.email);
  feeEarner = await signIn(context.app, firm.users.feeEarner.email);
}, 60_000);

afterAll(async () => {
  await context.close();
  await rm(folder, { recursive: true, force: true });
});

describe('Settings › Backups', () => {
  it('is for administrators only', async () => {
    expect((await call(feeEarner, 'GET', '/api/admin/backups/get-status')).statusCode).toBe(403);
    expect((await call(feeEarner, 'POST', '/api/admin/backups/back-up-now')).statusCode).toBe(403);
  });

  it('"Back up now" takes a backup in the background, once at a time, and the page shows it', async () => {
    const before = await status();
    expect(before).toMatchObject({ lastBackup: null, lastDrill: null, runs: [], recoveryPointHours: 24, hourUtc: 0 });
    expect(before.encryptedTo).toMatch(/^age1/);

    const started = await call(admin, 'POST', '/api/admin/backups/back-up-now');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      message: 'The backup has started. This page shows it when it is done.',
      data: { status: 'running' },
    });
    const twice = await call(admin, 'POST', '/api/admin/backups/back-up-now');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A backup is already being taken: wait for it to finish');
    await context.app.afterResponse.settled();

    const after = await status();
    expect(after.lastBackup).toMatchObject({ status: 'succeeded', trigger: 'manual', destination: join(folder, 'backups') });
    expect(after.lastBackup.bytesTotal).toBeGreaterThan(0);
    expect(after.runs).toHaveLength(1);
  }, 60_000);

  it('the schedule takes one backup a day at its hour, whatever the checks; the drill restores it and proves it', async () => {
    const [job] = backupJobs(context.app.backupSetup);
    await job!.run();
    await job!.run();
    const scheduled = (await status()).runs.filter(
      (run: { trigger: string; kind: string }) => run.trigger === 'schedule' && run.kind === 'backup',
    );
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]).toMatchObject({ status: 'succeeded' });

    await runDrill(context.app.backupSetup, 'manual');
    const drill = (await status()).lastDrill;
    expect(drill).toMatchObject({ status: 'succeeded', kind: 'drill', failure: null, backupId: scheduled[0].backupId });
    expect(drill.proofs).toEqual([
      { name: 'Records per firm equal the manifest', passed: true },
      { name: 'Audit trail verifies', passed: true },
      { name: 'Trust accounts reconcile three ways', passed: true },
      { name: 'Trial balance balances in each currency', passed: true },
      { name: 'Every stored file matches its SHA-256', passed: true },
    ]);
  }, 120_000);

  it('downloads a kept backup of the embedded database as a zip of its encrypted parts (none on PostgreSQL)', async () => {
    const { lastBackup } = await status();
    const download = await call(admin, 'GET', `/api/admin/backups/download/${lastBackup.backupId}`);
    if (context.database.kind === 'postgres') {
      expect(download.statusCode).toBe(404);
      return;
    }
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(download.rawPayload);
    const names = Object.keys(zip.files);
    expect(names).toEqual(
      expect.arrayContaining([`backups/${lastBackup.backupId}/manifest.age`, `backups/${lastBackup.backupId}/database.age`]),
    );
    expect((await zip.file(`backups/${lastBackup.backupId}/database.age`)!.async('nodebuffer')).subarray(0, 21).toString()).toBe(
      'age-encryption.org/v1',
    );
    expect((await call(admin, 'GET', '/api/admin/backups/download/2020-01-01T00-00-00-000Z-000000')).statusCode).toBe(404);
  }, 60_000);

  it('a backup that fails is recorded with its reason and e-mailed to the owner', async () => {
    const setup = context.app.backupSetup;
    const failing = {
      ...setup,
      destination: {
        ...setup.destination,
        store: { ...setup.destination.store, write: () => Promise.reject(new Error('The bucket refused the write')) },
      },
    };
    const { completeBackupRun, startBackupRun } = await import('../src/modules/backups/run-backup.ts');
    const runId = await startBackupRun(failing, 'manual');
    await completeBackupRun(failing, runId!);
    const newest = (await status()).runs[0];
    expect(newest).toMatchObject({ id: runId, status: 'failed', failure: 'The bucket refused the write' });
    const mail = (await readOutbox(context.config)).filter((message) => message.to === ownerEmail).at(-1);
    expect(mail?.subject).toBe("Matterhorn's backup failed");
    expect(mail?.text).toContain('The bucket refused the write');
  }, 60_000);
});

describe('the schedule', () => {
  it('is due from the operator’s hour (UTC), the drill an hour after on its weekday', () => {
    const sunday = new Date('2026-11-29T00:59:00Z');
    expect(dueToday(sunday, 1, 0)).toEqual({ backup: false, drill: false });
    expect(dueToday(new Date('2026-11-29T01:00:00Z'), 1, 0)).toEqual({ backup: true, drill: false });
    expect(dueToday(new Date('2026-11-29T02:00:00Z'), 1, 0)).toEqual({ backup: true, drill: true });
    expect(dueToday(new Date('2026-11-30T02:00:00Z'), 1, 0)).toEqual({ backup: true, drill: false });
    expect(nextScheduledBackup(sunday, 1).toISOString()).toBe('2026-11-29T01:00:00.000Z');
    expect(nextScheduledBackup(new Date('2026-11-29T01:00:00Z'), 1).toISOString()).toBe('2026-11-30T01:00:00.000Z');
  });
});
