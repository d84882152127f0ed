import type { FastifyInstance } from 'fastify';
import { timeEntryContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createTimeEntryListService } from './time-entry-list.service.ts';
import { createTimeEntryService } from './time-entries.service.ts';
import { registerQuickLineRoutes } from './quick-line.routes.ts';
import type { MatterBudgetWatch } from '../matter-budgets/matter-budgets.api.ts';

export function registerTimeEntryRoutes(app: FastifyInstance, database: Database, budgetWatch: MatterBudgetWatch) {
  const route = contractRoutes(app, ['Time entries']);
  const timeEntries = createTimeEntryService(database, budgetWatch);
  const timeEntryList = createTimeEntryListService(database);
  registerQuickLineRoutes(app, database);

  route(
    contracts.list,
    {
      access: firmAccess('timeEntry'),
      summary:
        "Time entries: filter by billable, matter, client, fee earner and date, search, sort and page (the filter's totals with IncludeTotals=true). " +
        'Fee earners without timeEntry.viewAll see their own. IsDownlodCsv=true streams text/csv',
      description:
        'Answers a page of live time entries, newest date first unless sorted otherwise, with a total count capped for large filters (isTotalCountCapped). ' +
        'Without timeEntry.viewAll only the caller’s own entries are listed, whatever the filters say.',
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
      description:
        'Answers the hours billed (all, billable, non-billable) and the billable and still-unbilled amounts in the home currency of every entry the list’s filters match; ' +
        'without timeEntry.viewAll, of the caller’s own entries only.',
    },
    async (request) => ok('Time entry totals', await timeEntryList.totals(firmPrincipalOf(request), request.query)),
  );

  route(
    contracts.matterRate,
    {
      access: firmAccess('timeEntry'),
      summary: "A fee earner's hourly rate on a matter: their rate as its assignee, else their default rate, else the matter's rate",
      description:
        'Answers the rate the time-entry popup fills in, in the home currency, or "0.00" when none of the three is set; a billable entry saved without a rate takes this same rate. ' +
        'Asking for another fee earner needs timeEntry.viewAll (else 403); an unknown or deleted matter or user answers 404.',
    },
    async (request) => ok('Rate', await timeEntries.matterRate(firmPrincipalOf(request), request.query.matterId, request.query.UserId)),
  );

  route(
    contracts.create,
    {
      access: firmAccess('timeEntry.create'),
      summary:
        'Record time. The server computes rate × duration ÷ exchange rate; ManualTimeEntry false (saved from the timer) also resets the timer',
      description:
        'Saves the entry with its hours rounded up once to the firm’s billing increment and its amounts computed by the server, and answers it as get-time-entry does. ' +
        'A billable entry sent without a rate (blank or 0) takes the fee earner’s rate for the matter, as get-time-entry-matter-rate answers it; with none set it is refused (400), never saved at 0.00. ' +
        'Also refused with 400 when the matter is not the client’s or is closed, or a foreign currency is chosen without multicurrency; 404 for an unknown client, matter, activity or user; ' +
        '403 when recording for someone else without timeEntry.viewAll.',
    },
    async (request, reply) => created(reply, 'Time entry saved', await timeEntries.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.view,
    {
      access: firmAccess('timeEntry'),
      summary: 'One time entry, to fill the popup',
      description:
        'Answers the entry with its client, matter, activity and fee earner names, amounts and lock state. ' +
        'Another fee earner’s entry answers 404 without timeEntry.viewAll, as does a deleted one.',
    },
    async (request) => ok('Time entry', await timeEntries.view(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.update,
    {
      access: firmAccess('timeEntry.edit'),
      summary: "Change a time entry; a billed entry's date, client, matter and duration stay as they are",
      description:
        'Replaces the entry’s fields and recomputes its amounts; unchanged recorded hours keep the hours billed, and a billable entry sent without a rate takes the fee earner’s rate for the matter as on create. ' +
        'On an invoice, changing its date, client, matter or duration is refused (409); ' +
        'once the invoice has left draft, so is changing anything the invoice shows (activity, fee earner, description, billable, rate, currency). Other refusals are as for create.',
    },
    async (request) => ok('Time entry updated', await timeEntries.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.remove,
    {
      access: firmAccess('timeEntry.delete'),
      summary: 'Delete a time entry (not once billed)',
      description:
        'Removes the entry from every list and total (a soft delete, kept for the audit trail). An entry on an invoice is refused (409); another fee earner’s answers 404 without timeEntry.viewAll.',
    },
    async (request) => {
      await timeEntries.remove(firmPrincipalOf(request), request.params.id);
      return ok('Time entry deleted', null);
    },
  );
}
