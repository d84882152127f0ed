import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { authTokens, firms, roles, users } from '../../db/schema/index.ts';

const roleColumns = {
  id: roles.id,
  name: roles.name,
  permissions: roles.permissions,
  isSystem: roles.isSystem,
  memberCount: sql<number>`(count(${users.id}) filter (where ${users.isActive}))::int`,
};

/** Roles with their active members counted in one grouped join. */
const rolesWithCounts = (tx: Tx) => tx.select(roleColumns).from(roles).leftJoin(users, eq(users.roleId, roles.id)).$dynamic();

export async function listRoles(tx: Tx, firmId: string) {
  return rolesWithCounts(tx)
    .where(eq(roles.firmId, firmId))
    .groupBy(roles.id)
    .orderBy(asc(sql`lower(${roles.name})`), asc(roles.id));
}

export async function findRole(tx: Tx, firmId: string, roleId: string) {
  const [row] = await rolesWithCounts(tx)
    .where(and(eq(roles.firmId, firmId), eq(roles.id, roleId)))
    .groupBy(roles.id);
  return row ?? null;
}

/** Serialises role changes of one firm, so the name and administrator checks cannot race. */
export async function lockFirm(tx: Tx, firmId: string) {
  await tx.select({ id: firms.id }).from(firms).where(eq(firms.id, firmId)).for('update');
}

export async function roleNameTaken(tx: Tx, firmId: string, name: string, exceptRoleId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.firmId, firmId), sql`lower(${roles.name}) = lower(${name})`, exceptRoleId ? ne(roles.id, exceptRoleId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** Active members holding 'administrator' through a role other than the given one. */
export async function countAdministratorsOutside(tx: Tx, firmId: string, roleId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.firmId, firmId), eq(users.isActive, true), ne(roles.id, roleId), sql`'administrator' = any(${roles.permissions})`));
  return row?.count ?? 0;
}

/** Everyone who holds the role, active or not (the foreign key keeps it while any do), and pending invitations to it. */
export async function countHolders(tx: Tx, firmId: string, roleId: string) {
  const [row] = await tx
    .select({
      users: sql<number>`(select count(*)::int from ${users} where ${users.firmId} = ${firmId} and ${users.roleId} = ${roleId})`,
      pendingInvitations: sql<number>`(select count(*)::int from ${authTokens} where ${authTokens.firmId} = ${firmId}
        and ${authTokens.roleId} = ${roleId} and ${authTokens.usedAt} is null and ${authTokens.expiresAt} > now())`,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row ?? { users: 0, pendingInvitations: 0 };
}

export async function insertRole(tx: Tx, values: { firmId: string; name: string; permissions: string[] }): Promise<string> {
  const [row] = await tx.insert(roles).values(values).returning({ id: roles.id });
  return row!.id;
}

export async function updateRole(tx: Tx, firmId: string, roleId: string, values: { name: string; permissions: string[] }) {
  await tx
    .update(roles)
    .set(values)
    .where(and(eq(roles.firmId, firmId), eq(roles.id, roleId)));
}

/** Used and expired invitations may still point at the role; they keep their history without it. */
export async function deleteRole(tx: Tx, firmId: string, roleId: string) {
  await tx
    .update(authTokens)
    .set({ roleId: null })
    .where(and(eq(authTokens.firmId, firmId), eq(authTokens.roleId, roleId)));
  await tx.delete(roles).where(and(eq(roles.firmId, firmId), eq(roles.id, roleId)));
}
