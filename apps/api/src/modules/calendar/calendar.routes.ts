import type { FastifyInstance } from 'fastify';
import { CALENDAR_MESSAGES, calendarContracts } from '@matterhorn/shared';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { CalendarService } from './calendar.service.ts';

/** The firm calendar's events (issue 40): every member sees the firm's and keeps their own. */
export function registerCalendarRoutes(app: FastifyInstance, calendar: CalendarService) {
  const route = contractRoutes(app, ['Calendar']);
  const access = firmAccess();

  route(
    calendarContracts.range,
    {
      access,
      summary: 'The events’ occurrences (recurrences expanded on the firm’s clock) and open tasks due, in a range of days',
      description: 'At most 100 days. Scope=mine: the events the member attends or created and the tasks assigned to them.',
    },
    async (request) => ok('Calendar', await calendar.range(firmPrincipalOf(request), request.query)),
  );
  route(calendarContracts.view, { access, summary: 'One event' }, async (request) =>
    ok('Event', await calendar.view(firmPrincipalOf(request), request.params.id)),
  );
  route(
    calendarContracts.create,
    { access, summary: 'Creates an event; each attendee is emailed an invitation with an .ics file' },
    async (request, reply) => created(reply, CALENDAR_MESSAGES.created, await calendar.create(firmPrincipalOf(request), request.body)),
  );
  route(
    calendarContracts.update,
    { access, summary: 'Changes an event; attendees are told of a new time, new ones invited, removed ones told it is cancelled' },
    async (request) => ok(CALENDAR_MESSAGES.updated, await calendar.update(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    calendarContracts.move,
    { access, summary: 'Moves an event (a recurring one as a whole series) by minutes, or changes its length' },
    async (request) => ok(CALENDAR_MESSAGES.moved, await calendar.move(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(calendarContracts.remove, { access, summary: 'Deletes an event; its attendees are told it is cancelled' }, async (request) => {
    await calendar.remove(firmPrincipalOf(request), request.params.id);
    return ok(CALENDAR_MESSAGES.deleted, null);
  });
}
