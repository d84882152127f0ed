import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  SIGNATURE_REQUEST_MESSAGES,
  SIGNATURE_REQUEST_TRANSITIONS,
  signatureRequestContracts as calls,
  signedPdfPath,
  signingCertificatePath,
} from '@matterhorn/shared';
import { created, ok, sendPdf } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createSignatureRequest } from './create-signature-request.ts';
import { remindSigners, voidSignatureRequest } from './signature-request-actions.ts';
import { retrySealing } from './sealing-failures.ts';
import type { SignatureRequestService } from './signature-requests.service.ts';
import { originOf, type SigningDeps } from './signing-deps.ts';

const tags = ['Signature requests'];

/**
 * Online signing, the firm's side (issue 45, ADR 79). Seeing requests needs `document`; sending one
 * needs `document.create` (it makes a new record about the document, as an upload does);
 * withdrawing and reminding need `document.edit`, and trying a failed sealing again `document.create`, as the shared state machine says. No
 * `document.sign`: signers sign through their own link, never with a firm permission.
 */
export function registerSignatureRequestRoutes(
  app: FastifyInstance,
  deps: SigningDeps,
  service: SignatureRequestService,
  /** Asks for a sealing run after Try again's answer (as after the last signature). */
  requestSealing: () => void,
) {
  const route = contractRoutes(app, tags);
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(
    calls.create,
    {
      access: firmAccess('document.create'),
      summary:
        'Sends a document’s current PDF version for signature: its SHA-256 recorded, the first signer’s link emailed (every signer’s at once when all sign at once)',
      description:
        'Send an Idempotency-Key: a retry sends nothing twice. 404 for a document, contact or member the firm does not have; 409 when the document is not a PDF, is still being scanned, or is encrypted; 400 for a place on a page the PDF does not have, an expiry date not after today or past a year, or a signer without a signature place.',
    },
    async (request, reply) =>
      created(
        reply,
        SIGNATURE_REQUEST_MESSAGES.created,
        await createSignatureRequest(deps, firmPrincipalOf(request), request.body, originOf(request)),
      ),
  );
  route(
    calls.list,
    {
      access: firmAccess('document'),
      summary: 'The firm’s signature requests, newest first, by status, matter or document',
      description: 'A request past its expiry reads Expired even before the hourly job marks it.',
    },
    async (request) => ok('Signature requests', await service.list(firmPrincipalOf(request), request.query)),
  );
  route(
    calls.view,
    {
      access: firmAccess('document'),
      summary:
        'One signature request: its signers with the time of each step, the places marked, and its history with addresses and browsers',
      description: '404 for a request that is not the firm’s.',
    },
    async (request) => ok('Signature request', await service.view(firmPrincipalOf(request), request.params.id)),
  );
  route(
    calls.void,
    {
      access: firmAccess(SIGNATURE_REQUEST_TRANSITIONS.void.permission),
      summary: 'Withdraws a request out for signature; each signer still to answer is emailed the reason',
      description: '409 once everyone has signed, or when it was declined, withdrawn or expired; 404 for another firm’s.',
    },
    async (request) =>
      ok(
        SIGNATURE_REQUEST_MESSAGES.voided,
        await voidSignatureRequest(deps, firmPrincipalOf(request), request.params.id, request.body.reason, originOf(request)),
      ),
  );
  route(
    calls.remind,
    {
      access: firmAccess(SIGNATURE_REQUEST_TRANSITIONS.remind.permission),
      summary: 'Emails each signer whose turn it is and who has not answered their link again, now',
      description: '409 when the request is over or nobody is waiting to sign; 404 for another firm’s.',
    },
    async (request) =>
      ok(SIGNATURE_REQUEST_MESSAGES.reminded, await remindSigners(deps, firmPrincipalOf(request), request.params.id, originOf(request))),
  );

  route(
    calls.retrySealing,
    {
      access: firmAccess(SIGNATURE_REQUEST_TRANSITIONS.retrySealing.permission),
      summary: 'Try again: a request everyone signed whose sealing failed at each attempt is queued for sealing again',
      description: '409 unless the request is Sealing and its sealing has failed; 404 for another firm’s.',
    },
    async (request, reply) => {
      const retried = await retrySealing(deps, firmPrincipalOf(request), request.params.id, originOf(request));
      // Once the answer is written, so after the request's transaction has committed: a run started sooner would not see the reset.
      reply.raw.once('finish', requestSealing);
      return ok(SIGNATURE_REQUEST_MESSAGES.sealingRetried, retried);
    },
  );

  api.get(
    signedPdfPath.path,
    {
      config: { access: firmAccess(SIGNATURE_REQUEST_TRANSITIONS.downloadSigned.permission) },
      schema: {
        tags,
        summary: 'The sealed signed PDF (application/pdf, attachment), as filed in the document’s versions',
        description:
          '409 until everyone has signed and it is sealed (or when the request was declined, withdrawn or expired); 404 for another firm’s.',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const { fileName, content } = await service.signedPdf(firmPrincipalOf(request), request.params.id);
      return sendPdf(reply, content, fileName);
    },
  );
  api.get(
    signingCertificatePath.path,
    {
      config: { access: firmAccess(SIGNATURE_REQUEST_TRANSITIONS.downloadSigned.permission) },
      schema: {
        tags,
        summary: 'The certificate of signing on its own (application/pdf, attachment): the sealed PDF’s last page',
        description: '409 until the request is completed; 404 for another firm’s.',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const { fileName, content } = await service.certificate(firmPrincipalOf(request), request.params.id);
      return sendPdf(reply, content, fileName);
    },
  );
}
