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
const feedFileParamsSchema = z.object({
  file: z.string().max(64).describe('<token>.ics: the secret token from the feed URL; an unknown or stopped token answers 404.'),
});

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
      description:
        'Answers the range used, the scope, whether the user may ask for the firm’s view, and the hearings by date and time, ' +
        'optionally only one fee earner’s or court’s. Refused with 403 for Scope=firm without courtUpdate, and 400 when ToDate ' +
        'is before FromDate or the range is longer than 62 days.',
    },
    async (request) => ok('Upcoming hearings', await calendar.upcoming(firmPrincipalOf(request), request.query)),
  );

  route(
    contracts.feedStatus,
    {
      access: firmAccess(),
      summary: "The signed-in user's calendar subscription (ICS feed): whether one is live",
      description: 'Answers whether the user has a live feed, its scope and when it was made; the URL itself is never shown again.',
    },
    async (request) => ok('Calendar feed', await calendar.feedStatus(firmPrincipalOf(request))),
  );

  route(
    contracts.createFeed,
    {
      // The answer holds the feed's secret URL: never stored to replay an Idempotency-Key.
      access: firmAccess(),
      answersSecret: true,
      summary: 'A new calendar feed URL (shown once; the previous one stops working). scope=firm needs courtUpdate',
      description:
        'Makes a new secret ICS feed of the user’s (or, with scope=firm, every matter’s) hearings and answers its https and ' +
        'webcal URLs this once (only a hash is kept); the user’s earlier feed stops at once. Refused with 403 for scope=firm ' +
        'without courtUpdate.',
    },
    async (request, reply) =>
      created(reply, 'Calendar feed created', await calendar.createFeed(firmPrincipalOf(request), request.body.scope)),
  );

  route(
    contracts.revokeFeed,
    {
      access: firmAccess(),
      summary: "Stops the signed-in user's calendar feed",
      description: 'Stops the user’s live feed at once (audited; calendar apps get 404 from then on) and answers the status, now inactive.',
    },
    async (request) => ok('Calendar feed revoked', await calendar.revokeFeed(firmPrincipalOf(request))),
  );

  route(
    contracts.settings,
    {
      access: firmAccess('courtUpdate'),
      summary: 'When hearing reminders and the daily digest are e-mailed',
      description:
        'Answers the firm’s reminder days before a hearing and whether the daily digest of tomorrow’s hearings is on; ' +
        'a firm that never saved them answers the defaults (a reminder the day before, digest on).',
    },
    async (request) => ok('Calendar settings', await calendar.settings(firmPrincipalOf(request))),
  );

  route(
    contracts.updateSettings,
    {
      access: firmAccess('updateAccountSettings'),
      summary: 'Change when hearing reminders and the daily digest are e-mailed',
      description:
        'Saves the firm’s reminder days (deduplicated and sorted) and digest switch, audited, and answers them; they apply from ' +
        'the next reminder run. Refused with 400 for a day outside 1–30 or more than 5 days.',
    },
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
        description:
          'The iCalendar feed, with no sign-in: the secret token in the path is the key. It lists the hearings from 30 days ago on, ' +
          'of the owner’s matters (or every matter’s for a firm feed whose owner still has courtUpdate). Answers 404 for an unknown ' +
          'or stopped token or a deactivated owner.',
        params: feedFileParamsSchema,
      },
    },
    async (request, reply) => sendCalendarFeed(reply, await calendar.feedIcs(feedTokenOf(request.params.file))),
  );
}
