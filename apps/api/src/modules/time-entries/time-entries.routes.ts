import type { FastifyInstance } from 'fastify';
import { timeEntryContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createTimeEntryListService } from './time-entry-list.service.ts';
import { createTimeEntryService } from './time-entries.service.ts';

export function registerTimeEntryRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Time entries']);
  const timeEntries = createTimeEntryService(database);
  const timeEntryList = createTimeEntryListService(database);

  route(
    contracts.list,
    {
      access: firmAccess('timeEntry'),
      summary:
        "Time entries: filter by billable, matter, client, fee earner and date, search, sort and page (the filter's totals with IncludeTotals=true). " +
        'Fee earners without timeEntry.viewAll see their own. IsDownlodCsv=true streams text/csv',
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Time entries', await timeEntryList.page(principal, request.query));
      // The CSV is a text stream, not the JSON envelope the route's schema describes.
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="time-entries.csv"')
        .send(await timeEntryList.csv(principal, request.query));
    },
  );

  route(
    contracts.totals,
    {
      access: firmAccess('timeEntry'),
      summary: 'Hours and home-currency amounts over the whole filter of the list (same query; paging and sort ignored)',
    },
    async (request) => ok('Time entry totals', await timeEntryList.totals(firmPrincipalOf(request), request.query)),
  );

  route(
    contracts.matterRate,
    {
      access: firmAccess('timeEntry'),
      summary: "A fee earner's hourly rate on a matter: their rate as its assignee, else their default rate, else the matter's rate",
    },
    async (request) => ok('Rate', await timeEntries.matterRate(firmPrincipalOf(request), request.query.matterId, request.query.UserId)),
  );

  route(
    contracts.create,
    {
      access: firmAccess('timeEntry.create'),
      summary:
        'Record time. The server computes rate × duration ÷ exchange rate; ManualTimeEntry false (saved from the timer) also resets the timer',
    },
    async (request, reply) => created(reply, 'Time entry saved', await timeEntries.create(firmPrincipalOf(request), request.body)),
  );

  route(contracts.view, { access: firmAccess('timeEntry'), summary: 'One time entry, to fill the popup' }, async (request) =>
    ok('Time entry', await timeEntries.view(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.update,
    {
      access: firmAccess('timeEntry.edit'),
      summary: "Change a time entry; a billed entry's date, client, matter and duration stay as they are",
    },
    async (request) => ok('Time entry updated', await timeEntries.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(contracts.remove, { access: firmAccess('timeEntry.delete'), summary: 'Delete a time entry (not once billed)' }, async (request) => {
    await timeEntries.remove(firmPrincipalOf(request), request.params.id);
    return ok('Time entry deleted', null);
  });
}
