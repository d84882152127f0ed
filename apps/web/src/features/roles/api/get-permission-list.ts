import { permissionGroupSchema } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet } from '../../../lib/api-client.ts';
import { parseList } from '../../../lib/parse-list.ts';

export type PermissionGroup = z.infer<typeof permissionGroupSchema>;

export async function getPermissionList(): Promise<PermissionGroup[]> {
  const data = await apiGet<unknown>('/admin/admin-roles/get-permission-list', undefined, 'firm');
  return parseList(permissionGroupSchema, data);
}

export const permissionListQuery = queryOptions({
  queryKey: ['roles', 'permission-list'],
  queryFn: getPermissionList,
  staleTime: Infinity,
});

export function usePermissionList() {
  return useQuery(permissionListQuery);
}
