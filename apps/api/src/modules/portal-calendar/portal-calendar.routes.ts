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
    {
      access: portalAccess(),
      summary: 'Whether the signed-in client has a live calendar link of their hearings',
      description:
        'Answers whether the signed-in portal account has a live link and when it was made; the URL itself is never shown again.',
    },
    async (request) => ok('Calendar link', await calendar.status(portalPrincipalOf(request))),
  );

  route(
    contracts.create,
    {
      // The answer holds the feed's secret URL: never stored to replay an Idempotency-Key.
      access: portalAccess(),
      answersSecret: true,
      summary: 'A new calendar link of the client’s hearings (shown once; the previous link stops working)',
      description:
        'Makes a new secret ICS link of the hearings the firm shared with the client and answers its https and webcal URLs, ' +
        'this once (only a hash is kept). Any earlier link of the account stops working at once.',
    },
    async (request, reply) => created(reply, 'Calendar link created', await calendar.create(portalPrincipalOf(request))),
  );

  route(
    contracts.revoke,
    {
      access: portalAccess(),
      summary: 'Stops the client’s calendar link',
      description: 'Stops the account’s calendar link at once (calendar apps get 404 from then on) and answers the status, now inactive.',
    },
    async (request) => ok('Calendar link stopped', await calendar.revoke(portalPrincipalOf(request))),
  );

  // The feed itself (text/calendar), not the envelope: no contract, only the path the contracts share.
  api.get(
    portalCalendarFilePath.path,
    {
      config: { access: publicAccess() },
      schema: {
        tags,
        summary: 'The client’s hearings as a calendar feed (text/calendar): /api/client-portal/calendar/<token>.ics',
        description:
          'The iCalendar feed calendar apps poll, with no sign-in: the secret token in the path is the key. It lists the next ' +
          'adjourned dates, from the firm’s today on, of court updates the firm shared with the client. Answers 404 for an ' +
          'unknown or stopped token, or a client the firm no longer lets into the portal.',
        params: portalCalendarFileParamsSchema,
      },
    },
    async (request, reply) => sendCalendarFeed(reply, await calendar.feedIcs(feedTokenOf(request.params.file))),
  );
}
