import { roleSchema, type Role } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { parseList } from '../../../lib/parse-list.ts';

/** Shared with the team page's Role dropdown, so saving a role refreshes both. */
export const ROLES_KEY = ['roles', 'list'] as const;

export async function getRoles(): Promise<Role[]> {
  const data = await apiGet<unknown>('/admin/admin-roles/get-roles', undefined, 'firm');
  return parseList(roleSchema, data);
}

export const rolesQuery = queryOptions({ queryKey: ROLES_KEY, queryFn: getRoles });

export function useRoles() {
  return useQuery(rolesQuery);
}
