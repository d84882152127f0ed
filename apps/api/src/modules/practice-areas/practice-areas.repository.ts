import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { practiceAreas } from '../../db/schema/index.ts';

/** Non-deleted matters using the area (table names spelt out: drizzle leaves single-table columns unqualified). */
const matterCountOf = sql<number>`(select count(*)::int from matter_practice_areas mpa
  join matters m on m.id = mpa.matter_id
  where mpa.practice_area_id = practice_areas.id and m.deleted_at is null)`;

const columns = { id: practiceAreas.id, name: practiceAreas.name, matterCount: matterCountOf };

export async function findPracticeAreas(tx: Tx, firmId: string) {
  return tx
    .select(columns)
    .from(practiceAreas)
    .where(and(eq(practiceAreas.firmId, firmId), isNull(practiceAreas.deletedAt)))
    .orderBy(asc(sql`lower(${practiceAreas.name})`), asc(practiceAreas.id));
}

export async function findPracticeArea(tx: Tx, practiceAreaId: string) {
  const [row] = await tx
    .select(columns)
    .from(practiceAreas)
    .where(and(eq(practiceAreas.id, practiceAreaId), isNull(practiceAreas.deletedAt)));
  return row ?? null;
}

/** Serialises name changes within one firm, so two requests cannot both add the same name. */
export async function lockPracticeAreaNames(tx: Tx, firmId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`practice_areas:${firmId}`}))`);
}

export async function practiceAreaNameTaken(tx: Tx, firmId: string, name: string, exceptId: string | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: practiceAreas.id })
    .from(practiceAreas)
    .where(
      and(
        eq(practiceAreas.firmId, firmId),
        isNull(practiceAreas.deletedAt),
        sql`lower(${practiceAreas.name}) = lower(${name})`,
        exceptId ? ne(practiceAreas.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertPracticeArea(tx: Tx, firmId: string, name: string): Promise<string> {
  const [row] = await tx.insert(practiceAreas).values({ firmId, name }).returning({ id: practiceAreas.id });
  return row!.id;
}

export async function renamePracticeArea(tx: Tx, practiceAreaId: string, name: string) {
  await tx.update(practiceAreas).set({ name }).where(eq(practiceAreas.id, practiceAreaId));
}

export async function softDeletePracticeArea(tx: Tx, practiceAreaId: string) {
  await tx
    .update(practiceAreas)
    .set({ deletedAt: sql`now()` })
    .where(eq(practiceAreas.id, practiceAreaId));
}
