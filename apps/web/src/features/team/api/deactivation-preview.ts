import { teamMemberDeactivationPreviewRoute, type DeactivationPreview } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

export const deactivationPreviewKey = (id: string) => ['team', 'deactivation-preview', id] as const;

/** What deactivating a member would hand over: their open matters, their timer, and whether they own the firm. */
export async function getDeactivationPreview(id: string): Promise<DeactivationPreview> {
  return (await callContract(teamMemberDeactivationPreviewRoute, { params: { id } }, { auth: 'firm', silent: true })).data;
}

/** Asked afresh each time the dialog opens: a timer keeps running and matters change hands. */
export const deactivationPreviewQuery = (id: string) =>
  queryOptions({ queryKey: deactivationPreviewKey(id), queryFn: () => getDeactivationPreview(id), staleTime: 0, gcTime: 0 });

export function useDeactivationPreview(id: string) {
  return useQuery(deactivationPreviewQuery(id));
}
