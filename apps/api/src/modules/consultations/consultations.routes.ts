import type { FastifyInstance } from 'fastify';
import { CONSULTATION_MESSAGES, CONSULTATION_SETTINGS_MESSAGES, consultationContracts as calls } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { createConsultationSettings } from './consultation-settings.ts';
import type { Consultations } from './consultations.service.ts';

/**
 * Consultations from the firm's side (issue 45, ADR 83). Reading a lead's consultation needs
 * `clientInfo` and booking, moving, cancelling or sending the link `clientInfo.edit`, as the leads
 * themselves; the settings are the firm's, `updateAccountSettings`.
 */
export function registerConsultationRoutes(
  app: FastifyInstance,
  { consultations, settings }: { consultations: Consultations; settings: ReturnType<typeof createConsultationSettings> },
) {
  const route = contractRoutes(app, ['Consultations']);
  const lead = 'Answers the lead’s latest consultation, its live booking link, and whether the firm saved its consultation settings.';

  route(
    calls.settings,
    {
      access: firmAccess(),
      summary: 'The firm’s consultation settings (the defaults until saved): length, hours per weekday, notice, how far ahead, fee',
    },
    async (request) => ok('Consultation settings', await settings.view(firmPrincipalOf(request))),
  );
  route(
    calls.updateSettings,
    {
      access: firmAccess('updateAccountSettings'),
      summary:
        'Saves how consultations are offered: length, hours per weekday on the firm’s clock, notice in working days, days ahead, fee and whether paying it online confirms the booking (audited)',
      description:
        '400 when a weekday appears twice, an end is not after its start, or the fee is required in a currency no configured gateway takes.',
    },
    async (request) => ok(CONSULTATION_SETTINGS_MESSAGES.saved, await settings.update(firmPrincipalOf(request), request.body)),
  );
  route(
    calls.leadConsultation,
    {
      access: firmAccess('clientInfo'),
      summary: 'A lead’s consultation and booking link',
      description: `${lead} 404 for another firm’s lead.`,
    },
    async (request) => ok('Consultation', await consultations.view(firmPrincipalOf(request), request.params.id)),
  );
  route(
    calls.leadSlots,
    {
      access: firmAccess('clientInfo'),
      summary:
        'The free slots of the lead’s assignee, on the firm’s clock: their consultation hours from the notice to the horizon, minus the events they attend, their hearings and their other consultations',
      description:
        'Consultation=id leaves that consultation’s own time free (moving it). 404 for another firm’s lead; 409 when the lead has no assignee.',
    },
    async (request) => ok('Free slots', await consultations.slots(firmPrincipalOf(request), request.params.id, request.query.Consultation)),
  );
  route(
    calls.sendLink,
    {
      access: firmAccess('clientInfo.edit'),
      summary:
        'Emails the lead a new booking link (30 days; earlier links stop working), noted on the lead’s timeline. Honours Idempotency-Key',
      description: `${lead} 404 for another firm’s lead; 409 when the lead has no email or no assignee.`,
    },
    async (request) => ok(CONSULTATION_MESSAGES.linkSent, await consultations.sendLink(firmPrincipalOf(request), request.params.id)),
  );
  route(
    calls.book,
    {
      access: firmAccess('clientInfo.edit'),
      summary:
        'Books one of the assignee’s free slots for the lead, confirmed at once: on the firm calendar, the lead and the assignee emailed an invitation (.ics), the lead moved to Consultation booked. Honours Idempotency-Key',
      description: `${lead} 400 when the time is not one offered; 409 when it has just been taken, the lead already has a live consultation or no assignee; 404 for another firm’s lead.`,
    },
    async (request, reply) => {
      reply.status(201);
      return ok(CONSULTATION_MESSAGES.booked, await consultations.book(firmPrincipalOf(request), request.params.id, request.body.start));
    },
  );
  route(
    calls.reschedule,
    {
      access: firmAccess('clientInfo.edit'),
      summary:
        'Moves a consultation to another free slot of its assignee; the calendar event moves and the lead and assignee get the changed invitation',
      description: `${lead} 400 when the time is not one offered; 409 when it has just been taken or the consultation was cancelled; 404 for another firm’s.`,
    },
    async (request) =>
      ok(
        CONSULTATION_MESSAGES.rescheduled,
        await consultations.reschedule(firmPrincipalOf(request), request.params.id, request.body.start),
      ),
  );
  route(
    calls.cancel,
    {
      access: firmAccess('clientInfo.edit'),
      summary: 'Cancels a consultation: off the calendar, the lead and assignee told (a cancelling invitation), the lead back to Contacted',
      description: `${lead} 409 when it was cancelled already; 404 for another firm’s. A fee paid online is not refunded by this (audited for the firm to refund).`,
    },
    async (request) =>
      ok(CONSULTATION_MESSAGES.cancelled, await consultations.cancel(firmPrincipalOf(request), request.params.id, request.body.reason)),
  );
  route(
    calls.refundPayment,
    {
      access: firmAccess('paymentInfo.edit'),
      summary:
        'Records the refund of a lead’s online payment held for refund (a consultation fee paid again, or after a cancellation), made at the gateway: ' +
        'Dr unapplied client payments, Cr the bank, dated today (audited). Honours Idempotency-Key',
      description: `${lead} 404 when the payment is not the firm’s; 409 when it holds nothing to refund (refunded already, or it paid the fee).`,
    },
    async (request) =>
      ok(
        CONSULTATION_MESSAGES.refunded,
        await consultations.refundPayment(firmPrincipalOf(request), request.params.id, request.body.reference),
      ),
  );
}
