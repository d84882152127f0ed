import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore, type FileStore } from '../src/platform/files/files.ts';
import { databasePathOf, manifestPathOf } from '../src/modules/backups/backup-archive.ts';
import { listBackups } from '../src/modules/backups/backup-catalogue.ts';
import { encryptBytes, type BackupKey } from '../src/modules/backups/backup-key.ts';
import { openBackupDestination, type BackupDestination } from '../src/modules/backups/backup-destination.ts';
import { BackupRefusal } from '../src/modules/backups/backup-refusal.ts';
import { restoreBackup, type RestoreTarget } from '../src/modules/backups/restore-backup.ts';
import { backupsToKeep } from '../src/modules/backups/retention.ts';
import { takeBackup, type BackupSources } from '../src/modules/backups/take-backup.ts';
import { seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { driveWrites, prepareDrillTargets } from './support/failover-load.ts';
import { bearer, createTestApp, seedTestFirm, signIn, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

/** Issue 65: a backup of the demo firm and fresh writes, restored into an empty target and proved whole; bad backups refused. */
let context: TestContext;
let sources: BackupSources;
let destination: BackupDestination;
let key: BackupKey;
const folders: string[] = [];
const RETENTION = { daily: 7, weekly: 4, monthly: 12 };

const newFolder = async () => {
  const folder = await mkdtemp(join(tmpdir(), 'matterhorn-backup-test-'));
  folders.push(folder);
  return folder;
};

/** An empty place to restore into, of the kind the source is: a DATA_DIR, or a new database with its own file folder. */
async function emptyTarget(): Promise<RestoreTarget & { drop(): Promise<void> }> {
  const folder = await newFolder();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { kind: 'embedded', dataDir: folder, drop: async () => undefined };
  const name = `matterhorn_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    databaseUrl: url.toString(),
    files: { dataDir: folder, s3: null },
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Whether a target still holds nothing: no file in the DATA_DIR, or no table in the database and no file in its store. */
async function targetIsEmpty(target: RestoreTarget): Promise<boolean> {
  if (target.kind === 'embedded') return readdirSync(target.dataDir).filter((name) => name !== 'matterhorn.lock').length === 0;
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ tables: number }>(
    `select count(*)::int as tables from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
  );
  await client.end();
  return rows[0]!.tables === 0 && readdirSync(target.files.dataDir).length === 0;
}

beforeAll(async () => {
  context = await createTestApp();
  const fileStore = createFileStore(context.config.files);
  await seedDemoFirmOnce(context.database, TEST_PASSWORD, fileStore);
  const other = await seedTestFirm(context.database);
  // A fresh write on top of the demo, through the API, in a second firm.
  const token = await signIn(context.app, other.users.admin.email);
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/admin/practice-area/create-practice-area',
    headers: bearer(token),
    payload: { name: 'Maritime' },
  });
  expect(created.statusCode, created.body).toBe(201);
  sources = { database: context.database, databaseUrl: context.databaseUrl, fileStore, dataDir: context.config.dataDir };
  destination = openBackupDestination({ folder: await newFolder() });
  const identity = await generateX25519Identity();
  key = { identity, recipient: await identityToRecipient(identity) };
}, 120_000);

