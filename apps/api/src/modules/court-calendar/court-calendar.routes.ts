import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedFilePath, courtCalendarContracts as contracts } from '@matterhorn/shared';
import { feedTokenOf, sendCalendarFeed } from '../../lib/calendar-feed-reply.ts';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf, publicAccess } from '../../plugins/route-access.ts';
import type { CourtCalendarService } from './court-calendar.service.ts';

const tags = ['Court calendar'];
const feedFileParamsSchema = z.object({ file: z.string().max(64) });

export function registerCourtCalendarRoutes(app: FastifyInstance, calendar: CourtCalendarService) {
  const route = contractRoutes(app, tags);
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(
    contracts.upcomingHearings,
    {
      access: firmAccess(),
      summary:
        "Hearings (court updates' next adjourned dates) from FromDate to ToDate (default the next 14 days in the firm's time " +
        "zone, at most 62 days). Scope=mine (default): the signed-in user's matters; Scope=firm needs courtUpdate",
    },
    async (request) => ok('Upcoming hearings', await calendar.upcoming(firmPrincipalOf(request), request.query)),
  );

  route(
    contracts.feedStatus,
    { access: firmAccess(), summary: "The signed-in user's calendar subscription (ICS feed): whether one is live" },
    async (request) => ok('Calendar feed', await calendar.feedStatus(firmPrincipalOf(request))),
  );

  route(
    contracts.createFeed,
    {
      // The answer holds the feed's secret URL: never stored to replay an Idempotency-Key.
      access: firmAccess(),
      answersSecret: true,
      summary: 'A new calendar feed URL (shown once; the previous one stops working). scope=firm needs courtUpdate',
    },
    async (request, reply) =>
      created(reply, 'Calendar feed created', await calendar.createFeed(firmPrincipalOf(request), request.body.scope)),
  );

  route(contracts.revokeFeed, { access: firmAccess(), summary: "Stops the signed-in user's calendar feed" }, async (request) =>
    ok('Calendar feed revoked', await calendar.revokeFeed(firmPrincipalOf(request))),
  );

  route(
    contracts.settings,
    { access: firmAccess('courtUpdate'), summary: 'When hearing reminders and the daily digest are e-mailed' },
    async (request) => ok('Calendar settings', await calendar.settings(firmPrincipalOf(request))),
  );

  route(
    contracts.updateSettings,
    { access: firmAccess('updateAccountSettings'), summary: 'Change when hearing reminders and the daily digest are e-mailed' },
    async (request) => ok('Calendar settings saved', await calendar.updateSettings(firmPrincipalOf(request), request.body)),
  );

  // The feed itself, text/calendar rather than the envelope: no contract, only the path the contracts share.
  api.get(
    calendarFeedFilePath.path,
    {
      config: { access: publicAccess() },
      schema: {
        tags,
        summary: 'A calendar feed (text/calendar): /api/calendar/<token>.ics, the URL calendar apps subscribe to',
        params: feedFileParamsSchema,
      },
    },
    async (request, reply) => sendCalendarFeed(reply, await calendar.feedIcs(feedTokenOf(request.params.file))),
  );
}
