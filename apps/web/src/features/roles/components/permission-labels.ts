import { ADMINISTRATOR, type Role } from '@matterhorn/shared';

const ACTION_WORDS: Record<string, string> = { create: 'Create', edit: 'Edit', delete: 'Delete', approve: 'Approve' };

/** 'clientInfo.create' in the clientInfo group reads 'Create (clientInfo.create)'; the base name reads 'View (clientInfo)'. */
export function permissionLabel(resource: string, permission: string): string {
  if (permission === resource) return `View (${permission})`;
  if (permission.startsWith(`${resource}.`)) {
    const action = permission.slice(resource.length + 1);
    return `${ACTION_WORDS[action] ?? action} (${permission})`;
  }
  return permission;
}

/** The Administrator role passes every check (SPEC.md §6); it is shown, never edited here. */
export function isAdministratorRole(role: Pick<Role, 'permissions'>): boolean {
  return role.permissions.includes(ADMINISTRATOR);
}
