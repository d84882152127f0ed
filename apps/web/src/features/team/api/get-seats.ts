import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';
import type { firmScopeOf } from '../../../lib/session/working-user.ts';

export const SEATS_KEY = ['team', 'seats'] as const;

/** The plan's seats: allocatedNumberUsers is the limit, totalNumberUsers the seats in use. */
export type Seats = { used: number; allocated: number };

const seatsSchema = z.object({ allocatedNumberUsers: z.number(), totalNumberUsers: z.number() });

/** Null when the subscription cannot be read: the page then leaves the limit to the server. */
export async function getSeats(scope: ReturnType<typeof firmScopeOf>): Promise<Seats | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>('/admin/sub-scription-master/get-subscription-info', {
      query: scope,
      auth: 'firm',
      silent: true,
    });
    const parsed = seatsSchema.safeParse(envelope.data);
    return parsed.success ? { used: parsed.data.totalNumberUsers, allocated: parsed.data.allocatedNumberUsers } : null;
  } catch {
    return null;
  }
}

export const seatsQuery = (scope: ReturnType<typeof firmScopeOf>) =>
  queryOptions({ queryKey: [...SEATS_KEY, scope.AdminUserId, scope.BusinessId], queryFn: () => getSeats(scope) });

export function useSeats(scope: ReturnType<typeof firmScopeOf>) {
  return useQuery(seatsQuery(scope));
}

export function isTeamFull(seats: Seats | null | undefined): boolean {
  return !!seats && seats.used >= seats.allocated;
}
