import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  invoiceLinkRevokedSchema,
  currentInvoiceLinkSchema,
  invoiceLinkSchema,
  invoiceLinkSlugParamsSchema,
  ledesDownloadQuerySchema,
  portalInvoiceSummarySchema,
  publicInvoiceSchema,
} from '@matterhorn/shared';
import { z } from 'zod';
import { answers, ok } from '../../lib/reply.ts';
import {
  firmAccess,
  firmPrincipalOf,
  portalAccess,
  portalPrincipalOf,
  publicAccess,
  type PortalPrincipal,
} from '../../plugins/route-access.ts';
import type { InvoiceDocumentsService } from './invoice-documents.service.ts';

const tags = ['Invoices'];
const base = '/api/admin/invoice';

/** A file download: attachment, its type, never sniffed, never cached. */
function sendFile(reply: FastifyReply, body: Buffer | string, fileName: string, contentType: string, disposition = 'attachment') {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `${disposition}; filename="${fileName.replace(/"/g, '')}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * The bill the client receives: the invoice's PDF and LEDES 1998B file, its public link (issue,
 * revoke) and the public page's calls (/api/public/invoice/{slug}, …/pdf).
 */
/** Records what the signed-in client opened (composed in app.ts: the portal-views module). */
export type PortalViewRecorder = {
  record(
    principal: PortalPrincipal,
    kind: 'progressNote' | 'courtUpdate' | 'invoice',
    itemIds: string[],
    action: 'viewed' | 'downloaded',
  ): Promise<void>;
};

export function registerInvoiceDocumentRoutes(app: FastifyInstance, documents: InvoiceDocumentsService, views: PortalViewRecorder) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${base}/download-invoice-pdf/:id`,
    {
      config: { access: firmAccess('invoice') },
      schema: { tags, summary: 'The invoice as a PDF (application/pdf, attachment)', params: idParamsSchema },
    },
    async (request, reply) => {
      const { pdf, fileName } = await documents.pdf(firmPrincipalOf(request), request.params.id);
      return sendFile(reply, pdf, fileName, 'application/pdf');
    },
  );

  api.get(
    `${base}/download-ledes/:id`,
    {
      config: { access: firmAccess('invoice') },
      schema: { tags, summary: 'The invoice as a LEDES 1998B file (text/plain, attachment)', params: idParamsSchema },
    },
    async (request, reply) => {
      const { text, fileName } = await documents.ledes(firmPrincipalOf(request), [request.params.id]);
      return sendFile(reply, text, fileName, 'text/plain; charset=utf-8');
    },
  );

  api.get(
    `${base}/download-ledes`,
    {
      config: { access: firmAccess('invoice') },
      schema: {
        tags,
        summary: 'Several invoices as one LEDES 1998B file: InvoiceIds=a&InvoiceIds=b (or comma-separated)',
        querystring: ledesDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const { text, fileName } = await documents.ledes(firmPrincipalOf(request), request.query.InvoiceIds);
      return sendFile(reply, text, fileName, 'text/plain; charset=utf-8');
    },
  );

  api.post(
    `${base}/reissue-invoice-link/:id`,
    {
      config: { access: firmAccess('invoice.edit'), answersSecret: true },
      schema: {
        tags,
        summary: "Retire the invoice's public links and issue a new one: the links given before stop working",
        params: idParamsSchema,
        response: answers(invoiceLinkSchema),
      },
    },
    async (request) => ok('Invoice link issued', await documents.reissueLink(firmPrincipalOf(request), request.params.id)),
  );

  api.get(
    `${base}/get-invoice-link/:id`,
    {
      config: { access: firmAccess('invoice'), answersSecret: true },
      schema: {
        tags,
        summary:
          "The invoice's live public link (the newest), with where and when it was emailed and how often it was viewed; null when none",
        params: idParamsSchema,
        response: answers(currentInvoiceLinkSchema.nullable()),
      },
    },
    async (request) => ok('Invoice link', await documents.currentLink(firmPrincipalOf(request), request.params.id)),
  );

  api.post(
    `${base}/revoke-invoice-link/:id`,
    {
      config: { access: firmAccess('invoice.edit') },
      schema: {
        tags,
        summary: "Revoke the invoice's public links: they answer 404 from now on",
        params: idParamsSchema,
        response: answers(invoiceLinkRevokedSchema),
      },
    },
    async (request) => ok('Invoice link revoked', await documents.revokeLinks(firmPrincipalOf(request), request.params.id)),
  );

  api.get(
    '/api/public/invoice/:slug',
    {
      config: { access: publicAccess() },
      schema: {
        tags,
        summary:
          'An invoice on its public link, as the client sees it (no sign-in); a void invoice shows as void; the first view is recorded',
        params: invoiceLinkSlugParamsSchema,
        response: answers(publicInvoiceSchema),
      },
    },
    async (request, reply) => {
      const invoice = await documents.publicView(request.params.slug);
      (reply as FastifyReply).header('cache-control', 'no-store');
      return ok('Invoice', invoice);
    },
  );

  api.get(
    '/api/public/invoice/:slug/pdf',
    {
      config: { access: publicAccess() },
      schema: { tags, summary: 'The PDF of an invoice on its public link (no sign-in)', params: invoiceLinkSlugParamsSchema },
    },
    async (request, reply) => {
      const { pdf, fileName } = await documents.publicPdf(request.params.slug);
      return sendFile(reply, pdf, fileName, 'application/pdf');
    },
  );

  // The client portal: the firm and the client come from the portal session; only invoices sent to the client.
  const portalTags = ['Client portal'];
  api.get(
    '/api/client-portal/get-invoices',
    {
      config: { access: portalAccess() },
      schema: {
        tags: portalTags,
        summary: "The signed-in client's invoices that were sent to them (never drafts or unsent approvals), newest first",
        response: answers(z.array(portalInvoiceSummarySchema)),
      },
    },
    async (request) => {
      const principal = portalPrincipalOf(request);
      return ok('Invoices', await documents.clientInvoices(principal.firmId, principal.clientId));
    },
  );

  api.get(
    '/api/client-portal/get-invoice/:id',
    {
      config: { access: portalAccess() },
      schema: {
        tags: portalTags,
        summary: 'One of the signed-in client’s sent invoices: its lines, totals, payments and balance',
        params: idParamsSchema,
        response: answers(publicInvoiceSchema),
      },
    },
    async (request) => {
      const principal = portalPrincipalOf(request);
      const invoice = await documents.clientInvoice(principal.firmId, principal.clientId, request.params.id);
      await views.record(principal, 'invoice', [request.params.id], 'viewed');
      return ok('Invoice', invoice);
    },
  );

  api.get(
    '/api/client-portal/download-invoice-pdf/:id',
    {
      config: { access: portalAccess() },
      schema: { tags: portalTags, summary: 'One of the signed-in client’s sent invoices as a PDF (attachment)', params: idParamsSchema },
    },
    async (request, reply) => {
      const principal = portalPrincipalOf(request);
      const { pdf, fileName } = await documents.clientPdf(principal.firmId, principal.clientId, request.params.id);
      await views.record(principal, 'invoice', [request.params.id], 'downloaded');
      return sendFile(reply, pdf, fileName, 'application/pdf');
    },
  );
}
