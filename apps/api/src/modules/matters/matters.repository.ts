import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import {
  clients,
  customFieldDefinitions,
  matterAssignees,
  matterParties,
  matterPracticeAreas,
  matters,
  practiceAreas,
  users,
} from '../../db/schema/index.ts';

export type MatterValues = {
  clientId: string;
  matterName: string;
  billingType: (typeof matters.$inferInsert)['billingType'];
  description: string;
  shelfLocation: string | null;
  clientMatterReference: string | null;
  matterOpenDate: string;
  hourlyRate: string | null;
  flatRate: string | null;
  contingencyPercentage: string | null;
  customFields: Record<string, string>;
};
export type AssigneeValues = { userId: string; hourlyRate: string };
export type PartyValues = { partyRole: 'related' | 'opposing'; partyType: 'individual' | 'company'; name: string; notes: string };

export async function findClientForMatter(tx: Tx, clientId: string) {
  const [row] = await tx
    .select({ id: clients.id, status: clients.status })
    .from(clients)
    .where(and(eq(clients.id, clientId), isNull(clients.deletedAt)));
  return row ?? null;
}

export async function findActiveUserIds(tx: Tx, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.isActive, true)));
  return rows.map((row) => row.id);
}

export async function findPracticeAreaIds(tx: Tx, practiceAreaIds: string[]): Promise<string[]> {
  if (practiceAreaIds.length === 0) return [];
  const rows = await tx
    .select({ id: practiceAreas.id })
    .from(practiceAreas)
    .where(and(inArray(practiceAreas.id, practiceAreaIds), isNull(practiceAreas.deletedAt)));
  return rows.map((row) => row.id);
}

export async function findMatterCustomFields(tx: Tx) {
  return tx
    .select({
      id: customFieldDefinitions.id,
      label: customFieldDefinitions.label,
      fieldType: customFieldDefinitions.fieldType,
      options: customFieldDefinitions.options,
      isRequired: customFieldDefinitions.isRequired,
    })
    .from(customFieldDefinitions)
    .where(and(eq(customFieldDefinitions.entityType, 'matter'), isNull(customFieldDefinitions.deletedAt)));
}

/** Takes the firm's next matter number under the firm row's lock, so concurrent creates never share one. */
export async function insertMatter(tx: Tx, firmId: string, values: MatterValues & { matterNumber: string; createdByUserId: string }) {
  const [row] = await tx
    .insert(matters)
    .values({ firmId, ...values })
    .returning({ id: matters.id });
  return row!.id;
}

export async function updateMatter(tx: Tx, matterId: string, values: MatterValues) {
  await tx
    .update(matters)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(matters.id, matterId));
}

/** Replaces the matter's fee earners, parties and practice areas with the given ones. */
export async function replaceMatterLinks(
  tx: Tx,
  firmId: string,
  matterId: string,
  links: { assignees: AssigneeValues[]; parties: PartyValues[]; practiceAreaIds: string[] },
) {
  await tx.delete(matterAssignees).where(eq(matterAssignees.matterId, matterId));
  await tx.delete(matterParties).where(eq(matterParties.matterId, matterId));
  await tx.delete(matterPracticeAreas).where(eq(matterPracticeAreas.matterId, matterId));
  if (links.assignees.length > 0) {
    await tx.insert(matterAssignees).values(links.assignees.map((assignee) => ({ firmId, matterId, ...assignee })));
  }
  if (links.parties.length > 0) {
    await tx.insert(matterParties).values(links.parties.map((party) => ({ firmId, matterId, ...party })));
  }
  if (links.practiceAreaIds.length > 0) {
    await tx.insert(matterPracticeAreas).values(links.practiceAreaIds.map((practiceAreaId) => ({ firmId, matterId, practiceAreaId })));
  }
}

/** The matter's state for a change, locked until the transaction ends; deleted matters included. */
export async function lockMatter(tx: Tx, matterId: string) {
  const [row] = await tx
    .select({
      id: matters.id,
      clientId: matters.clientId,
      status: matters.status,
      matterOpenDate: matters.matterOpenDate,
      matterCloseDate: matters.matterCloseDate,
      deletedAt: matters.deletedAt,
    })
    .from(matters)
    .where(eq(matters.id, matterId))
    .for('update');
  return row ?? null;
}

export async function setMatterStatus(tx: Tx, matterId: string, status: 'Open' | 'Closed', matterCloseDate: string | null) {
  await tx
    .update(matters)
    .set({ status, matterCloseDate, updatedAt: sql`now()` })
    .where(eq(matters.id, matterId));
}

export async function setMatterDeleted(tx: Tx, matterId: string, deletedByUserId: string | null) {
  await tx
    .update(matters)
    .set({ deletedAt: deletedByUserId ? sql`now()` : null, deletedByUserId, updatedAt: sql`now()` })
    .where(eq(matters.id, matterId));
}

