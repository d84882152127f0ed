import { courtListRoute, upcomingHearingsRoute, type Court, type UpcomingHearings, type UpcomingHearingsQuery } from '@matterhorn/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';
import { courtCalendarKeys } from './court-calendar-keys.ts';

export async function getHearings(query: UpcomingHearingsQuery): Promise<UpcomingHearings> {
  return (await callContract(upcomingHearingsRoute, { query }, { auth: 'firm' })).data;
}

/** The hearings of the visible range; the last range stays on screen while the next loads. */
export const hearingsQuery = (query: UpcomingHearingsQuery) =>
  queryOptions({
    queryKey: courtCalendarKeys.hearings(query),
    queryFn: () => getHearings(query),
    placeholderData: keepPreviousData,
  });

/** The firm's courts, for the court filter. */
export const courtsQuery = queryOptions({
  queryKey: courtCalendarKeys.courts(),
  queryFn: async (): Promise<Court[]> => (await listContract(courtListRoute, {}, 'firm')) ?? [],
});
