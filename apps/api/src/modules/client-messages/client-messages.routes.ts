import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLIENT_MESSAGE_MESSAGES, clientMessageContracts as calls } from '@matterhorn/shared';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf, publicAccess } from '../../plugins/route-access.ts';
import type { ClientMessageService } from './client-messages.service.ts';

const tags = ['Client messages'];

const callbackOf = (request: FastifyRequest) => ({
  rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
  headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value])),
  url: request.url,
});

/**
 * Client updates by SMS and WhatsApp (ADR 89): the firm's message log (`clientInfo`), which
 * providers are configured and a test message (`updateAccountSettings`), and each provider's
 * delivery callback (public, signed).
 */
export async function registerClientMessageRoutes(app: FastifyInstance, messages: ClientMessageService) {
  const route = contractRoutes(app, tags);
  route(
    calls.list,
    {
      access: firmAccess('clientInfo'),
      summary: 'The firm’s SMS and WhatsApp messages to clients, newest first, with each one’s delivery status and attempts',
      description: 'MatterId narrows to one matter’s messages, Status to one status. Another firm’s messages are never listed.',
    },
    async (request) => ok('Client messages', await messages.list(firmPrincipalOf(request), request.query)),
  );
  route(
    calls.providers,
    {
      access: firmAccess('updateAccountSettings'),
      summary:
        'Which SMS and WhatsApp providers are configured (Termii, Twilio), their channels, and the one this firm’s messages go through',
    },
    async (request) => ok('Messaging providers', await messages.providers(firmPrincipalOf(request))),
  );
  route(
    calls.sendTest,
    {
      access: firmAccess('updateAccountSettings'),
      summary:
        'Queues a fixed test text to a phone number by SMS or WhatsApp, sent after commit by the job queue and logged like any message',
      description:
        'The number is normalised to E.164 with the firm’s country (400 with the reason when it cannot be). 409 when no provider is configured for the channel.',
    },
    async (request, reply) => {
      const message = await messages.sendTest(firmPrincipalOf(request), request.body);
      // Once the answer is written, so after the request's transaction has committed: a run started sooner would not see the message.
      reply.raw.once('finish', messages.requestDelivery);
      return created(reply, CLIENT_MESSAGE_MESSAGES.queued, message);
    },
  );

  // The callbacks' signatures are over the exact bytes sent (Termii: JSON; Twilio: a form): only these routes read the body raw.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    for (const type of ['application/json', 'application/x-www-form-urlencoded'])
      scope.addContentTypeParser(type, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const callback = contractRoutes(scope, tags);
    callback(
      calls.termiiCallback,
      {
        access: publicAccess(),
        summary:
          'Termii’s delivery report: X-Termii-Signature must be the HMAC-SHA512 of the raw body with the secret key (else 403, nothing changes); the message’s status moves forward only',
        description:
          'An unknown message_id, a repeated or older status, or another event answers 200 and changes nothing (outcome says which). 404 when Termii is not configured.',
      },
      async (request) => ok('Callback processed', { outcome: await messages.callback('termii', callbackOf(request)) }),
    );
    callback(
      calls.twilioCallback,
      {
        access: publicAccess(),
        summary:
          'Twilio’s message status callback: X-Twilio-Signature must be the base64 HMAC-SHA1 of this URL and the sorted form fields with the auth token (else 403, nothing changes)',
        description:
          'An unknown MessageSid, an interim status (queued, sending), or a repeated or older status answers 200 and changes nothing (outcome says which). 404 when Twilio is not configured.',
      },
      async (request) => ok('Callback processed', { outcome: await messages.callback('twilio', callbackOf(request)) }),
    );
  });
}
