import type { LedesClassification } from '@matterhorn/shared';
import { and, asc, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/database.ts';
import { authTokens, feeEarnerCostRates, firms, roles, sessions, subscriptions, users } from '../../db/schema/index.ts';
import { firmToday } from '../../platform/firm-clock.ts';

const pendingInvitation = () => and(eq(authTokens.purpose, 'invitation'), isNull(authTokens.usedAt), gt(authTokens.expiresAt, sql`now()`));

/** Of the member's cost rate row that applies to time worked today (the firm's today). */
const todaysCostRate = (column: SQL) => sql`(
  select ${column} from ${feeEarnerCostRates} rate
  where rate.firm_id = ${users.firmId} and rate.fee_earner_id = ${users.id} and rate.effective_from <= ${firmToday(firms.timeZone)}
  order by rate.effective_from desc limit 1)`;

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  roleId: users.roleId,
  roleName: roles.name,
  hasTwoStep: sql<boolean>`(${users.totpEnabledAt} is not null or exists (select 1 from user_passkeys p where p.firm_id = ${users.firmId} and p.user_id = ${users.id}))`,
  permissions: roles.permissions,
  defaultHourlyRate: users.defaultHourlyRate,
  timekeeperCode: users.timekeeperCode,
  ledesClassification: users.ledesClassification,
  costRate: sql<string | null>`${todaysCostRate(sql`rate.cost_rate::text`)}`,
  costRateFrom: sql<string | null>`${todaysCostRate(sql`to_char(rate.effective_from, 'YYYY-MM-DD')`)}`,
  availableHoursPerDay: users.availableHoursPerDay,
  isActive: users.isActive,
  isOwner: sql<boolean>`coalesce(${firms.ownerUserId} = ${users.id}, false)`,
};

export async function listMembers(tx: Tx, firmId: string, includeInactive: boolean) {
  return tx
    .select(memberColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(firms, eq(firms.id, users.firmId))
    .where(and(eq(users.firmId, firmId), includeInactive ? undefined : eq(users.isActive, true)))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

export async function findMember(tx: Tx, firmId: string, userId: string) {
  const [row] = await tx
    .select(memberColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(firms, eq(firms.id, users.firmId))
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
  return row ?? null;
}

export async function findRole(tx: Tx, firmId: string, roleId: string) {
  const [row] = await tx
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
    .from(roles)
    .where(and(eq(roles.firmId, firmId), eq(roles.id, roleId)));
  return row ?? null;
}

/** Any user of any firm with this email; run as the identity-lookup role, before switching to the firm. */
/** Whose account an email is, if anyone's: read through the identity lookup, across firms. */
export async function firmOfUserEmail(tx: Tx, email: string): Promise<string | null> {
  const [row] = await tx.select({ firmId: users.firmId }).from(users).where(eq(users.email, email));
  return row?.firmId ?? null;
}

/** Serialises seat and administrator checks of one firm: concurrent invites cannot both take the last seat. */
export async function lockFirm(tx: Tx, firmId: string) {
  await tx.select({ id: firms.id }).from(firms).where(eq(firms.id, firmId)).for('update');
}

/** Active members plus pending invitations, against the current subscription's seats. */
export async function findSeatUsage(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({
      activeUsers: sql<number>`(select count(*)::int from ${users} where ${users.firmId} = ${firmId} and ${users.isActive})`,
      pendingInvitations: sql<number>`(select count(*)::int from ${authTokens} where ${authTokens.firmId} = ${firmId}
        and ${authTokens.purpose} = 'invitation' and ${authTokens.usedAt} is null and ${authTokens.expiresAt} > now())`,
      allocatedSeats: sql<number>`coalesce((select ${subscriptions.allocatedNumberUsers} from ${subscriptions}
        where ${subscriptions.firmId} = ${firmId} order by ${subscriptions.createdAt} desc limit 1), 0)`,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row ?? { activeUsers: 0, pendingInvitations: 0, allocatedSeats: 0 };
}

export async function countActiveAdministrators(tx: Tx, firmId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.firmId, firmId), eq(users.isActive, true), sql`'administrator' = any(${roles.permissions})`));
  return row?.count ?? 0;
}

/** Ends the pending invitations to an email (a new invitation replaces them). */
export async function retirePendingInvitations(tx: Tx, firmId: string, email: string) {
  await tx
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.firmId, firmId), eq(authTokens.email, email), pendingInvitation()));
}

