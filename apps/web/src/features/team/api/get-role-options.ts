import { roleListRoute, type Role } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** The firm's roles for the Role dropdowns (the roles page has its own call with the same key). */
export async function getRoleOptions(): Promise<Role[]> {
  return (await callContract(roleListRoute, {}, { auth: 'firm' })).data;
}

export const roleOptionsQuery = queryOptions({ queryKey: ['roles', 'list'], queryFn: getRoleOptions });

export function useRoleOptions() {
  return useQuery(roleOptionsQuery);
}
