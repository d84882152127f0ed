import type { FastifyInstance } from 'fastify';
import { INVOICE_REMINDER_MESSAGES, invoiceReminderContracts as calls } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createInvoiceDisputes } from './invoice-disputes.ts';
import { createReminderSchedule, type ReminderLinks } from './reminder-schedule.ts';

/**
 * Invoice reminders (issue 44 §4). Reading needs `invoice`. The schedule, which decides what every
 * client is told about what they owe, needs `invoice.approve`: who may decide what leaves the firm on
 * an invoice. A dispute is a note on a bill, so `invoice.edit`; a client's choice is client data,
 * so `clientInfo` / `clientInfo.edit`.
 */
export function registerInvoiceReminderRoutes(app: FastifyInstance, database: Database, links: ReminderLinks) {
  const route = contractRoutes(app, ['Invoice reminders']);
  const schedule = createReminderSchedule(database, links);
  const disputes = createInvoiceDisputes(database);

  route(
    calls.schedule,
    { access: firmAccess('invoice'), summary: 'The firm’s reminder schedule (the default steps, off, until it saves its own)' },
    async (request) => ok('Reminder schedule', await schedule.view(firmPrincipalOf(request))),
  );
  route(
    calls.updateSchedule,
    {
      access: firmAccess('invoice.approve'),
      summary: 'Replaces the reminder schedule: on or off, and its steps with their templates (audited)',
      description: '400 for two steps on one day or a template naming a merge field that does not exist.',
    },
    async (request) => ok(INVOICE_REMINDER_MESSAGES.scheduleSaved, await schedule.update(firmPrincipalOf(request), request.body)),
  );
  route(
    calls.preview,
    {
      access: firmAccess('invoice'),
      summary: 'A step’s templates filled in with a real invoice (the one given, else the newest with money due)',
      description: '404 for an invoice that is not the firm’s; 409 when the firm has no issued invoice with money due.',
    },
    async (request) => ok('Reminder preview', await schedule.preview(firmPrincipalOf(request), request.body)),
  );
  route(
    calls.invoiceReminders,
    { access: firmAccess('invoice'), summary: 'An invoice’s reminders sent, its dispute and its client’s choice' },
    async (request) => ok('Invoice reminders', await disputes.reminders(firmPrincipalOf(request), request.params.id)),
  );
  route(
    calls.setDispute,
    {
      access: firmAccess('invoice.edit'),
      summary: 'Marks an invoice as disputed, with a note: no reminder goes for it (audited)',
      description: '409 when it is not issued with money due, or already disputed.',
    },
    async (request) =>
      ok(INVOICE_REMINDER_MESSAGES.disputeSet, await disputes.setDispute(firmPrincipalOf(request), request.params.id, request.body.note)),
  );
  route(
    calls.clearDispute,
    { access: firmAccess('invoice.edit'), summary: 'Clears an invoice’s dispute: reminders may go again (audited)' },
    async (request) =>
      ok(INVOICE_REMINDER_MESSAGES.disputeCleared, await disputes.clearDispute(firmPrincipalOf(request), request.params.id)),
  );
  route(
    calls.clientChoice,
    { access: firmAccess('clientInfo'), summary: 'Whether a client opted out of invoice reminders' },
    async (request) => ok('Reminder choice', await disputes.clientChoice(firmPrincipalOf(request), request.params.id)),
  );
  route(
    calls.setClientChoice,
    { access: firmAccess('clientInfo.edit'), summary: 'Opts a client out of invoice reminders, or back in (audited)' },
    async (request) =>
      ok(
        INVOICE_REMINDER_MESSAGES.optOutSaved,
        await disputes.setClientChoice(firmPrincipalOf(request), request.params.id, request.body.isOptedOut),
      ),
  );
}
