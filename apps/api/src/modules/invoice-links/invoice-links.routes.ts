import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  invoiceLedesPath,
  invoiceLinkContracts as contracts,
  invoiceLinkSlugParamsSchema,
  invoicePdfPath,
  creditNotePdfPath,
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
      schema: {
        tags,
        summary: 'The invoice as a PDF (application/pdf, attachment)',
        description:
          'Answers the invoice as the client receives it, as a PDF file named after its number (a draft’s is draft-invoice.pdf), with what the firm holds in trust for the client. 404 when it is not the firm’s.',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await documents.pdf(firmPrincipalOf(request), request.params.id);
      return sendFile(reply, pdf, fileName, 'application/pdf');
    },
  );

  api.get(
    creditNotePdfPath.path,
    {
      config: { access: firmAccess('invoice') },
      schema: {
        tags,
        summary: 'A credit note as a PDF (application/pdf, attachment)',
        description:
          'Answers the credit note as the client files it: its number, the invoice it credits, the reason, the lines credited, its figures and where the money went, as a PDF named after its number. 404 when it is not the firm’s.',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await documents.creditNotePdf(firmPrincipalOf(request), request.params.id);
      return sendFile(reply, pdf, fileName, 'application/pdf');
    },
  );

  api.get(
    invoiceLedesPath.path,
    {
      config: { access: firmAccess('invoice') },
      schema: {
        tags,
        summary: 'The invoice as a LEDES 1998B file (text/plain, attachment)',
        description:
          'Answers the invoice as a LEDES file for the client’s e-billing portal: 1998B, or 1998BI for a client set to the international format. Refused with 409 when it is not issued or a fee earner on it has no LEDES classification.',
        params: idParamsSchema,
      },
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
        description:
          'Answers up to 500 issued invoices in one LEDES file (invoices.ledes.txt). Refused with 404 when an id is not the firm’s, and with 409 when one is not issued, a fee earner has no LEDES classification, or the clients take different LEDES formats.',
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
      description:
        'Answers the new link’s address for the firm to share; its secret slug is kept only as a hash and a sealed copy. Refused with 409 when the invoice is void or not yet issued.',
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
      description:
        'Answers the newest live link’s address, when and to whom it was emailed and how often the public page was opened with it, or null when the invoice has no live link. 404 when the invoice is not the firm’s.',
    },
    async (request) => ok('Invoice link', await documents.currentLink(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.revoke,
    {
      access: firmAccess('invoice.edit'),
      summary: "Revoke the invoice's public links: they answer 404 from now on",
      description:
        'Retires every live public link of the invoice and answers how many were retired (0 when it had none); the invoice itself is unchanged and a new link can be issued later.',
    },
    async (request) => ok('Invoice link revoked', await documents.revokeLinks(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.publicView,
    {
      access: publicAccess(),
      summary:
        'An invoice on its public link, as the client sees it (no sign-in); a void invoice shows as void; the first view is recorded',
      description:
        'Answers the invoice as its client reads it on the bill (the firm’s heading, lines, totals, payments and the PDF’s address) without the firm’s internal ids, users or history, and counts the view on the link. 404 when the slug is malformed, revoked or unknown, or the invoice is neither issued nor void.',
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
      schema: {
        tags,
        summary: 'The PDF of an invoice on its public link (no sign-in)',
        description:
          'Answers the same PDF the firm downloads, as an attachment. 404 when the slug is malformed, revoked or unknown, or the invoice is neither issued nor void.',
        params: invoiceLinkSlugParamsSchema,
      },
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
      description:
        'Answers a summary of each invoice sent to the signed-in client: its number, status, dates, total, what was paid and what is still due.',
    },
    async (request) => {
      const principal = portalPrincipalOf(request);
      return ok('Invoices', await documents.clientInvoices(principal.firmId, principal.clientId));
    },
  );

  portalRoute(
    portalBillingContracts.invoice,
    {
      access: portalAccess(),
      summary: 'One of the signed-in client’s sent invoices: its lines, totals, payments and balance',
      description:
        'Answers the invoice as the client reads it on the bill (the firm’s heading, lines, totals, payments and the PDF’s portal address) and records that the client viewed it. 404 when it is not one of the client’s sent invoices.',
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
      schema: {
        tags: portalTags,
        summary: 'One of the signed-in client’s sent invoices as a PDF (attachment)',
        description:
          'Answers the invoice’s PDF and records that the client downloaded it. 404 when it is not one of the client’s sent invoices.',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const principal = portalPrincipalOf(request);
      const { pdf, fileName } = await documents.clientPdf(principal.firmId, principal.clientId, request.params.id);
      await views.record(principal, 'invoice', [request.params.id], 'downloaded');
      return sendFile(reply, pdf, fileName, 'application/pdf');
    },
  );

  api.get(
    '/api/client-portal/download-credit-note-pdf/:id',
    {
      config: { access: portalAccess() },
      schema: {
        tags: portalTags,
        summary: 'A credit note on one of the signed-in client’s sent invoices as a PDF (attachment)',
        description: 'Answers the credit note’s PDF. 404 when it does not credit one of the client’s sent invoices.',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const principal = portalPrincipalOf(request);
      const { pdf, fileName } = await documents.clientCreditNotePdf(principal.firmId, principal.clientId, request.params.id);
      return sendFile(reply, pdf, fileName, 'application/pdf');
    },
  );
}
