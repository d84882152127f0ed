import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelTrustRequestSchema,
  createTrustRequestSchema,
  idParamsSchema,
  publicTrustRequestSchema,
  sendTrustRequestSchema,
  trustRequestListQuerySchema,
  trustRequestPageSchema,
  trustRequestSchema,
  trustRequestSentSchema,
  trustRequestSlugParamsSchema,
  updateTrustRequestSchema,
} from '@matterhorn/shared';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf, publicAccess } from '../../plugins/route-access.ts';
import type { TrustRequestService } from './trust-requests.service.ts';

const tags = ['Trust requests'];
const base = '/api/admin/trust-account';

/**
 * Trust requests (retainer requests): trustAccountRequest reads; .create drafts and submits for
 * approval; .edit changes a draft and sends; .approve approves (never one's own); .delete cancels. The public page
 * /billing/trust-accounting/[slug] reads /api/public/trust-request/{slug}.
 */
export function registerTrustRequestRoutes(app: FastifyInstance, requests: TrustRequestService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    `${base}/create-trust-request`,
    {
      config: { access: firmAccess('trustAccountRequest.create') },
      schema: {
        tags,
        summary: 'Draft a request for funds into trust (client, optional matter, amount, due date, note)',
        body: createTrustRequestSchema,
        response: answers(trustRequestSchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Trust request saved', await requests.create(firmPrincipalOf(request), request.body)),
  );

  api.put(
    `${base}/update-trust-request/:id`,
    {
      config: { access: firmAccess('trustAccountRequest.edit') },
      schema: {
        tags,
        summary: 'Change a draft trust request',
        params: idParamsSchema,
        body: updateTrustRequestSchema,
        response: answers(trustRequestSchema),
      },
    },
    async (request) => ok('Trust request updated', await requests.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.post(
    `${base}/submit-trust-request/:id`,
    {
      // Part of asking: whoever may draft a request may put it up for approval.
      config: { access: firmAccess('trustAccountRequest.create') },
      schema: {
        tags,
        summary: 'Submit a draft for approval (only when the firm requires trust requests to be approved)',
        params: idParamsSchema,
        response: answers(trustRequestSchema),
      },
    },
    async (request) => ok('Trust request submitted for approval', await requests.submit(firmPrincipalOf(request), request.params.id)),
  );

  api.post(
    `${base}/approve-trust-request/:id`,
    {
      config: { access: firmAccess('trustAccountRequest.approve') },
      schema: {
        tags,
        summary: 'Approve a trust request awaiting approval (a second person: never its creator)',
        params: idParamsSchema,
        response: answers(trustRequestSchema),
      },
    },
    async (request) => ok('Trust request approved', await requests.approve(firmPrincipalOf(request), request.params.id)),
  );

  api.post(
    `${base}/send-trust-request/:id`,
    {
      config: { access: firmAccess('trustAccountRequest.edit'), answersSecret: true },
      schema: {
        tags,
        summary:
          'Send the request (a draft when the firm does not require approval, else an approved one; or send again): a new public ' +
          'link replaces any earlier one, the client is emailed it, and its address is answered once (only a hash is kept)',
        params: idParamsSchema,
        body: sendTrustRequestSchema.optional(),
        response: answers(trustRequestSentSchema),
      },
    },
    async (request) =>
      ok(
        'Trust request sent',
        await requests.send(firmPrincipalOf(request), request.params.id, {
          toEmail: request.body?.toEmail ?? null,
          message: request.body?.message ?? null,
        }),
      ),
  );

  api.post(
    `${base}/cancel-trust-request/:id`,
    {
      config: { access: firmAccess('trustAccountRequest.delete') },
      schema: {
        tags,
        summary: 'Cancel a trust request (not once paid); its public link then shows it cancelled',
        params: idParamsSchema,
        body: cancelTrustRequestSchema,
        response: answers(trustRequestSchema),
      },
    },
    async (request) =>
      ok('Trust request cancelled', await requests.cancel(firmPrincipalOf(request), request.params.id, request.body.reason)),
  );

  api.get(
    `${base}/get-trust-requests`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: {
        tags,
        summary: 'Trust requests, newest first: filter by Status, ClientId, MatterId, TrustAccountId; IsDownlodCsv=true streams text/csv',
        querystring: trustRequestListQuerySchema,
        response: answers(trustRequestPageSchema),
      },
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Trust requests', await requests.page(principal, request.query));
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="trust-requests.csv"')
        .send(await requests.csv(principal, request.query));
    },
  );

  api.get(
    `${base}/get-trust-request/:id`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: { tags, summary: 'One trust request', params: idParamsSchema, response: answers(trustRequestSchema) },
    },
    async (request) => ok('Trust request', await requests.view(firmPrincipalOf(request), request.params.id)),
  );

  api.get(
    '/api/public/trust-request/:slug',
    {
      config: { access: publicAccess() },
      schema: {
        tags,
        summary:
          'A trust request on its public link (no sign-in): the firm’s name, what is asked, where to pay it and the client’s trust ' +
          'balance; a cancelled request shows as cancelled',
        params: trustRequestSlugParamsSchema,
        response: answers(publicTrustRequestSchema),
      },
    },
    async (request, reply) => {
      const view = await requests.publicView(request.params.slug);
      (reply as FastifyReply).header('cache-control', 'no-store');
      return ok('Trust request', view);
    },
  );
}
