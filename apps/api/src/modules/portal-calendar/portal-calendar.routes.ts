import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { portalCalendarFeedCreatedSchema, portalCalendarFeedStatusSchema } from '@matterhorn/shared';
import { feedTokenOf, sendCalendarFeed } from '../../lib/calendar-feed-reply.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { portalAccess, portalPrincipalOf, publicAccess } from '../../plugins/route-access.ts';
import type { PortalCalendarService } from './portal-calendar.service.ts';

const tags = ['Client portal'];
const feedFileParamsSchema = z.object({ file: z.string().max(64) });

/** The client's calendar link of their hearings: its state, a new one (Reset link), revoking it, and the feed itself. */
export function registerPortalCalendarRoutes(app: FastifyInstance, calendar: PortalCalendarService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/client-portal/calendar-feed';

  api.get(
    base,
    {
      config: { access: portalAccess() },
      schema: {
        tags,
        summary: 'Whether the signed-in client has a live calendar link of their hearings',
        response: answers(portalCalendarFeedStatusSchema),
      },
    },
    async (request) => ok('Calendar link', await calendar.status(portalPrincipalOf(request))),
  );

  api.post(
    base,
    {
      // The answer holds the feed's secret URL: never stored to replay an Idempotency-Key.
      config: { access: portalAccess(), answersSecret: true },
      schema: {
        tags,
        summary: 'A new calendar link of the client’s hearings (shown once; the previous link stops working)',
        response: answers(portalCalendarFeedCreatedSchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Calendar link created', await calendar.create(portalPrincipalOf(request))),
  );

  api.delete(
    base,
    {
      config: { access: portalAccess() },
      schema: { tags, summary: 'Stops the client’s calendar link', response: answers(portalCalendarFeedStatusSchema) },
    },
    async (request) => ok('Calendar link stopped', await calendar.revoke(portalPrincipalOf(request))),
  );

  api.get(
    '/api/client-portal/calendar/:file',
    {
      config: { access: publicAccess() },
      schema: {
        tags,
        summary: 'The client’s hearings as a calendar feed (text/calendar): /api/client-portal/calendar/<token>.ics',
        params: feedFileParamsSchema,
      },
    },
    async (request, reply) => sendCalendarFeed(reply, await calendar.feedIcs(feedTokenOf(request.params.file))),
  );
}
