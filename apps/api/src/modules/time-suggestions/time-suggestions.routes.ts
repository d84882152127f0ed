import type { FastifyInstance } from 'fastify';
import { timeSuggestionContracts as contracts } from '@matterhorn/shared';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { TimeSuggestionService } from './time-suggestions.service.ts';

/** Suggested time (issue 44): each call acts on the signed-in member's own work and suggestions. */
export function registerTimeSuggestionRoutes(app: FastifyInstance, suggestions: TimeSuggestionService) {
  const route = contractRoutes(app, ['Suggested time']);
  const read = firmAccess('timeEntry');
  const record = firmAccess('timeEntry.create');

  route(
    contracts.list,
    {
      access: read,
      summary: 'The member’s suggested time per day and matter, from their work in Matterhorn',
      description:
        'Worked time less what is recorded or settled that day on the matter, rounded up to the billing increment; newest day first. Empty when the firm or the member has Suggested time off.',
    },
    async (request) => ok('Suggested time', await suggestions.list(firmPrincipalOf(request), request.query.from, request.query.to)),
  );
  route(
    contracts.count,
    { access: read, summary: 'How many suggestions wait over the last 7 days (the count beside the timer)' },
    async (request) => ok('Suggested time', await suggestions.count(firmPrincipalOf(request))),
  );
  route(
    contracts.accept,
    {
      access: record,
      summary: 'Records a suggestion as a time entry (as proposed or edited); another matter’s suggestion is never merged in',
      description:
        'The entry is created by the time-entry popup’s rules (rate, billable, increment). 409 when nothing is left of the suggestion: accepted twice, one entry. 400 when another matter is named to merge: nothing is written.',
    },
    async (request, reply) => created(reply, 'Time entry created', await suggestions.accept(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.acceptDay,
    { access: record, summary: 'Records every suggestion of a day as proposed; those that cannot be are listed with the reason' },
    async (request, reply) =>
      created(reply, 'Time entries created', await suggestions.acceptDay(firmPrincipalOf(request), request.body.workDate)),
  );
  route(
    contracts.dismiss,
    { access: read, summary: 'Dismisses a day’s suggestion for a matter (later work that day is suggested again)' },
    async (request) => {
      await suggestions.dismiss(firmPrincipalOf(request), request.body.workDate, request.body.matterId);
      return ok('Suggestion dismissed', null);
    },
  );
  route(
    contracts.documentReading,
    {
      access: firmAccess('document'),
      summary: 'Counts seconds of reading a document on a matter toward the member’s suggested time',
      description: 'Sent by the document’s page while its tab is visible and its reader active; 404 for a document not the firm’s.',
    },
    async (request) => {
      await suggestions.documentReading(firmPrincipalOf(request), request.body.documentId, request.body.seconds);
      return ok('Reading counted', null);
    },
  );
  route(contracts.preferences, { access: firmAccess(), summary: 'The member’s time-recording choices' }, async (request) =>
    ok('Preferences', await suggestions.preferences(firmPrincipalOf(request))),
  );
  route(
    contracts.updatePreferences,
    { access: firmAccess(), summary: 'Changes the member’s time-recording choices; opting out deletes their recorded work' },
    async (request) => ok('Preferences saved', await suggestions.updatePreferences(firmPrincipalOf(request), request.body)),
  );
}
