import { ADMINISTRATOR, ALL_PERMISSIONS, CRUD_RESOURCES, isKnownPermission, type Role } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import * as repository from './roles.repository.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';

export const ROLE_MESSAGES = {
  administratorRole: 'The Administrator role cannot be changed',
  nameTaken: 'A role with this name already exists',
  lastAdministrator: 'The firm needs at least one administrator',
  grantAdministrator: 'Only an administrator can manage roles that hold the administrator permission',
  unknownPermission: (name: string) => `Unknown permission: ${name}`,
  stillHeld: (members: number) => `${members} ${members === 1 ? 'member holds' : 'members hold'} this role. Give them another role first.`,
  pendingInvitations: 'Pending invitations use this role. Cancel them first.',
} as const;

type RoleRow = NonNullable<Awaited<ReturnType<typeof repository.findRole>>>;
export type RoleInput = { name: string; permissions: string[] };
export type RolesService = ReturnType<typeof createRolesService>;

/** The permission names of SPEC.md §6 by resource; approvals join their resource, the rest are 'Other'. */
export function permissionGroups(): { resource: string; permissions: string[] }[] {
  const groups = CRUD_RESOURCES.map((resource) => ({
    resource: resource as string,
    permissions: ALL_PERMISSIONS.filter((name) => name === resource || name.startsWith(`${resource}.`)),
  }));
  const grouped = new Set(groups.flatMap((group) => group.permissions));
  return [...groups, { resource: 'Other', permissions: ALL_PERMISSIONS.filter((name) => !grouped.has(name)) }];
}

/** The firm's built-in Administrator role: the system role that holds 'administrator'. */
const isAdministratorRole = (role: RoleRow) => role.isSystem && role.permissions.includes(ADMINISTRATOR);

function normalisePermissions(permissions: readonly string[]): string[] {
  const unknown = permissions.find((name) => !isKnownPermission(name));
  if (unknown !== undefined) throw badRequest(ROLE_MESSAGES.unknownPermission(unknown));
  return [...new Set(permissions)];
}

const sameSet = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && left.every((name) => right.includes(name));

export function createRolesService(database: Database) {
  async function roleOrNotFound(tx: Tx, firmId: string, roleId: string) {
    const role = await repository.findRole(tx, firmId, roleId);
    if (!role) throw notFound('Role');
    return role;
  }

  function assertMayGrant(principal: FirmPrincipal, ...permissionSets: (readonly string[])[]) {
    const touchesAdministrator = permissionSets.some((set) => set.includes(ADMINISTRATOR));
    if (touchesAdministrator && !principal.permissions.includes(ADMINISTRATOR)) throw forbidden(ROLE_MESSAGES.grantAdministrator);
  }

  async function assertNameFree(tx: Tx, firmId: string, name: string, exceptRoleId?: string) {
    if (await repository.roleNameTaken(tx, firmId, name, exceptRoleId)) throw conflict(ROLE_MESSAGES.nameTaken, 'NAME_TAKEN');
  }

  /** A unique index backs the case-insensitive name check against a double submit. */
  async function inFirm<T>(principal: FirmPrincipal, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await database.withFirm(principal.firmId, async (tx) => {
        await repository.lockFirm(tx, principal.firmId);
        return fn(tx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(ROLE_MESSAGES.nameTaken, 'NAME_TAKEN');
      throw error;
    }
  }

  return {
    async list(principal: FirmPrincipal): Promise<Role[]> {
      return database.withFirm(principal.firmId, (tx) => repository.listRoles(tx, principal.firmId));
    },

    async create(principal: FirmPrincipal, input: RoleInput): Promise<Role> {
      const permissions = normalisePermissions(input.permissions);
      assertMayGrant(principal, permissions);
      return inFirm(principal, async (tx) => {
        await assertNameFree(tx, principal.firmId, input.name);
        const id = await repository.insertRole(tx, { firmId: principal.firmId, name: input.name, permissions });
        await recordAuditEvent(tx, principal, 'role.created', id, { name: input.name, permissions });
        return (await repository.findRole(tx, principal.firmId, id))!;
      });
    },

    async update(principal: FirmPrincipal, roleId: string, input: RoleInput): Promise<Role> {
      const permissions = normalisePermissions(input.permissions);
      return inFirm(principal, async (tx) => {
        const role = await roleOrNotFound(tx, principal.firmId, roleId);
        const unchanged = role.name === input.name && sameSet(role.permissions, permissions);
        if (isAdministratorRole(role)) {
          if (unchanged) return role;
          throw conflict(ROLE_MESSAGES.administratorRole);
        }
        assertMayGrant(principal, role.permissions, permissions);
        await assertNameFree(tx, principal.firmId, input.name, roleId);
        const losesAdministrator = role.permissions.includes(ADMINISTRATOR) && !permissions.includes(ADMINISTRATOR);
        if (
          losesAdministrator &&
          role.memberCount > 0 &&
          (await repository.countAdministratorsOutside(tx, principal.firmId, roleId)) === 0
        ) {
          throw conflict(ROLE_MESSAGES.lastAdministrator);
        }
        await repository.updateRole(tx, principal.firmId, roleId, { name: input.name, permissions });
        await recordAuditEvent(tx, principal, 'role.updated', roleId, {
          before: { name: role.name, permissions: role.permissions },
          after: { name: input.name, permissions },
        });
        return (await repository.findRole(tx, principal.firmId, roleId))!;
      });
    },

    async remove(principal: FirmPrincipal, roleId: string): Promise<void> {
      await inFirm(principal, async (tx) => {
        const role = await roleOrNotFound(tx, principal.firmId, roleId);
        if (isAdministratorRole(role)) throw conflict(ROLE_MESSAGES.administratorRole);
        assertMayGrant(principal, role.permissions);
        const holders = await repository.countHolders(tx, principal.firmId, roleId);
        if (holders.users > 0) throw conflict(ROLE_MESSAGES.stillHeld(holders.users));
        if (holders.pendingInvitations > 0) throw conflict(ROLE_MESSAGES.pendingInvitations);
        await repository.deleteRole(tx, principal.firmId, roleId);
        await recordAuditEvent(tx, principal, 'role.deleted', roleId, { name: role.name, permissions: role.permissions });
      });
    },
  };
}
