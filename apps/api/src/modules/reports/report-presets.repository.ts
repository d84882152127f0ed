import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { reportPresets, roles, users } from '../../db/schema/index.ts';

const presetColumns = {
  id: reportPresets.id,
  userId: reportPresets.userId,
  report: reportPresets.report,
  name: reportPresets.name,
  query: reportPresets.query,
  schedule: reportPresets.schedule,
  recipientUserIds: reportPresets.recipientUserIds,
  nextRunOn: reportPresets.nextRunOn,
  lastSentAt: sql<string | null>`to_char(${reportPresets.lastSentAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

export type PresetRow = Awaited<ReturnType<typeof findPresets>>[number];

/** A user's presets, by report then name. */
export function findPresets(tx: Tx, firmId: string, userId: string, report: string | undefined) {
  return tx
    .select(presetColumns)
    .from(reportPresets)
    .where(and(eq(reportPresets.firmId, firmId), eq(reportPresets.userId, userId), report ? eq(reportPresets.report, report) : undefined))
    .orderBy(asc(reportPresets.report), asc(reportPresets.name));
}

/** Saves a preset; a name the user already gave one of the report's presets replaces its filters. */
export async function upsertPreset(
  tx: Tx,
  values: { firmId: string; userId: string; report: string; name: string; query: Record<string, string> },
) {
  const [row] = await tx
    .insert(reportPresets)
    .values(values)
    .onConflictDoUpdate({
      target: [reportPresets.firmId, reportPresets.userId, reportPresets.report, reportPresets.name],
      set: { query: values.query, updatedAt: sql`now()` },
    })
    .returning(presetColumns);
  return row!;
}

/** One of the user's presets, locked for a change. */
export async function lockPreset(tx: Tx, firmId: string, userId: string, id: string) {
  const [row] = await tx
    .select(presetColumns)
    .from(reportPresets)
    .where(and(eq(reportPresets.firmId, firmId), eq(reportPresets.userId, userId), eq(reportPresets.id, id)))
    .for('update');
  return row ?? null;
}

export async function updateSchedule(
  tx: Tx,
  firmId: string,
  id: string,
  values: { schedule: 'weekly' | 'monthly' | null; recipientUserIds: string[]; nextRunOn: string | null },
) {
  const [row] = await tx
    .update(reportPresets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(reportPresets.firmId, firmId), eq(reportPresets.id, id)))
    .returning(presetColumns);
  return row!;
}

export async function deletePreset(tx: Tx, firmId: string, id: string) {
  await tx.delete(reportPresets).where(and(eq(reportPresets.firmId, firmId), eq(reportPresets.id, id)));
}

/** The firm's members among `ids` who may receive a report: active, with their e-mail and their role's permissions. */
export function findRecipients(tx: Tx, firmId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: users.id, email: users.email, name: users.name, permissions: roles.permissions })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.firmId, firmId), inArray(users.id, ids), eq(users.isActive, true)));
}

/** Scheduled presets due on or before the firm's today, locked so two runs never send one twice. */
export function lockDuePresets(tx: Tx, firmId: string, today: string) {
  return tx
    .select(presetColumns)
    .from(reportPresets)
    .where(and(eq(reportPresets.firmId, firmId), isNotNull(reportPresets.schedule), lte(reportPresets.nextRunOn, today)))
    .orderBy(asc(reportPresets.nextRunOn), asc(reportPresets.id))
    .for('update', { skipLocked: true });
}

export async function markSent(tx: Tx, firmId: string, id: string, nextRunOn: string) {
  await tx
    .update(reportPresets)
    .set({ nextRunOn, lastSentAt: sql`now()` })
    .where(and(eq(reportPresets.firmId, firmId), eq(reportPresets.id, id)));
}

/** Every firm's id, for the scheduler to visit each firm in its own transaction. */
