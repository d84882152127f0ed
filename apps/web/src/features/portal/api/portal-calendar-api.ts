import { portalCalendarFeedCreateRoute, portalCalendarFeedStatusRoute } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { clientCall } from './portal-api.ts';

// The calendar link's calls (the Matters tab's calendar card).

/** Whether the client has a live calendar link (never the link itself: the server keeps only its hash). */
export const portalCalendarFeedQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'calendar-feed'],
    queryFn: async () => (await callContract(portalCalendarFeedStatusRoute, {}, clientCall)).data,
    enabled: clientId !== null,
  });

/** Makes (or remakes, ending the old one) the calendar link; the answer is the only time the URL is seen. */
export async function createPortalCalendarFeed() {
  return (await callContract(portalCalendarFeedCreateRoute, {}, { auth: 'client' })).data;
}
