import { permissionListRoute, type ContractData } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

export type PermissionGroup = ContractData<typeof permissionListRoute>[number];

export async function getPermissionList(): Promise<PermissionGroup[]> {
  return (await callContract(permissionListRoute, {}, { auth: 'firm' })).data;
}

export const permissionListQuery = queryOptions({
  queryKey: ['roles', 'permission-list'],
  queryFn: getPermissionList,
  staleTime: Infinity,
});

export function usePermissionList() {
  return useQuery(permissionListQuery);
}
