import { matterViewSchema } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';
import { courtUpdateKeys } from './court-update-list.ts';

/**
 * The client of a matter, for a form opened on a matter (?matterId=) that must show its client too;
 * null when the matter is unknown.
 */
export async function getMatterClientId(matterId: string): Promise<string | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>('/admin/matter-master/get-matter-view', {
      query: { matterid: matterId },
      auth: 'firm',
      silent: true,
    });
    const parsed = matterViewSchema.safeParse(envelope.data);
    return parsed.success ? parsed.data.client.id : null;
  } catch {
    return null;
  }
}

export const matterClientQuery = (matterId: string) =>
  queryOptions({
    queryKey: courtUpdateKeys.matterClient(matterId),
    queryFn: () => getMatterClientId(matterId),
    enabled: matterId !== '',
    staleTime: Infinity,
  });
