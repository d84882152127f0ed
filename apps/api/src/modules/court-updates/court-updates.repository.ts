import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { courtUpdateAppearances, courtUpdates, matters, users } from '../../db/schema/index.ts';
import { courtUpdateColumns } from './court-update-list.repository.ts';

export type CourtUpdateValues = {
  clientId: string;
  matterId: string;
  courtId: string;
  suitNumber: string;
  judge: string | null;
  hearingDate: string;
  outcome: string;
  nextAdjournedDate: string | null;
  nextAdjournedTime: string | null;
  nextAdjournedPurpose: string | null;
  nextSteps: string | null;
  isSharedWithClient: boolean;
};

/** The matter a court update would go on, in the firm, with its client and liveness; null when it is not the firm's. */
export async function findMatterReference(tx: Tx, firmId: string, matterId: string) {
  const [row] = await tx
    .select({
      clientId: matters.clientId,
      isLive: sql<boolean>`${matters.deletedAt} is null and ${matters.clientDeletedAt} is null`,
    })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.id, matterId)));
  return row ?? null;
}

/** Which of these users are the firm's, and whether each is active (another firm's never appear). */
export async function findUserReferences(tx: Tx, firmId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return tx
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.firmId, firmId), inArray(users.id, userIds)));
}

export async function insertCourtUpdate(tx: Tx, firmId: string, addedByUserId: string, values: CourtUpdateValues): Promise<string> {
  const [row] = await tx
    .insert(courtUpdates)
    .values({ firmId, addedByUserId, ...values })
    .returning({ id: courtUpdates.id });
  return row!.id;
}

/** The live court update, locked for the change about to be made to it, with its times as HH:MM. */
export async function lockCourtUpdate(tx: Tx, firmId: string, courtUpdateId: string) {
  const [row] = await tx
    .select()
    .from(courtUpdates)
    .where(and(eq(courtUpdates.firmId, firmId), eq(courtUpdates.id, courtUpdateId), isNull(courtUpdates.deletedAt)))
    .for('update');
  return row ?? null;
}

/**
 * Replaces the update's values, raising its calendar revision. An edit that takes the next hearing
 * away keeps the date and time the calendars showed (or kept from an earlier such edit) as the
 * cancelled hearing; one that names a next hearing clears it. SET reads the row as it was.
 */
export async function updateCourtUpdate(tx: Tx, firmId: string, courtUpdateId: string, values: CourtUpdateValues) {
  const isNextHearingGone = values.nextAdjournedDate === null;
  await tx
    .update(courtUpdates)
    .set({
      ...values,
      cancelledNextDate: isNextHearingGone ? sql`coalesce(${courtUpdates.nextAdjournedDate}, ${courtUpdates.cancelledNextDate})` : null,
      cancelledNextTime: isNextHearingGone
        ? sql`case when ${courtUpdates.nextAdjournedDate} is null then ${courtUpdates.cancelledNextTime} else ${courtUpdates.nextAdjournedTime} end`
        : null,
      calendarSequence: sql`${courtUpdates.calendarSequence} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(courtUpdates.firmId, firmId), eq(courtUpdates.id, courtUpdateId)));
}

/** The soft delete, a revision of the hearing: the feeds send it as cancelled. */
export async function setCourtUpdateDeleted(tx: Tx, firmId: string, courtUpdateId: string, deletedByUserId: string) {
  await tx
    .update(courtUpdates)
    .set({ deletedAt: sql`now()`, deletedByUserId, calendarSequence: sql`${courtUpdates.calendarSequence} + 1` })
    .where(and(eq(courtUpdates.firmId, firmId), eq(courtUpdates.id, courtUpdateId)));
}

/** The fee earners who appeared, replaced as a whole (the table keeps no history: the audit trail does). */
export async function replaceAppearances(tx: Tx, firmId: string, courtUpdateId: string, userIds: string[]) {
  await tx
    .delete(courtUpdateAppearances)
    .where(and(eq(courtUpdateAppearances.firmId, firmId), eq(courtUpdateAppearances.courtUpdateId, courtUpdateId)));
  if (userIds.length === 0) return;
  await tx.insert(courtUpdateAppearances).values(userIds.map((userId) => ({ firmId, courtUpdateId, userId })));
}

/** Who appeared at the hearing, by name. */
export async function findAppearances(tx: Tx, firmId: string, courtUpdateId: string) {
  return tx
    .select({ userId: courtUpdateAppearances.userId, name: users.name })
    .from(courtUpdateAppearances)
    .innerJoin(users, eq(users.id, courtUpdateAppearances.userId))
    .where(and(eq(courtUpdateAppearances.firmId, firmId), eq(courtUpdateAppearances.courtUpdateId, courtUpdateId)))
    .orderBy(asc(users.name), asc(users.id));
}

/** One live court update with its names, its whole "what happened", next steps and last change. */
export async function findCourtUpdateDetail(tx: Tx, firmId: string, courtUpdateId: string) {
  const [row] = await tx
    .select({ ...courtUpdateColumns, outcome: courtUpdates.outcome, nextSteps: courtUpdates.nextSteps, updatedAt: courtUpdates.updatedAt })
    .from(courtUpdates)
    .where(and(eq(courtUpdates.firmId, firmId), eq(courtUpdates.id, courtUpdateId), isNull(courtUpdates.deletedAt)));
  return row ?? null;
}
