import { idParamsSchema } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import { documentSchema, documentSettingsSchema, shareInputSchema } from './document.schemas.ts';

const base = '/api/admin/document';

/**
 * What both the folder view and the document page call: the upload settings (the limit, what runs
 * on the server) and sharing with the client. Apart from the folder view's own calls, so that the
 * document page does not load those (ADR 40).
 */
export const documentSettingsRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-document-settings`,
  response: documentSettingsSchema,
});

/** A document, or a folder with what is added to it later; null for a folder. */
export const documentShareRoute = defineRoute({
  method: 'POST',
  path: `${base}/share/:id`,
  params: idParamsSchema,
  body: shareInputSchema,
  response: documentSchema.nullable(),
});

export const documentUnshareRoute = defineRoute({
  method: 'POST',
  path: `${base}/unshare/:id`,
  params: idParamsSchema,
  body: shareInputSchema,
  response: documentSchema.nullable(),
});

export const documentSharingContracts = {
  settings: documentSettingsRoute,
  share: documentShareRoute,
  unshare: documentUnshareRoute,
};
