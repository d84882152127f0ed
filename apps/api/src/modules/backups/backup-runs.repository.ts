import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.ts';
import { backupRuns, firms, users } from '../../db/schema/index.ts';

export type BackupRunRow = typeof backupRuns.$inferSelect;
/** The owner connection (jobs, after a response), or a request's transaction (inside a request, PGlite's one connection is the request's). */
type Runner = Db | Tx;
type Kind = BackupRunRow['kind'];

/** Starts a run, or answers null when one of its kind is running already (the partial unique index; no error, so a request's transaction goes on). */
export async function startRun(
  db: Runner,
  values: Pick<BackupRunRow, 'kind' | 'trigger'> & { requestedBy?: string | null },
): Promise<BackupRunRow | null> {
  const [row] = await db
    .insert(backupRuns)
    .values(values)
    .onConflictDoNothing({ target: backupRuns.kind, where: sql`status = 'running'` })
    .returning();
  return row ?? null;
}

export async function finishRun(
  db: Db,
  id: string,
  values: Partial<Omit<BackupRunRow, 'id' | 'kind' | 'trigger' | 'startedAt' | 'finishedAt'>> & { status: 'succeeded' | 'failed' },
): Promise<void> {
  await db
    .update(backupRuns)
    .set({ ...values, finishedAt: new Date() })
    .where(eq(backupRuns.id, id));
}

/** A run its process never finished (the server stopped under it) fails, so the next one may start. */
export async function failAbandonedRuns(db: Runner, startedBefore: Date): Promise<void> {
  await db
    .update(backupRuns)
    .set({ status: 'failed', finishedAt: new Date(), failure: 'The server stopped while it ran.' })
    .where(and(eq(backupRuns.status, 'running'), lt(backupRuns.startedAt, startedBefore)));
}

export const findRecentRuns = (db: Runner, limit: number) => db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(limit);

export async function findLatestRun(db: Runner, kind: Kind, status?: BackupRunRow['status']): Promise<BackupRunRow | null> {
  const [row] = await db
    .select()
    .from(backupRuns)
    .where(and(eq(backupRuns.kind, kind), status ? eq(backupRuns.status, status) : undefined))
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  return row ?? null;
}

/** Whether a scheduled run of this kind started since the moment (the day's, or the week's, is done or under way). */
export async function hasScheduledRunSince(db: Runner, kind: Kind, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(and(eq(backupRuns.kind, kind), eq(backupRuns.trigger, 'schedule'), gte(backupRuns.startedAt, since)))
    .limit(1);
  return Boolean(row);
}

/** When backups began to be kept: the first run. */
export async function findFirstRunAt(db: Runner): Promise<Date | null> {
  const [row] = await db.select({ at: sql<string | null>`min(${backupRuns.startedAt})` }).from(backupRuns);
  return row?.at ? new Date(row.at) : null;
}

/** The first firm's creation (read with the identity lookup): when an install without a backup began to be at risk. */
export async function findFirstFirmAt(tx: Tx): Promise<Date | null> {
  const [row] = await tx.select({ at: sql<string | null>`min(${firms.createdAt})` }).from(firms);
  return row?.at ? new Date(row.at) : null;
}

/** The firm's owner, told of a backup that failed: the installation's backups are each firm's. */
export async function findFirmOwner(tx: Tx, firmId: string): Promise<{ email: string; name: string } | null> {
  const [row] = await tx
    .select({ email: users.email, name: users.name })
    .from(firms)
    .innerJoin(users, and(eq(users.id, firms.ownerUserId), eq(users.firmId, firms.id)))
    .where(eq(firms.id, firmId));
  return row ?? null;
}
