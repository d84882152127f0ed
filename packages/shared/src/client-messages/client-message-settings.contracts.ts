import { idParamsSchema } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import { clientMessageSchema } from './client-message.schemas.ts';
import {
  clientOptInsQuerySchema,
  clientOptInsSchema,
  portalOptInsSchema,
  setClientOptInsSchema,
  setPortalOptInsSchema,
} from './client-message-opt-ins.schemas.ts';
import { clientMessageTemplateListSchema, saveClientMessageTemplateSchema } from './client-message-templates.ts';

const base = '/api/admin/client-messages';

/** A client's contacts and their SMS and WhatsApp opt-ins, with every change recorded. */
export const clientOptInsRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-opt-ins`,
  query: clientOptInsQuerySchema,
  response: clientOptInsSchema,
});

/** Staff record a contact's opt-ins (both channels at once) and the number. */
export const setClientOptInsRoute = defineRoute({
  method: 'POST',
  path: `${base}/set-opt-ins`,
  body: setClientOptInsSchema,
  response: clientOptInsSchema,
});

/** The firm's message templates (its own text, or the default). */
export const clientMessageTemplatesRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-templates`,
  response: clientMessageTemplateListSchema,
});

export const saveClientMessageTemplateRoute = defineRoute({
  method: 'POST',
  path: `${base}/save-template`,
  body: saveClientMessageTemplateSchema,
  response: clientMessageTemplateListSchema,
});

/** A failed or undelivered message queued again. */
export const retryClientMessageRoute = defineRoute({
  method: 'POST',
  path: `${base}/retry/:id`,
  params: idParamsSchema,
  response: clientMessageSchema,
});

/** The signed-in client's own SMS and WhatsApp choices on the portal. */
export const portalOptInsRoute = defineRoute({
  method: 'GET',
  path: '/api/client-portal/get-message-preferences',
  response: portalOptInsSchema,
});

export const setPortalOptInsRoute = defineRoute({
  method: 'POST',
  path: '/api/client-portal/save-message-preferences',
  body: setPortalOptInsSchema,
  response: portalOptInsSchema,
});
