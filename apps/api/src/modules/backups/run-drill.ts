import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BackupSetup } from './backup-setup.ts';
import { readBackupKey } from './backup-key.ts';
import { openClient, urlOfConnectedHost } from './database-client.ts';
import { finishRun, startRun } from './backup-runs.repository.ts';
import { restoreBackup, type RestoreTarget } from './restore-backup.ts';
import { tellOwnersOfFailure } from './tell-owners-of-failure.ts';

/**
 * The restore drill (issue 65 §3): the newest backup restored into a scratch copy — a folder, or a
 * scratch database beside the firm's (the role needs CREATEDB) — proved by every proof of a
 * restore, recorded, and the scratch copy removed. A failure is e-mailed to the owners.
 */
export async function runDrill(setup: BackupSetup, trigger: 'schedule' | 'manual'): Promise<string | null> {
  const { database, databaseUrl } = setup.sources;
  const runId = (await startRun(database.db, { kind: 'drill', trigger }))?.id;
  if (!runId) return null;
  const started = performance.now();
  const folder = await mkdtemp(join(tmpdir(), 'matterhorn-drill-'));
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl) : null;
  try {
    const target: RestoreTarget = scratch
      ? { kind: 'postgres', databaseUrl: scratch.url, files: { dataDir: folder, s3: null } }
      : { kind: 'embedded', dataDir: folder };
    const report = await restoreBackup(setup.destination, await readBackupKey(setup.settings.key), 'latest', target);
    const missed = report.proofs.filter((proof) => !proof.passed);
    await finishRun(database.db, runId, {
      status: report.passed ? 'succeeded' : 'failed',
      backupId: report.id,
      destination: setup.destination.where,
      durationMs: Math.round(performance.now() - started),
      proofs: report.proofs.map(({ name, passed }) => ({ name, passed })),
      // The proofs' names only: their details name firms, and every firm's administrators read this. The log keeps them.
      failure: report.passed ? null : `A proof missed: ${missed.map((proof) => proof.name).join('; ')}.`,
    });
    if (!report.passed) {
      setup.logger?.error({ proofs: missed }, 'restore drill: a proof missed');
      await tellOwnersOfFailure(setup, 'drill', `${missed.map((proof) => proof.name).join(', ')} did not pass.`);
    }
  } catch (error) {
    const failure = error instanceof Error ? error.message : String(error);
    setup.logger?.error({ err: error }, 'restore drill failed');
    await finishRun(database.db, runId, { status: 'failed', durationMs: Math.round(performance.now() - started), failure });
    await tellOwnersOfFailure(setup, 'drill', failure);
  } finally {
    await scratch?.drop().catch(() => undefined);
    await rm(folder, { recursive: true, force: true });
  }
  return runId;
}

/** A scratch database on the server DATABASE_URL's primary is on (a multi-host URL's read-write node). */
async function createScratchDatabase(databaseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `matterhorn_drill_${randomBytes(5).toString('hex')}`;
  const client = openClient(databaseUrl);
  await client.connect();
  let url: URL;
  try {
    await client.query(`create database ${name}`);
    url = new URL(urlOfConnectedHost(databaseUrl, client));
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  const drop = async () => {
    const cleanup = openClient(databaseUrl);
    await cleanup.connect();
    try {
      await cleanup.query(`drop database if exists ${name} with (force)`);
    } finally {
      await cleanup.end();
    }
  };
  return { url: url.toString(), drop };
}
