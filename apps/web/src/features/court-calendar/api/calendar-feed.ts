import {
  calendarFeedCreateRoute,
  calendarFeedRevokeRoute,
  calendarFeedStatusRoute,
  type CalendarFeedCreated,
  type CalendarFeedInput,
  type CalendarFeedStatus,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { courtCalendarKeys } from './court-calendar-keys.ts';

/** Whether the signed-in user has a subscription link (never the link itself: the server keeps only its hash). */
export const calendarFeedQuery = queryOptions({
  queryKey: courtCalendarKeys.feed(),
  queryFn: async (): Promise<CalendarFeedStatus> => (await callContract(calendarFeedStatusRoute, {}, { auth: 'firm' })).data,
});

/** Makes (or remakes, ending the old one) the link; the answer is the only time the URL is seen. */
export async function createCalendarFeed(body: CalendarFeedInput): Promise<CalendarFeedCreated> {
  return (await callContract(calendarFeedCreateRoute, { body }, { auth: 'firm', toastSuccess: true })).data;
}

export async function deleteCalendarFeed(): Promise<CalendarFeedStatus> {
  return (await callContract(calendarFeedRevokeRoute, {}, { auth: 'firm', toastSuccess: true })).data;
}
