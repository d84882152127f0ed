import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { matterAssignees, matters, trustRequests } from '../../db/schema/index.ts';

/** The trust-requests module's SQL (the only file with it). */

export async function lockTrustRequest(tx: Tx, firmId: string, trustRequestId: string) {
  const [row] = await tx
    .select()
    .from(trustRequests)
    .where(and(eq(trustRequests.firmId, firmId), eq(trustRequests.id, trustRequestId)))
    .for('update');
  return row ?? null;
}

export type TrustRequestRow = NonNullable<Awaited<ReturnType<typeof lockTrustRequest>>>;

export async function updateTrustRequest(
  tx: Tx,
  firmId: string,
  trustRequestId: string,
  values: Partial<typeof trustRequests.$inferInsert>,
) {
  await tx
    .update(trustRequests)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(trustRequests.firmId, firmId), eq(trustRequests.id, trustRequestId)));
}

export async function insertTrustRequest(tx: Tx, values: typeof trustRequests.$inferInsert) {
  const [created] = await tx.insert(trustRequests).values(values).returning({ id: trustRequests.id });
  return created!.id;
}

/** An open top-up request of the matter (drafted, awaiting approval, sent or partly paid). */
export async function findOpenTopUpRequest(tx: Tx, firmId: string, matterId: string) {
  const [open] = await tx
    .select({ id: trustRequests.id })
    .from(trustRequests)
    .where(
      and(
        eq(trustRequests.firmId, firmId),
        eq(trustRequests.matterId, matterId),
        eq(trustRequests.isTopUp, true),
        inArray(trustRequests.status, ['Draft', 'AwaitingApproval', 'Sent', 'PartlyPaid']),
      ),
    )
    .limit(1);
  return open ?? null;
}

/** The matter's number and its responsible fee earner: its first assignee, else whoever opened it. */
export async function findMatterResponsible(tx: Tx, firmId: string, matterId: string) {
  const [matter] = await tx
    .select({ matterNumber: matters.matterNumber, createdByUserId: matters.createdByUserId })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.id, matterId)));
  const [assignee] = await tx
    .select({ userId: matterAssignees.userId })
    .from(matterAssignees)
    .where(and(eq(matterAssignees.firmId, firmId), eq(matterAssignees.matterId, matterId)))
    .orderBy(matterAssignees.userId)
    .limit(1);
  return { matterNumber: matter?.matterNumber ?? null, responsibleUserId: assignee?.userId ?? matter?.createdByUserId ?? null };
}
