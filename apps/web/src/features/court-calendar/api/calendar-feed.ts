import {
  calendarFeedCreatedSchema,
  calendarFeedStatusSchema,
  type CalendarFeedCreated,
  type CalendarFeedInput,
  type CalendarFeedStatus,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiMutate, apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';
import { courtCalendarKeys, PROGRESS_UPDATE_BASE } from './court-calendar-keys.ts';

const FEED_PATH = `${PROGRESS_UPDATE_BASE}/calendar-feed`;

/** Whether the signed-in user has a subscription link (never the link itself: the server keeps only its hash). */
export const calendarFeedQuery = queryOptions({
  queryKey: courtCalendarKeys.feed(),
  queryFn: async (): Promise<CalendarFeedStatus> => calendarFeedStatusSchema.parse(await apiGet<unknown>(FEED_PATH, undefined, 'firm')),
});

/** Makes (or remakes, ending the old one) the link; the answer is the only time the URL is seen. */
export async function createCalendarFeed(body: CalendarFeedInput): Promise<CalendarFeedCreated> {
  const envelope = await apiMutate<unknown>(FEED_PATH, body, { auth: 'firm' });
  return calendarFeedCreatedSchema.parse(envelope.data);
}

export async function deleteCalendarFeed(): Promise<CalendarFeedStatus> {
  const envelope = await apiRequest<ApiEnvelope<unknown>>(FEED_PATH, { method: 'DELETE', auth: 'firm', toastSuccess: true });
  return calendarFeedStatusSchema.parse(envelope.data);
}