export async function isClientDeleted(tx: Tx, clientId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), isNotNull(clients.deletedAt)));
  return Boolean(row);
}

export async function findMatterDetail(tx: Tx, matterId: string) {
  const [matter] = await tx
    .select({
      id: matters.id,
      matterNumber: matters.matterNumber,
      matterName: matters.matterName,
      billingType: matters.billingType,
      description: matters.description,
      status: matters.status,
      shelfLocation: matters.shelfLocation,
      clientMatterReference: matters.clientMatterReference,
      matterOpenDate: matters.matterOpenDate,
      matterCloseDate: matters.matterCloseDate,
      hourlyRate: matters.hourlyRate,
      flatRate: matters.flatRate,
      contingencyPercentage: matters.contingencyPercentage,
      customFields: matters.customFields,
      createdAt: matters.createdAt,
      updatedAt: matters.updatedAt,
      clientId: clients.id,
      clientName: clients.displayName,
      clientType: clients.clientType,
    })
    .from(matters)
    .innerJoin(clients, eq(clients.id, matters.clientId))
    .where(and(eq(matters.id, matterId), isNull(matters.deletedAt)));
  if (!matter) return null;
  const assignees = await tx
    .select({ userId: users.id, name: users.name, hourlyRate: matterAssignees.hourlyRate })
    .from(matterAssignees)
    .innerJoin(users, eq(users.id, matterAssignees.userId))
    .where(eq(matterAssignees.matterId, matterId))
    .orderBy(asc(users.name));
  const parties = await tx
    .select({
      id: matterParties.id,
      partyRole: matterParties.partyRole,
      partyType: matterParties.partyType,
      name: matterParties.name,
      notes: matterParties.notes,
    })
    .from(matterParties)
    .where(eq(matterParties.matterId, matterId))
    .orderBy(asc(matterParties.createdAt), asc(matterParties.name));
  const areas = await tx
    .select({ id: practiceAreas.id, name: practiceAreas.name })
    .from(matterPracticeAreas)
    .innerJoin(practiceAreas, eq(practiceAreas.id, matterPracticeAreas.practiceAreaId))
    .where(eq(matterPracticeAreas.matterId, matterId))
    .orderBy(asc(practiceAreas.name));
  return { ...matter, assignees, parties, practiceAreas: areas };
}

/** A client's matters for dropdowns: open ones first, then by name. */
export async function findMatterNamesOfClient(tx: Tx, firmId: string, clientId: string) {
  return tx
    .select({
      id: matters.id,
      matterName: matters.matterName,
      matterNumber: matters.matterNumber,
      matterRate: matters.billingType,
      status: matters.status,
    })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.clientId, clientId), isNull(matters.deletedAt)))
    .orderBy(sql`${matters.status} = 'Open' desc`, asc(matters.matterName), asc(matters.id));
}

/** How many open, live matters a member is assigned to (what deactivating them would hand over). */
export async function countOpenMattersOf(tx: Tx, firmId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(matterAssignees)
    .innerJoin(matters, and(eq(matters.firmId, matterAssignees.firmId), eq(matters.id, matterAssignees.matterId)))
    .where(
      and(eq(matterAssignees.firmId, firmId), eq(matterAssignees.userId, userId), eq(matters.status, 'Open'), isNull(matters.deletedAt)),
    );
  return Number(row?.count ?? 0);
}

/**
 * Puts a colleague in a departing member's place on their open matters (at the colleague's default
 * rate, else the departing member's rate on that matter); closed matters keep their history as it was.
 * Answers the matters handed over.
 */
export async function reassignOpenMatters(tx: Tx, firmId: string, fromUserId: string, toUserId: string): Promise<number> {
  const result = await tx.execute(sql`
    with open_rows as (
      select a.matter_id, a.hourly_rate
        from matter_assignees a
        join matters m on m.firm_id = a.firm_id and m.id = a.matter_id
       where a.firm_id = ${firmId} and a.user_id = ${fromUserId} and m.status = 'Open' and m.deleted_at is null
    ), added as (
      insert into matter_assignees (firm_id, matter_id, user_id, hourly_rate)
      select ${firmId}, o.matter_id, ${toUserId}, coalesce(u.default_hourly_rate, o.hourly_rate)
        from open_rows o
        join users u on u.firm_id = ${firmId} and u.id = ${toUserId}
      on conflict (matter_id, user_id) do nothing
    )
    delete from matter_assignees a
     using open_rows o
     where a.firm_id = ${firmId} and a.matter_id = o.matter_id and a.user_id = ${fromUserId}
    returning a.matter_id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
