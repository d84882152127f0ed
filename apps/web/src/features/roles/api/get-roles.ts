import { roleListRoute, type Role } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Shared with the team page's Role dropdown, so saving a role refreshes both. */
export const ROLES_KEY = ['roles', 'list'] as const;

export async function getRoles(): Promise<Role[]> {
  return (await callContract(roleListRoute, {}, { auth: 'firm' })).data;
}

export const rolesQuery = queryOptions({ queryKey: ROLES_KEY, queryFn: getRoles });

export function useRoles() {
  return useQuery(rolesQuery);
}
