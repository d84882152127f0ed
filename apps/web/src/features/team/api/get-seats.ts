import { subscriptionInfoRoute } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listContract } from '../../../lib/api/call-contract.ts';
import type { firmScopeOf } from '../../../lib/session/working-user.ts';

export const SEATS_KEY = ['team', 'seats'] as const;

/** The plan's seats: allocatedNumberUsers is the limit, totalNumberUsers the seats in use. */
export type Seats = { used: number; allocated: number };

/** Null when the subscription cannot be read: the page then leaves the limit to the server. */
export async function getSeats(scope: ReturnType<typeof firmScopeOf>): Promise<Seats | null> {
  const info = await listContract(subscriptionInfoRoute, { query: scope }, 'firm');
  return info ? { used: info.totalNumberUsers, allocated: info.allocatedNumberUsers } : null;
}

export const seatsQuery = (scope: ReturnType<typeof firmScopeOf>) =>
  queryOptions({ queryKey: [...SEATS_KEY, scope.AdminUserId, scope.BusinessId], queryFn: () => getSeats(scope) });

export function useSeats(scope: ReturnType<typeof firmScopeOf>) {
  return useQuery(seatsQuery(scope));
}

export function isTeamFull(seats: Seats | null | undefined): boolean {
  return !!seats && seats.used >= seats.allocated;
}
