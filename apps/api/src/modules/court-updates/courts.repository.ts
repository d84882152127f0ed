import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { courts } from '../../db/schema/index.ts';

export type CourtValues = { name: string; division: string | null; address: string | null };

const columns = { id: courts.id, name: courts.name, division: courts.division, address: courts.address };

/** The firm's live courts by name (then division), as the court update form offers them. */
export async function findCourts(tx: Tx, firmId: string) {
  return tx
    .select(columns)
    .from(courts)
    .where(and(eq(courts.firmId, firmId), isNull(courts.deletedAt)))
    .orderBy(asc(sql`lower(${courts.name})`), asc(sql`lower(coalesce(${courts.division}, ''))`), asc(courts.id));
}

/** One court of the firm, deleted ones included (a court update keeps showing its court), with whether it is live. */
export async function findCourtReference(tx: Tx, firmId: string, courtId: string) {
  const [row] = await tx
    .select({ ...columns, isLive: sql<boolean>`${courts.deletedAt} is null` })
    .from(courts)
    .where(and(eq(courts.firmId, firmId), eq(courts.id, courtId)));
  return row ?? null;
}

/** The live court, locked for the change about to be made to it. */
export async function lockCourt(tx: Tx, firmId: string, courtId: string) {
  const [row] = await tx
    .select(columns)
    .from(courts)
    .where(and(eq(courts.firmId, firmId), eq(courts.id, courtId), isNull(courts.deletedAt)))
    .for('update');
  return row ?? null;
}

/** Serialises changes to the firm's court names, so two requests cannot both add the same court. */
export async function lockCourtNames(tx: Tx, firmId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`courts:${firmId}`}))`);
}

/** Whether another live court of the firm has this name and division, ignoring case (no division matches no division). */
export async function isCourtNameTaken(tx: Tx, firmId: string, values: CourtValues, exceptId: string | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: courts.id })
    .from(courts)
    .where(
      and(
        eq(courts.firmId, firmId),
        isNull(courts.deletedAt),
        sql`lower(${courts.name}) = lower(${values.name})`,
        sql`lower(coalesce(${courts.division}, '')) = lower(${values.division ?? ''})`,
        exceptId ? ne(courts.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertCourt(tx: Tx, firmId: string, values: CourtValues): Promise<string> {
  const [row] = await tx
    .insert(courts)
    .values({ firmId, ...values })
    .returning({ id: courts.id });
  return row!.id;
}

export async function updateCourt(tx: Tx, firmId: string, courtId: string, values: CourtValues) {
  await tx
    .update(courts)
    .set(values)
    .where(and(eq(courts.firmId, firmId), eq(courts.id, courtId)));
}

export async function setCourtDeleted(tx: Tx, firmId: string, courtId: string) {
  await tx
    .update(courts)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(courts.firmId, firmId), eq(courts.id, courtId)));
}