afterAll(async () => {
  await context.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('backups', () => {
  it('backs up the database and every stored file encrypted, then only the files new since', async () => {
    // Yesterday's, so that retention (the newest of each day) keeps it beside today's.
    const first = await takeBackup(sources, destination, key, RETENTION, new Date(Date.now() - 24 * 3600 * 1000));
    expect(first.files).toBeGreaterThan(0);
    expect(first.newFiles).toBe(first.files);
    expect(first.firms).toBe(2);
    const database = await readFile(join(destination.where, databasePathOf(first.id)));
    expect(database.subarray(0, 21).toString()).toBe('age-encryption.org/v1');

    const second = await takeBackup(sources, destination, key, RETENTION);
    expect(second.newFiles).toBe(0);
    expect(second.files).toBe(first.files);
    expect(second.bytesWritten).toBeLessThan(first.bytesWritten);
    expect((await listBackups(destination.store)).map((backup) => backup.id)).toEqual([second.id, first.id]);
  }, 120_000);

  it('restores the newest backup into an empty target and proves it whole; a target that holds data is replaced only with its firm count typed back', async () => {
    const target = await emptyTarget();
    try {
      const report = await restoreBackup(destination, key, 'latest', target);
      expect(report.proofs.map((proof) => proof.name)).toEqual([
        'Records per firm equal the manifest',
        'Audit trail verifies',
        'Trust accounts reconcile three ways',
        'Trial balance balances in each currency',
        'Every stored file matches its SHA-256',
      ]);
      expect(report.proofs.filter((proof) => !proof.passed)).toEqual([]);
      expect(report.passed).toBe(true);

      const refused = restoreBackup(destination, key, 'latest', target);
      await expect(refused).rejects.toThrow(/already holds a database of 2 firms.*--replace=2/);
      await expect(restoreBackup(destination, key, 'latest', target, { replaceFirmCount: 3 })).rejects.toThrow(BackupRefusal);
      const replaced = await restoreBackup(destination, key, 'latest', target, { replaceFirmCount: 2 });
      expect(replaced.passed).toBe(true);
      expect(replaced.replacedInto).not.toBeNull();
      if (target.kind === 'embedded') expect(existsSync(join(replaced.replacedInto!, 'pglite'))).toBe(true);
    } finally {
      await target.drop();
    }
  }, 180_000);

  it('a backup taken under steady writes (time, payments, trust movements) restores to one moment: counts, ledger and trust all whole', async () => {
    const firm = await seedTestFirm(context.database);
    const targets = await prepareDrillTargets(context.app, context.database, firm);
    const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
    let isBackedUp = false;
    const writes = driveWrites(address, [targets], { perSecond: 10, isDone: () => isBackedUp });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const backupStarted = Date.now();
    const backup = await takeBackup(sources, destination, key, RETENTION);
    const backupEnded = Date.now();
    isBackedUp = true;
    const answers = await writes;
    // Writes were under way while the copy was taken (on PGlite they waited for it; on PostgreSQL they went on).
    const overlapping = answers.filter((answer) => answer.sentAt < backupEnded && answer.answeredAt > backupStarted);
    expect(overlapping.filter((answer) => answer.status >= 200 && answer.status < 300).length).toBeGreaterThan(0);
    const target = await emptyTarget();
    try {
      const report = await restoreBackup(destination, key, backup.id, target);
      expect(report.proofs.filter((proof) => !proof.passed)).toEqual([]);
    } finally {
      await target.drop();
    }
  }, 180_000);

  it('refuses a wrong key, a tampered or cut part and a foreign manifest, writing nothing', async () => {
    const [newest] = await listBackups(destination.store);
    const id = newest!.id;
    const folder = destination.where;
    const target = await emptyTarget();
    try {
      const otherIdentity = await generateX25519Identity();
      const wrongKey = { identity: otherIdentity, recipient: await identityToRecipient(otherIdentity) };
      await expect(restoreBackup(destination, wrongKey, id, target)).rejects.toThrow(/encrypted to another key/);

      const databaseFile = join(folder, databasePathOf(id));
      const original = await readFile(databaseFile);
      const tampered = Buffer.from(original);
      tampered[tampered.length - 10]! ^= 0xff;
      await writeFile(databaseFile, tampered);
      await expect(restoreBackup(destination, key, id, target)).rejects.toThrow(/is damaged: .*database\.age is not as it was written/);
      await writeFile(databaseFile, original.subarray(0, original.length - 100));
      await expect(restoreBackup(destination, key, id, target)).rejects.toThrow(/is damaged/);
      await writeFile(databaseFile, original);

      const manifestFile = join(folder, manifestPathOf(id));
      const manifest = await readFile(manifestFile);
      await writeFile(manifestFile, await encryptBytes(key, new TextEncoder().encode('{"format":"someone-else"}')));
      await expect(restoreBackup(destination, key, id, target)).rejects.toThrow(/is not a Matterhorn backup/);
      await writeFile(manifestFile, manifest);
      expect(await targetIsEmpty(target)).toBe(true);
    } finally {
      await target.drop();
    }
  }, 120_000);

  it('a disk that fills during a backup leaves the earlier backups whole and the failure reported', async () => {
    const before = await listBackups(destination.store);
    let room = 64 * 1024;
    const filling: FileStore = {
      ...destination.store,
      write: (path, content) =>
        destination.store.write(
          path,
          content.compose(async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              room -= chunk.length;
              if (room < 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
              yield chunk;
            }
          }) as Readable,
        ),
    };
    await expect(takeBackup(sources, { ...destination, store: filling }, key, RETENTION)).rejects.toThrow(/ENOSPC/);
    expect(await listBackups(destination.store)).toEqual(before);
    const left = new Set<string>();
    for await (const part of destination.store.list('backups/')) left.add(part.key.split('/')[1]!);
    expect([...left].sort()).toEqual(before.map((backup) => backup.id).sort());
  }, 120_000);
});

describe('retention', () => {
  it('keeps the newest of each of the last 7 days, 4 weeks and 12 months', () => {
    // A backup every day at 01:00 UTC for 400 days up to Sunday 29 November 2026.
    const backups = Array.from({ length: 400 }, (_, daysAgo) => {
      const at = new Date(Date.UTC(2026, 10, 29 - daysAgo, 1));
      return { id: at.toISOString(), at };
    });
    const kept = [...backupsToKeep(backups, RETENTION)].sort().reverse();
    expect(kept.slice(0, 7).map((id) => id.slice(0, 10))).toEqual([
      '2026-11-29',
      '2026-11-28',
      '2026-11-27',
      '2026-11-26',
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
    ]);
    // Weeks run Monday to Sunday: the newest of the three weeks before this one are their Sundays.
    expect(kept).toEqual(expect.arrayContaining(['2026-11-22T01:00:00.000Z', '2026-11-15T01:00:00.000Z', '2026-11-08T01:00:00.000Z']));
    // Months: the last day of each of the 11 months before this one.
    expect(kept).toEqual(expect.arrayContaining(['2026-10-31T01:00:00.000Z', '2025-12-31T01:00:00.000Z']));
    expect(kept).not.toContain('2025-11-30T01:00:00.000Z');
    expect(kept).toHaveLength(7 + 3 + 11);
  });
});
