import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { activityTypes, firms } from '../../db/schema/index.ts';

const columns = { id: activityTypes.id, activityType: activityTypes.activityType, utbmsCode: activityTypes.utbmsCode };
const live = (firmId: string) => and(eq(activityTypes.firmId, firmId), isNull(activityTypes.deletedAt));

export async function listActivityTypes(tx: Tx, firmId: string) {
  return tx
    .select(columns)
    .from(activityTypes)
    .where(live(firmId))
    .orderBy(asc(sql`lower(${activityTypes.activityType})`), asc(activityTypes.id));
}

export async function findActivityType(tx: Tx, firmId: string, id: string) {
  const [row] = await tx
    .select(columns)
    .from(activityTypes)
    .where(and(live(firmId), eq(activityTypes.id, id)));
  return row ?? null;
}

/** Serialises writes of one firm's activity types, so two equal names cannot both pass the check. */
export async function lockFirm(tx: Tx, firmId: string) {
  await tx.select({ id: firms.id }).from(firms).where(eq(firms.id, firmId)).for('update');
}

export async function activityTypeNameTaken(tx: Tx, firmId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: activityTypes.id })
    .from(activityTypes)
    .where(
      and(live(firmId), sql`lower(${activityTypes.activityType}) = lower(${name})`, exceptId ? ne(activityTypes.id, exceptId) : undefined),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertActivityType(tx: Tx, values: { firmId: string; activityType: string; utbmsCode: string | null }) {
  const [row] = await tx.insert(activityTypes).values(values).returning(columns);
  return row!;
}

export async function updateActivityType(tx: Tx, firmId: string, id: string, values: { activityType: string; utbmsCode: string | null }) {
  const [row] = await tx
    .update(activityTypes)
    .set(values)
    .where(and(live(firmId), eq(activityTypes.id, id)))
    .returning(columns);
  return row ?? null;
}

export async function softDeleteActivityType(tx: Tx, firmId: string, id: string) {
  const [row] = await tx
    .update(activityTypes)
    .set({ deletedAt: sql`now()` })
    .where(and(live(firmId), eq(activityTypes.id, id)))
    .returning(columns);
  return row ?? null;
}
