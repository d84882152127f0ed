import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import {
  cancelTrustRequestSchema,
  createTrustRequestSchema,
  publicTrustRequestSchema,
  sendTrustRequestSchema,
  trustRequestListQuerySchema,
  trustRequestPageSchema,
  trustRequestSchema,
  trustRequestSentSchema,
  trustRequestSlugParamsSchema,
  updateTrustRequestSchema,
} from './trust-request.schemas.ts';

const base = '/api/admin/trust-account';

export const trustRequestCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-trust-request`,
  body: createTrustRequestSchema,
  response: trustRequestSchema,
  status: 201,
});

export const trustRequestUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-trust-request/:id`,
  params: idParamsSchema,
  body: updateTrustRequestSchema,
  response: trustRequestSchema,
});

export const trustRequestSubmitRoute = defineRoute({
  method: 'POST',
  path: `${base}/submit-trust-request/:id`,
  params: idParamsSchema,
  response: trustRequestSchema,
});

export const trustRequestApproveRoute = defineRoute({
  method: 'POST',
  path: `${base}/approve-trust-request/:id`,
  params: idParamsSchema,
  response: trustRequestSchema,
});

/** The body (another address, a message) may be left out. */
export const trustRequestSendRoute = defineRoute({
  method: 'POST',
  path: `${base}/send-trust-request/:id`,
  params: idParamsSchema,
  body: sendTrustRequestSchema.optional(),
  response: trustRequestSentSchema,
});

export const trustRequestCancelRoute = defineRoute({
  method: 'POST',
  path: `${base}/cancel-trust-request/:id`,
  params: idParamsSchema,
  body: cancelTrustRequestSchema,
  response: trustRequestSchema,
});

/** IsDownlodCsv=true answers text/csv instead of the page (the server sends the stream itself). */
export const trustRequestListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-trust-requests`,
  query: trustRequestListQuerySchema,
  response: trustRequestPageSchema,
});

export const trustRequestViewRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-trust-request/:id`,
  params: idParamsSchema,
  response: trustRequestSchema,
});

/** The public link's page (/billing/trust-accounting/[slug]), no sign-in. */
export const trustRequestPublicRoute = defineRoute({
  method: 'GET',
  path: '/api/public/trust-request/:slug',
  params: trustRequestSlugParamsSchema,
  response: publicTrustRequestSchema,
});

export const trustRequestContracts = {
  create: trustRequestCreateRoute,
  update: trustRequestUpdateRoute,
  submit: trustRequestSubmitRoute,
  approve: trustRequestApproveRoute,
  send: trustRequestSendRoute,
  cancel: trustRequestCancelRoute,
  list: trustRequestListRoute,
  view: trustRequestViewRoute,
  publicView: trustRequestPublicRoute,
};
