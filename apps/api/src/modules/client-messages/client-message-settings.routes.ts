import type { FastifyInstance } from 'fastify';
import {
  CLIENT_MESSAGE_MESSAGES,
  OPT_IN_MESSAGES,
  clientMessageTemplatesRoute,
  clientOptInsRoute,
  portalOptInsRoute,
  retryClientMessageRoute,
  saveClientMessageTemplateRoute,
  setClientOptInsRoute,
  setPortalOptInsRoute,
} from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf, portalAccess, portalPrincipalOf } from '../../plugins/route-access.ts';
import type { ClientMessageSettings } from './client-message-settings.service.ts';

const tags = ['Client messages'];

/** Opt-ins (staff and the client's own on the portal), the firm's templates, and a retry of a failed message (ADR 90). */
export function registerClientMessageSettingsRoutes(app: FastifyInstance, settings: ClientMessageSettings, requestDelivery: () => void) {
  const route = contractRoutes(app, tags);
  route(
    clientOptInsRoute,
    {
      access: firmAccess('clientInfo'),
      summary:
        'A client’s contacts (the client itself first) with their SMS and WhatsApp opt-ins, and every change: who recorded it and when',
      description: 'Another firm’s client, or a deleted one, answers 404.',
    },
    async (request) => ok('Message preferences', await settings.optIns(firmPrincipalOf(request), request.query.ClientId)),
  );
  route(
    setClientOptInsRoute,
    {
      access: firmAccess('clientInfo.edit'),
      summary: 'Records a contact’s SMS and WhatsApp opt-ins and the number they go to (each change kept with who and when)',
      description:
        'The number is normalised to E.164 with the firm’s country; one that cannot be is refused 400 with the reason, and nothing is written. Opting in needs a number.',
    },
    async (request) => ok(OPT_IN_MESSAGES.saved, await settings.setOptIns(firmPrincipalOf(request), request.body)),
  );
  route(
    clientMessageTemplatesRoute,
    {
      access: firmAccess('updateAccountSettings'),
      summary: 'The firm’s SMS and WhatsApp templates for client updates, each its own text or the default, with the placeholders allowed',
    },
    async (request) => ok('Message templates', await settings.templates(firmPrincipalOf(request))),
  );
  route(
    saveClientMessageTemplateRoute,
    {
      access: firmAccess('updateAccountSettings'),
      summary: 'Saves a template’s text (null goes back to the default)',
      description:
        'Refused 400 with the reason when it names an unknown placeholder, has a stray brace, lacks {{link}} or is over 300 characters: a message says only that something waits, and where.',
    },
    async (request) => ok('Message template saved', await settings.saveTemplate(firmPrincipalOf(request), request.body)),
  );
  route(
    retryClientMessageRoute,
    {
      access: firmAccess('clientInfo.edit'),
      summary: 'Queues a failed or undelivered message again, with a fresh allowance of attempts',
      description:
        '409 when the message is not failed or undelivered, or its contact has since opted out of the channel (or changed number). Another firm’s message answers 404.',
    },
    async (request, reply) => {
      const message = await settings.retry(firmPrincipalOf(request), request.params.id);
      reply.raw.once('finish', requestDelivery);
      return ok(CLIENT_MESSAGE_MESSAGES.requeued, message);
    },
  );
  route(
    portalOptInsRoute,
    {
      access: portalAccess(),
      summary: 'The signed-in client’s own SMS and WhatsApp choices for updates from the firm',
    },
    async (request) => ok('Message preferences', await settings.portalOptIns(portalPrincipalOf(request))),
  );
  route(
    setPortalOptInsRoute,
    {
      access: portalAccess(),
      summary: 'The signed-in client changes their own SMS and WhatsApp choices (kept with when, and that the client made it)',
      description: 'The number is normalised to E.164 with the firm’s country; one that cannot be is refused 400 with the reason.',
    },
    async (request) => ok(OPT_IN_MESSAGES.saved, await settings.setPortalOptIns(portalPrincipalOf(request), request.body)),
  );
}
