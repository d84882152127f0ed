import { portalOptInsRoute, setPortalOptInsRoute, type PortalOptIns, type SetPortalOptIns } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** The signed-in client's own SMS and WhatsApp choices (ADR 90). */
export const portalMessagePreferencesQuery = queryOptions({
  queryKey: ['portal', 'message-preferences'] as const,
  queryFn: async (): Promise<PortalOptIns> => (await callContract(portalOptInsRoute, {}, { auth: 'client' })).data,
});

export async function savePortalMessagePreferences(body: SetPortalOptIns): Promise<PortalOptIns> {
  return (await callContract(setPortalOptInsRoute, { body }, { auth: 'client', toastSuccess: true })).data;
}
