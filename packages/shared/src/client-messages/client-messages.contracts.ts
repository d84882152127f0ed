import { defineRoute } from '../common/route-contract.ts';
import {
  clientMessageListQuerySchema,
  clientMessageListSchema,
  clientMessageSchema,
  messagingProvidersSchema,
  sendTestClientMessageSchema,
  webhookOutcomeSchema,
} from './client-message.schemas.ts';

const base = '/api/admin/client-messages';

/** Client updates by SMS and WhatsApp: the firm's message log, a test message, and the providers' delivery callbacks. */
export const clientMessageContracts = {
  list: defineRoute({ method: 'GET', path: `${base}/list`, query: clientMessageListQuerySchema, response: clientMessageListSchema }),
  providers: defineRoute({ method: 'GET', path: `${base}/get-providers`, response: messagingProvidersSchema }),
  sendTest: defineRoute({
    method: 'POST',
    path: `${base}/send-test`,
    body: sendTestClientMessageSchema,
    response: clientMessageSchema,
    status: 201,
  }),
  /** The body is read raw (the signature is over its bytes): no body schema. */
  termiiCallback: defineRoute({ method: 'POST', path: '/api/webhooks/client-messages/termii', response: webhookOutcomeSchema }),
  /** Form-encoded, signed over the URL and its sorted fields: read raw. */
  twilioCallback: defineRoute({ method: 'POST', path: '/api/webhooks/client-messages/twilio', response: webhookOutcomeSchema }),
};
