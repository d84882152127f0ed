import type { FileStore } from '../../platform/files/files.ts';
import { BACKUPS_FOLDER, FILES_FOLDER, manifestPathOf, manifestSchema, momentOfBackupId, type BackupManifest } from './backup-archive.ts';
import { decryptBytes, type BackupKey } from './backup-key.ts';
import { readWhole } from './backup-destination.ts';
import { BackupRefusal } from './backup-refusal.ts';
import { backupsToKeep, type Retention } from './retention.ts';

export type ListedBackup = { id: string; at: Date; manifestBytes: number };

/** Folders under backups/ that began and the parts each holds. */
async function backupFolders(store: FileStore): Promise<Map<string, string[]>> {
  const folders = new Map<string, string[]>();
  for await (const object of store.list(BACKUPS_FOLDER)) {
    const id = object.key.slice(BACKUPS_FOLDER.length).split('/')[0]!;
    folders.set(id, [...(folders.get(id) ?? []), object.key]);
  }
  return folders;
}

/** The finished backups at the destination (those with a manifest), newest first. */
export async function listBackups(store: FileStore): Promise<ListedBackup[]> {
  const backups: ListedBackup[] = [];
  for await (const object of store.list(BACKUPS_FOLDER)) {
    const [id, name] = object.key.slice(BACKUPS_FOLDER.length).split('/');
    const at = momentOfBackupId(id ?? '');
    if (at && name === 'manifest.age') backups.push({ id: id!, at, manifestBytes: object.bytes });
  }
  return backups.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/**
 * A backup's manifest, opened with the key: refused, in words, when there is none, when the key is
 * not the one it was made for, or when what opens is not a Matterhorn backup's manifest.
 */
export async function readManifest(store: FileStore, key: BackupKey, id: string): Promise<BackupManifest> {
  const sealed = await readWhole(store, manifestPathOf(id));
  if (!sealed) throw new BackupRefusal(`There is no finished backup ${id} there (no manifest).`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await decryptBytes(key, sealed));
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    throw new BackupRefusal(
      /no identity matched/i.test(message)
        ? `The key does not open backup ${id}: it was encrypted to another key. Nothing was written.`
        : `Backup ${id}'s manifest is damaged or was changed (it does not decrypt whole). Nothing was written.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success || manifest.data.id !== id)
    throw new BackupRefusal(`${id} is not a Matterhorn backup this version can read. Nothing was written.`);
  return manifest.data;
}

/** Removes a backup's own folder, manifest first: a half-removed backup is never taken for a finished one. */
export async function removeBackupParts(store: FileStore, id: string): Promise<void> {
  const parts = (await backupFolders(store)).get(id) ?? [];
  const manifest = manifestPathOf(id);
  if (parts.includes(manifest)) await store.remove(manifest);
  for (const path of parts) if (path !== manifest) await store.remove(path);
}

/** Unfinished backups younger than this may still be under way in another process. */
const UNFINISHED_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the backups the retention names and removes the others, then the stored files no kept
 * backup names; removes unfinished backups left by a failure once they are a day old. Answers the
 * ids it removed.
 */
export async function applyRetention(store: FileStore, key: BackupKey, retention: Retention, now = new Date()): Promise<string[]> {
  const finished = await listBackups(store);
  const keep = backupsToKeep(finished, retention);
  const removed: string[] = [];
  for (const backup of finished) {
    if (keep.has(backup.id)) continue;
    await removeBackupParts(store, backup.id);
    removed.push(backup.id);
  }
  const finishedIds = new Set(finished.map((backup) => backup.id));
  for (const id of (await backupFolders(store)).keys()) {
    const at = momentOfBackupId(id);
    if (!finishedIds.has(id) && at && now.getTime() - at.getTime() > UNFINISHED_GRACE_MS) await removeBackupParts(store, id);
  }
  const named = new Set<string>();
  for (const backup of finished.filter((listed) => keep.has(listed.id))) {
    // A manifest this key cannot open keeps every file: nothing is removed on a guess.
    const manifest = await readManifest(store, key, backup.id).catch(() => null);
    if (!manifest) return removed;
    for (const file of manifest.files) named.add(file.path);
  }
  for await (const object of store.list(FILES_FOLDER)) if (!named.has(object.key)) await store.remove(object.key);
  return removed;
}