export async function insertInvitation(
  tx: Tx,
  values: { firmId: string; tokenHash: string; email: string; roleId: string; createdByUserId: string; lifetimeDays: number },
): Promise<string> {
  const { lifetimeDays, ...row } = values;
  const [inserted] = await tx
    .insert(authTokens)
    .values({ ...row, purpose: 'invitation', expiresAt: sql`now() + make_interval(days => ${lifetimeDays})` })
    .returning({ id: authTokens.id });
  return inserted!.id;
}

const inviter = alias(users, 'inviter');

export async function listPendingInvitations(tx: Tx, firmId: string, invitationId?: string) {
  return tx
    .select({
      id: authTokens.id,
      email: authTokens.email,
      roleName: sql<string>`coalesce(${roles.name}, '')`,
      invitedBy: inviter.name,
      createdAt: authTokens.createdAt,
      expiresAt: authTokens.expiresAt,
    })
    .from(authTokens)
    .leftJoin(roles, eq(roles.id, authTokens.roleId))
    .leftJoin(inviter, eq(inviter.id, authTokens.createdByUserId))
    .where(and(eq(authTokens.firmId, firmId), pendingInvitation(), invitationId ? eq(authTokens.id, invitationId) : undefined))
    .orderBy(desc(authTokens.createdAt), asc(authTokens.id));
}

/** Cancels a pending invitation; null when there is none with that id. */
export async function cancelInvitation(tx: Tx, firmId: string, invitationId: string) {
  const [row] = await tx
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.firmId, firmId), eq(authTokens.id, invitationId), pendingInvitation()))
    .returning({ id: authTokens.id, email: authTokens.email });
  return row ?? null;
}

export type MemberUpdate = {
  name: string;
  roleId: string;
  defaultHourlyRate: string | null;
  ledesClassification?: LedesClassification | null | undefined;
  availableHoursPerDay?: string | null | undefined;
};

export async function updateMember(tx: Tx, firmId: string, userId: string, values: MemberUpdate) {
  // A field left out (undefined) stays as it was: drizzle's set skips it.
  await tx
    .update(users)
    .set(values)
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
}

/**
 * Sets a fee earner's cost rate for their time worked from a day (the firm's today when none is
 * given), replacing a rate set from that same day. Returns the day.
 */
export async function setCostRateFrom(
  tx: Tx,
  firmId: string,
  feeEarnerId: string,
  rate: { costRate: string | null; from: string | undefined; setByUserId: string },
): Promise<string> {
  const from = rate.from ?? sql`(select ${firmToday(firms.timeZone)} from ${firms} where ${firms.id} = ${firmId})`;
  const [row] = await tx
    .insert(feeEarnerCostRates)
    .values({ firmId, feeEarnerId, effectiveFrom: from, costRate: rate.costRate, setByUserId: rate.setByUserId })
    .onConflictDoUpdate({
      target: [feeEarnerCostRates.firmId, feeEarnerCostRates.feeEarnerId, feeEarnerCostRates.effectiveFrom],
      set: { costRate: rate.costRate, setByUserId: rate.setByUserId, setAt: sql`now()` },
    })
    .returning({ effectiveFrom: feeEarnerCostRates.effectiveFrom });
  return row!.effectiveFrom;
}

export async function setMemberActive(tx: Tx, firmId: string, userId: string, isActive: boolean) {
  await tx
    .update(users)
    .set({ isActive })
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
}

export async function revokeSessionsOfUser(tx: Tx, firmId: string, userId: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.firmId, firmId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** The firm's built-in administrator role (the one holding 'administrator'), oldest first. */
export async function findAdministratorRoleId(tx: Tx, firmId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.firmId, firmId), sql`'administrator' = any(${roles.permissions})`))
    .orderBy(roles.createdAt)
    .limit(1);
  return row?.id ?? null;
}

export async function setMemberRole(tx: Tx, firmId: string, userId: string, roleId: string) {
  await tx
    .update(users)
    .set({ roleId })
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
}

export async function setFirmOwner(tx: Tx, firmId: string, userId: string) {
  await tx
    .update(firms)
    .set({ ownerUserId: userId, updatedAt: sql`now()` })
    .where(eq(firms.id, firmId));
}

export async function findFirmName(tx: Tx, firmId: string): Promise<string> {
  const [row] = await tx.select({ name: firms.name }).from(firms).where(eq(firms.id, firmId));
  return row?.name ?? '';
}
