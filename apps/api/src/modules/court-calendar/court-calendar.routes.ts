import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedCreatedSchema,
  calendarFeedInputSchema,
  calendarFeedStatusSchema,
  courtCalendarSettingsSchema,
  courtCalendarSettingsViewSchema,
  upcomingHearingsQuerySchema,
  upcomingHearingsSchema,
} from '@matterhorn/shared';
import { feedTokenOf, sendCalendarFeed } from '../../lib/calendar-feed-reply.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf, publicAccess } from '../../plugins/route-access.ts';
import type { CourtCalendarService } from './court-calendar.service.ts';

const tags = ['Court calendar'];
/** SPEC.md §7: the calendar shares the progress-update prefix with notes and court updates. */
const base = '/api/admin/progress-update';
const feedFileParamsSchema = z.object({ file: z.string().max(64) });

export function registerCourtCalendarRoutes(app: FastifyInstance, calendar: CourtCalendarService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${base}/get-upcoming-hearings`,
    {
      config: { access: firmAccess() },
      schema: {
        tags,
        summary:
          "Hearings (court updates' next adjourned dates) from FromDate to ToDate (default the next 14 days in the firm's time " +
          "zone, at most 62 days). Scope=mine (default): the signed-in user's matters; Scope=firm needs courtUpdate",
        querystring: upcomingHearingsQuerySchema,
        response: answers(upcomingHearingsSchema),
      },
    },
    async (request) => ok('Upcoming hearings', await calendar.upcoming(firmPrincipalOf(request), request.query)),
  );

  api.get(
    `${base}/calendar-feed`,
    {
      config: { access: firmAccess() },
      schema: {
        tags,
        summary: "The signed-in user's calendar subscription (ICS feed): whether one is live",
        response: answers(calendarFeedStatusSchema),
      },
    },
    async (request) => ok('Calendar feed', await calendar.feedStatus(firmPrincipalOf(request))),
  );

  api.post(
    `${base}/calendar-feed`,
    {
      // The answer holds the feed's secret URL: never stored to replay an Idempotency-Key.
      config: { access: firmAccess(), answersSecret: true },
      schema: {
        tags,
        summary: 'A new calendar feed URL (shown once; the previous one stops working). scope=firm needs courtUpdate',
        body: calendarFeedInputSchema,
        response: answers(calendarFeedCreatedSchema, 201),
      },
    },
    async (request, reply) =>
      created(reply, 'Calendar feed created', await calendar.createFeed(firmPrincipalOf(request), request.body.scope)),
  );

  api.delete(
    `${base}/calendar-feed`,
    {
      config: { access: firmAccess() },
      schema: { tags, summary: "Stops the signed-in user's calendar feed", response: answers(calendarFeedStatusSchema) },
    },
    async (request) => ok('Calendar feed revoked', await calendar.revokeFeed(firmPrincipalOf(request))),
  );

  api.get(
    `${base}/calendar-settings`,
    {
      config: { access: firmAccess('courtUpdate') },
      schema: {
        tags,
        summary: 'When hearing reminders and the daily digest are e-mailed',
        response: answers(courtCalendarSettingsViewSchema),
      },
    },
    async (request) => ok('Calendar settings', await calendar.settings(firmPrincipalOf(request))),
  );

  api.put(
    `${base}/calendar-settings`,
    {
      config: { access: firmAccess('updateAccountSettings') },
      schema: {
        tags,
        summary: 'Change when hearing reminders and the daily digest are e-mailed',
        body: courtCalendarSettingsSchema,
        response: answers(courtCalendarSettingsViewSchema),
      },
    },
    async (request) => ok('Calendar settings saved', await calendar.updateSettings(firmPrincipalOf(request), request.body)),
  );

  api.get(
    '/api/calendar/:file',
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
