import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * A backup at its destination (ADR 97): its own folder of encrypted parts, and a pool of encrypted
 * stored files that every backup shares. A stored file never changes under its key, so a night's
 * backup writes only the files new since the last one and names the rest in its manifest.
 *
 *   backups/<id>/manifest.age   written last: a backup without it never finished, and is not one
 *   backups/<id>/database.age   the database (PGlite's data directory, or pg_dump's custom format)
 *   backups/<id>/secret.age     the embedded install's app secret, when it keeps one in DATA_DIR
 *   files/<storage key>.age     each stored file
 */
export const MANIFEST_FORMAT = 'matterhorn-backup/1';

export const manifestPathOf = (id: string) => `backups/${id}/manifest.age`;
export const databasePathOf = (id: string) => `backups/${id}/database.age`;
export const secretPathOf = (id: string) => `backups/${id}/secret.age`;
export const storedFilePathOf = (key: string) => `files/${key}.age`;
export const BACKUPS_FOLDER = 'backups/';
export const FILES_FOLDER = 'files/';

const sha256Text = z.string().regex(/^[0-9a-f]{64}$/);
/** One encrypted part as written: where, its SHA-256 and size (of the ciphertext, checkable without the key). */
export const partSchema = z.object({ path: z.string().min(1), sha256: sha256Text, bytes: z.number().int().min(0) });
export type BackupPart = z.infer<typeof partSchema>;

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  id: z.string().min(1),
  takenAt: z.string().datetime(),
  database: partSchema.extend({ kind: z.enum(['pglite', 'postgres']), migrationsApplied: z.number().int().min(0) }),
  secret: partSchema.nullable(),
  files: z.array(partSchema.extend({ key: z.string().min(1) })),
  /** Rows per firm and table, counted in the same snapshot the database part was taken from. */
  counts: z.record(z.string(), z.record(z.string(), z.number().int().min(0))),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/**
 * A new backup's id: its moment in UTC to the millisecond (sortable, and what retention reads: two
 * backups in one second are still told apart by age) and a few random characters.
 */
export function newBackupId(at: Date): string {
  const moment = at.toISOString().slice(0, 23).replaceAll(':', '-').replace('.', '-');
  return `${moment}Z-${randomBytes(3).toString('hex')}`;
}

const ID_PATTERN = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-[0-9a-f]{6}$/;

/** The moment a backup id names, or null for a folder that is not a backup's. */
export function momentOfBackupId(id: string): Date | null {
  const match = ID_PATTERN.exec(id);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : null;
}
