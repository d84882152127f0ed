import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../../db/database.ts';
import type { FileStore } from '../../platform/files/files.ts';
import {
  type BackupManifest,
  type BackupPart,
  databasePathOf,
  MANIFEST_FORMAT,
  manifestPathOf,
  newBackupId,
  secretPathOf,
  storedFilePathOf,
} from './backup-archive.ts';
import { encryptBytes, encrypting, type BackupKey } from './backup-key.ts';
import { measurePart, readableOf, writePart, type BackupDestination } from './backup-destination.ts';
import { applyRetention, listBackups, readManifest, removeBackupParts } from './backup-catalogue.ts';
import { copyDatabase, type DatabaseCopy } from './database-copy.ts';
import type { Retention } from './retention.ts';

export type BackupSources = {
  database: Database;
  databaseUrl: string | undefined;
  fileStore: FileStore;
  /** The embedded install's DATA_DIR: its app secret goes with the backup (sealed links and keys open only with it). */
  dataDir: string;
};

export type BackupSummary = {
  id: string;
  takenAt: string;
  where: string;
  /** Bytes this backup wrote: its database, secret and the files new since the last one. */
  bytesWritten: number;
  /** Bytes a restore reads: the database and every file the backup names. */
  bytesTotal: number;
  files: number;
  newFiles: number;
  firms: number;
  durationMs: number;
  removedByRetention: string[];
};

/**
 * Takes a backup (issue 65 §1): the database and every stored file, encrypted to the operator's key,
 * each part read back and checked against what was written, the manifest last. A backup that fails
 * anywhere (a full disk, a dump that stops) removes its own parts and leaves the earlier ones whole.
 */
export async function takeBackup(
  sources: BackupSources,
  destination: BackupDestination,
  key: BackupKey,
  retention: Retention,
  now = new Date(),
): Promise<BackupSummary> {
  const started = performance.now();
  const { store } = destination;
  const id = newBackupId(now);
  const pool = await knownStoredFiles(store, key);
  let manifest: BackupManifest;
  let written: BackupPart[] = [];
  let copy: DatabaseCopy | null = null;
  try {
    copy = await copyDatabase(sources.database, sources.databaseUrl);
    const databasePart = await writePart(store, databasePathOf(id), await encrypting(key, copy.content));
    await copy.finished;
    written.push(databasePart);
    const secretFile = join(sources.dataDir, 'app-secret');
    const secret =
      sources.database.kind === 'pglite' && existsSync(secretFile)
        ? await writePart(store, secretPathOf(id), await encrypting(key, createReadStream(secretFile)))
        : null;
    if (secret) written.push(secret);

    const files: BackupManifest['files'] = [];
    for await (const object of sources.fileStore.list()) {
      const kept = pool.get(object.key);
      if (kept) {
        files.push(kept);
        continue;
      }
      const content = await sources.fileStore.read(object.key);
      if (!content) continue; // deleted since it was listed (a purge), and so not in the database copy either
      const part = { key: object.key, ...(await writePart(store, storedFilePathOf(object.key), await encrypting(key, content))) };
      files.push(part);
      written.push(part);
    }
    await expectReadBack(store, written);

    manifest = {
      format: MANIFEST_FORMAT,
      id,
      takenAt: now.toISOString(),
      database: { ...databasePart, kind: copy.kind, migrationsApplied: copy.migrationsApplied },
      secret,
      files,
      counts: copy.counts,
    };
    const sealed = await encryptBytes(key, new TextEncoder().encode(JSON.stringify(manifest)));
    const manifestPart = await writePart(store, manifestPathOf(id), readableOf(sealed));
    await expectReadBack(store, [manifestPart]);
    written = [...written, manifestPart];
  } catch (error) {
    copy?.abandon();
    await removeBackupParts(store, id).catch(() => undefined);
    throw error;
  }
  const removedByRetention = await applyRetention(store, key, retention);
  const newFiles = written.filter((part) => part.path.startsWith('files/'));
  return {
    id,
    takenAt: manifest.takenAt,
    where: destination.where,
    bytesWritten: written.reduce((sum, part) => sum + part.bytes, 0),
    bytesTotal: manifest.database.bytes + (manifest.secret?.bytes ?? 0) + manifest.files.reduce((sum, part) => sum + part.bytes, 0),
    files: manifest.files.length,
    newFiles: newFiles.length,
    firms: Object.keys(manifest.counts).length,
    durationMs: Math.round(performance.now() - started),
    removedByRetention,
  };
}

/** Each part as the destination now holds it must be what was written: a store that lost or changed a byte fails the backup. */
async function expectReadBack(store: FileStore, parts: readonly BackupPart[]): Promise<void> {
  for (const part of parts) {
    const stored = await measurePart(store, part.path);
    if (!stored || stored.sha256 !== part.sha256 || stored.bytes !== part.bytes)
      throw new Error(`The backup's ${part.path} did not read back as it was written.`);
  }
}

/**
 * The stored files the newest backup already holds, still at the destination at the size it wrote
 * (a stored file never changes under its key): tonight's backup names them without copying them again.
 */
async function knownStoredFiles(store: FileStore, key: BackupKey): Promise<Map<string, BackupManifest['files'][number]>> {
  const [newest] = await listBackups(store);
  if (!newest) return new Map();
  const manifest = await readManifest(store, key, newest.id).catch(() => null);
  if (!manifest) return new Map();
  const present = new Map<string, number>();
  for await (const object of store.list('files/')) present.set(object.key, object.bytes);
  return new Map(manifest.files.filter((file) => present.get(file.path) === file.bytes).map((file) => [file.key, file]));
}
