import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  matterRateQuerySchema,
  matterRateSchema,
  timeEntryInputSchema,
  timeEntryListQuerySchema,
  timeEntryPageSchema,
  timeEntrySchema,
  timeEntryTotalsSchema,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createTimeEntryListService } from './time-entry-list.service.ts';
import { createTimeEntryService } from './time-entries.service.ts';

const tags = ['Time entries'];
const base = '/api/admin/time-entry';

export function registerTimeEntryRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const timeEntries = createTimeEntryService(database);
  const timeEntryList = createTimeEntryListService(database);

  api.get(
    base,
    {
      config: { access: firmAccess('timeEntry') },
      schema: {
        tags,
        summary:
          "Time entries: filter by billable, matter, client, fee earner and date, search, sort and page (the filter's totals with IncludeTotals=true). " +
          'Fee earners without timeEntry.viewAll see their own. IsDownlodCsv=true streams text/csv',
        querystring: timeEntryListQuerySchema,
        response: answers(timeEntryPageSchema),
      },
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Time entries', await timeEntryList.page(principal, request.query));
      // The CSV is a text stream, not the JSON envelope the route's schema describes.
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="time-entries.csv"')
        .send(await timeEntryList.csv(principal, request.query));
    },
  );

  api.get(
    `${base}/get-totals`,
    {
      config: { access: firmAccess('timeEntry') },
      schema: {
        tags,
        summary: 'Hours and home-currency amounts over the whole filter of the list (same query; paging and sort ignored)',
        querystring: timeEntryListQuerySchema,
        response: answers(timeEntryTotalsSchema),
      },
    },
    async (request) => ok('Time entry totals', await timeEntryList.totals(firmPrincipalOf(request), request.query)),
  );

  api.get(
    `${base}/get-time-entry-matter-rate`,
    {
      config: { access: firmAccess('timeEntry') },
      schema: {
        tags,
        summary: "A fee earner's hourly rate on a matter: their rate as its assignee, else their default rate, else the matter's rate",
        querystring: matterRateQuerySchema,
        response: answers(matterRateSchema),
      },
    },
    async (request) => ok('Rate', await timeEntries.matterRate(firmPrincipalOf(request), request.query.matterId, request.query.UserId)),
  );

  api.post(
    base,
    {
      config: { access: firmAccess('timeEntry.create') },
      schema: {
        tags,
        summary:
          'Record time. The server computes rate × duration ÷ exchange rate; ManualTimeEntry false (saved from the timer) also resets the timer',
        body: timeEntryInputSchema,
        response: answers(timeEntrySchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Time entry saved', await timeEntries.create(firmPrincipalOf(request), request.body)),
  );

  api.get(
    `${base}/:id`,
    {
      config: { access: firmAccess('timeEntry') },
      schema: { tags, summary: 'One time entry, to fill the popup', params: idParamsSchema, response: answers(timeEntrySchema) },
    },
    async (request) => ok('Time entry', await timeEntries.view(firmPrincipalOf(request), request.params.id)),
  );

  api.put(
    `${base}/:id`,
    {
      config: { access: firmAccess('timeEntry.edit') },
      schema: {
        tags,
        summary: "Change a time entry; a billed entry's date, client, matter and duration stay as they are",
        params: idParamsSchema,
        body: timeEntryInputSchema,
        response: answers(timeEntrySchema),
      },
    },
    async (request) => ok('Time entry updated', await timeEntries.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.delete(
    `${base}/:id`,
    {
      config: { access: firmAccess('timeEntry.delete') },
      schema: { tags, summary: 'Delete a time entry (not once billed)', params: idParamsSchema, response: answers(z.null()) },
    },
    async (request) => {
      await timeEntries.remove(firmPrincipalOf(request), request.params.id);
      return ok('Time entry deleted', null);
    },
  );
}
