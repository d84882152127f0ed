import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  errorEnvelopeSchema,
  SIGNATURE_REQUEST_MESSAGES,
  signatureRequestContracts as calls,
  signingDocumentPath,
  signingTokenParamsSchema,
} from '@matterhorn/shared';
import { ok, sendPdf } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { portalAccess, portalPrincipalOf, publicAccess } from '../../plugins/route-access.ts';
import type { SignatureRequestService } from './signature-requests.service.ts';
import type { SigningService } from './signing.service.ts';
import { originOf } from './signing-deps.ts';
import { PAGE_IMAGE_MAX_PAGES, type SigningPageImages } from './signing-page-images.ts';

const tags = ['Signing'];

export type SigningRouteOptions = {
  /** Per address: the public calls (an unguessable token each) are limited like the sign-in calls. */
  rateLimit: { max: number; timeWindow: string };
  /** Asks for the sealing job once the last signer has signed (after the answer's commit). */
  requestSealing: () => void;
  pageImages: SigningPageImages;
};

/** A document's pages are asked for one by one as the signer scrolls: a 300-page contract, not a password guess. */
const PAGE_IMAGE_REQUESTS_PER_LIMIT = 20;

/** Beside the document's own address (/api/public/signing/{token}/document). */
const PAGES_PATH = '/api/public/signing/:token/pages';

const pageLayoutSchema = z
  .object({
    width: z.number().int().describe('Every page image’s width in pixels.'),
    pages: z
      .array(
        z
          .object({
            width: z.number().int().describe('The image’s width in pixels.'),
            height: z.number().int().describe('The image’s height in pixels (the page’s proportions, its rotation applied).'),
          })
          .describe('One page’s image size.'),
      )
      .describe('Each page’s image size in pixels, in page order: the signing page lays the pages out before they arrive.'),
  })
  .describe('The sizes of the document’s page images.');
const pageImageParamsSchema = signingTokenParamsSchema.extend({
  page: z.coerce.number().int().min(1).max(PAGE_IMAGE_MAX_PAGES).describe('The page number, from 1.'),
});

/**
 * The signer's link (/sign/{token}, no sign-in) and the portal's list of the client's requests.
 * Each step records its time, address and browser; a request that is over answers what happened
 * and offers nothing to sign.
 */
export function registerSigningRoutes(
  app: FastifyInstance,
  signing: SigningService,
  requests: SignatureRequestService,
  options: SigningRouteOptions,
) {
  const route = contractRoutes(app, tags);
  const limited = { access: publicAccess(), rateLimit: options.rateLimit };
  const noStore = (reply: { header(name: string, value: string): unknown }) => reply.header('cache-control', 'no-store');

  route(
    calls.signingView,
    {
      ...limited,
      summary:
        'The request as its signer sees it: the firm, the document, their places while they can sign, or what happened when they cannot',
      description: 'The first open is recorded (time, address, browser). 404 for an unknown link. No other signer’s email, no firm ids.',
    },
    async (request, reply) => {
      noStore(reply);
      return ok('Signing', await signing.view(request.params.token, originOf(request)));
    },
  );
  route(
    calls.consent,
    {
      ...limited,
      summary: 'The signer agrees to sign electronically (the consent text is recorded with the time, address and browser)',
      description: '409 with what happened when the request is over or it is not the signer’s turn.',
    },
    async (request) => ok(SIGNATURE_REQUEST_MESSAGES.consented, await signing.consent(request.params.token, originOf(request))),
  );
  route(
    calls.sign,
    {
      ...limited,
      summary: 'Signs every place of the signer’s with their adopted signature and initials; the last signature has the document sealed',
      description:
        '409 when the request is over, the signer has not consented or already answered, or the document changed since it was sent (its SHA-256); 400 when a place is left or is not theirs, initials are missing, or a drawn signature is not a readable PNG of at most 100,000 characters.',
    },
    async (request) => {
      const { view, isAllSigned } = await signing.sign(request.params.token, request.body, originOf(request));
      if (isAllSigned) options.requestSealing();
      return ok(SIGNATURE_REQUEST_MESSAGES.signed, view);
    },
  );
  route(
    calls.decline,
    {
      ...limited,
      summary: 'The signer declines with a reason: the request closes and the sender is emailed',
      description: '409 when the request is over or the signer already answered.',
    },
    async (request) =>
      ok(SIGNATURE_REQUEST_MESSAGES.declined, await signing.decline(request.params.token, request.body.reason, originOf(request))),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    signingDocumentPath.path,
    {
      config: limited,
      schema: {
        tags,
        summary: 'The PDF sent for signature, to read on the signing page (application/pdf), only while the signer can sign',
        description: '409 with what happened when the request is over or it is not the signer’s turn; 404 for an unknown link.',
        params: signingTokenParamsSchema,
      },
    },
    async (request, reply) => {
      const { fileName, content } = await signing.document(request.params.token);
      return sendPdf(reply, content, fileName);
    },
  );

  const pageImageLimit = { ...options.rateLimit, max: options.rateLimit.max * PAGE_IMAGE_REQUESTS_PER_LIMIT };
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    PAGES_PATH,
    {
      config: { access: publicAccess(), rateLimit: pageImageLimit },
      schema: {
        tags,
        summary: 'The sizes of the page images of the PDF sent for signature, only while the signer can sign',
        description: `The same answers as the document call (409 when the request is over, 404 for an unknown link); 422 (UNPROCESSABLE_CONTENT) when the server cannot draw this document's pages (poppler missing, more than ${PAGE_IMAGE_MAX_PAGES} pages, a PDF it cannot read in time): the page then reads the PDF itself.`,
        params: signingTokenParamsSchema,
        response: { 200: envelopeSchema(pageLayoutSchema), '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok('Pages', await options.pageImages.layout(await signing.pageSource(request.params.token)));
    },
  );
  typed.get(
    `${PAGES_PATH}/:page`,
    {
      config: { access: publicAccess(), rateLimit: pageImageLimit },
      schema: {
        tags,
        summary: 'One page of the PDF sent for signature as a PNG, drawn once per document version, only while the signer can sign',
        description: 'The same answers as the document call (409, 404); 404 for a page the document does not have; 422 as the sizes call.',
        params: pageImageParamsSchema,
      },
    },
    async (request, reply) => {
      const image = await options.pageImages.page(await signing.pageSource(request.params.token), request.params.page);
      return (
        reply
          .header('content-type', 'image/png')
          .header('x-content-type-options', 'nosniff')
          // The signer's own browser may keep it a few minutes (the page asks for it once); nothing shared keeps it.
          .header('cache-control', 'private, max-age=600')
          .send(image)
      );
    },
  );

  contractRoutes(app, ['Client portal'])(
    calls.portalRequests,
    {
      access: portalAccess(),
      summary:
        'The signed-in client’s signature requests (where their email is a signer for them), with their signing link while theirs to sign',
      description: 'Newest first, at most 100.',
    },
    async (request) => ok('Signature requests', await requests.portalRequests(portalPrincipalOf(request))),
  );
}
