import { courtSchema, upcomingHearingsSchema, type Court, type UpcomingHearings, type UpcomingHearingsQuery } from '@matterhorn/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiList } from '../../../lib/api-client.ts';
import { parseList } from '../../../lib/parse-list.ts';
import { courtCalendarKeys, PROGRESS_UPDATE_BASE } from './court-calendar-keys.ts';

export async function getHearings(query: UpcomingHearingsQuery): Promise<UpcomingHearings> {
  const data = await apiGet<unknown>(`${PROGRESS_UPDATE_BASE}/get-upcoming-hearings`, query, 'firm');
  return upcomingHearingsSchema.parse(data);
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
  queryFn: async (): Promise<Court[]> =>
    parseList(courtSchema, await apiList<unknown>(`${PROGRESS_UPDATE_BASE}/courts`, undefined, 'firm')),
});
