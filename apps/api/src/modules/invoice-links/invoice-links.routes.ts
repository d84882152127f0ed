import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  invoiceLedesPath,
  invoiceLinkContracts as contracts,
  invoiceLinkSlugParamsSchema,
  invoicePdfPath,
  invoicesLedesPath,
  ledesDownloadQuerySchema,
  portalBillingContracts,
  publicInvoicePdfPath,
} from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
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
  const route = contractRoutes(app, tags);

  api.get(
    invoicePdfPath.path,
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
    invoiceLedesPath.path,
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
    invoicesLedesPath.path,
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

  route(
    contracts.reissue,
    {
      access: firmAccess('invoice.edit'),
      answersSecret: true,
      summary: "Retire the invoice's public links and issue a new one: the links given before stop working",
    },
    async (request) => ok('Invoice link issued', await documents.reissueLink(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.current,
    {
      access: firmAccess('invoice'),
      answersSecret: true,
      summary:
        "The invoice's live public link (the newest), with where and when it was emailed and how often it was viewed; null when none",
    },
    async (request) => ok('Invoice link', await documents.currentLink(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.revoke,
    { access: firmAccess('invoice.edit'), summary: "Revoke the invoice's public links: they answer 404 from now on" },
    async (request) => ok('Invoice link revoked', await documents.revokeLinks(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.publicView,
    {
      access: publicAccess(),
      summary:
        'An invoice on its public link, as the client sees it (no sign-in); a void invoice shows as void; the first view is recorded',
    },
    async (request, reply) => {
      const invoice = await documents.publicView(request.params.slug);
      reply.header('cache-control', 'no-store');
      return ok('Invoice', invoice);
    },
  );

  api.get(
    publicInvoicePdfPath.path,
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
  const portalRoute = contractRoutes(app, portalTags);
  portalRoute(
    portalBillingContracts.invoices,
    {
      access: portalAccess(),
      summary: "The signed-in client's invoices that were sent to them (never drafts or unsent approvals), newest first",
    },
    async (request) => {
      const principal = portalPrincipalOf(request);
      return ok('Invoices', await documents.clientInvoices(principal.firmId, principal.clientId));
    },
  );

  portalRoute(
    portalBillingContracts.invoice,
    { access: portalAccess(), summary: 'One of the signed-in client’s sent invoices: its lines, totals, payments and balance' },
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
