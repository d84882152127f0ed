import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { portalCalendarContracts as contracts, portalCalendarFileParamsSchema, portalCalendarFilePath } from '@matterhorn/shared';
import { feedTokenOf, sendCalendarFeed } from '../../lib/calendar-feed-reply.ts';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { portalAccess, portalPrincipalOf, publicAccess } from '../../plugins/route-access.ts';
import type { PortalCalendarService } from './portal-calendar.service.ts';

const tags = ['Client portal'];

/** The client's calendar link of their hearings: its state, a new one (Reset link), revoking it, and the feed itself. */
export function registerPortalCalendarRoutes(app: FastifyInstance, calendar: PortalCalendarService) {
  const route = contractRoutes(app, tags);
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(
    contracts.status,
    { access: portalAccess(), summary: 'Whether the signed-in client has a live calendar link of their hearings' },
    async (request) => ok('Calendar link', await calendar.status(portalPrincipalOf(request))),
  );

  route(
    contracts.create,
    {
      // The answer holds the feed's secret URL: never stored to replay an Idempotency-Key.
      access: portalAccess(),
      answersSecret: true,
      summary: 'A new calendar link of the client’s hearings (shown once; the previous link stops working)',
    },
    async (request, reply) => created(reply, 'Calendar link created', await calendar.create(portalPrincipalOf(request))),
  );

  route(contracts.revoke, { access: portalAccess(), summary: 'Stops the client’s calendar link' }, async (request) =>
    ok('Calendar link stopped', await calendar.revoke(portalPrincipalOf(request))),
  );

  // The feed itself (text/calendar), not the envelope: no contract, only the path the contracts share.
  api.get(
    portalCalendarFilePath.path,
    {
      config: { access: publicAccess() },
      schema: {
        tags,
        summary: 'The client’s hearings as a calendar feed (text/calendar): /api/client-portal/calendar/<token>.ics',
        params: portalCalendarFileParamsSchema,
      },
    },
    async (request, reply) => sendCalendarFeed(reply, await calendar.feedIcs(feedTokenOf(request.params.file))),
  );
}
