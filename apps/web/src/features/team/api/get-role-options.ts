import { roleSchema, type Role } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { parseList } from '../../../lib/parse-list.ts';

/** The firm's roles for the Role dropdowns (the roles page has its own call with the same key). */
export async function getRoleOptions(): Promise<Role[]> {
  const data = await apiGet<unknown>('/admin/admin-roles/get-roles', undefined, 'firm');
  return parseList(roleSchema, data);
}

export const roleOptionsQuery = queryOptions({ queryKey: ['roles', 'list'], queryFn: getRoleOptions });

export function useRoleOptions() {
  return useQuery(roleOptionsQuery);
}
