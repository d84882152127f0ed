import { z } from 'zod';
import { idParamsSchema } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import {
  consentInputSchema,
  createSignatureRequestInputSchema,
  declineInputSchema,
  signatureRequestListQuerySchema,
  signInputSchema,
  voidSignatureRequestInputSchema,
} from './signature-request-inputs.ts';
import {
  portalSignatureRequestSchema,
  signatureRequestPageSchema,
  signatureRequestSchema,
  signingTokenParamsSchema,
  signingViewSchema,
} from './signature-request.schemas.ts';

const base = '/api/admin/signature-requests';
const publicBase = '/api/public/signing/:token';

/**
 * Online signing (issue 45, ADR 79). The firm sends a document's PDF for signature, follows it,
 * withdraws it or reminds its signers; each signer signs on the public page /sign/{token} (no
 * sign-in) or reaches it from the portal. Permissions: see SIGNATURE_REQUEST_TRANSITIONS; sending
 * needs document.create.
 */
export const signatureRequestContracts = {
  create: defineRoute({
    method: 'POST',
    path: `${base}/create-request`,
    body: createSignatureRequestInputSchema,
    response: signatureRequestSchema,
    status: 201,
  }),
  list: defineRoute({
    method: 'GET',
    path: `${base}/get-requests`,
    query: signatureRequestListQuerySchema,
    response: signatureRequestPageSchema,
  }),
  view: defineRoute({
    method: 'GET',
    path: `${base}/get-request/:id`,
    params: idParamsSchema,
    response: signatureRequestSchema,
  }),
  void: defineRoute({
    method: 'POST',
    path: `${base}/void-request/:id`,
    params: idParamsSchema,
    body: voidSignatureRequestInputSchema,
    response: signatureRequestSchema,
  }),
  remind: defineRoute({
    method: 'POST',
    path: `${base}/remind-signers/:id`,
    params: idParamsSchema,
    response: signatureRequestSchema,
  }),
  retrySealing: defineRoute({
    method: 'POST',
    path: `${base}/retry-sealing/:id`,
    params: idParamsSchema,
    response: signatureRequestSchema,
  }),
  signingView: defineRoute({
    method: 'GET',
    path: publicBase,
    params: signingTokenParamsSchema,
    response: signingViewSchema,
  }),
  consent: defineRoute({
    method: 'POST',
    path: `${publicBase}/consent`,
    params: signingTokenParamsSchema,
    body: consentInputSchema,
    response: signingViewSchema,
  }),
  sign: defineRoute({
    method: 'POST',
    path: `${publicBase}/sign`,
    params: signingTokenParamsSchema,
    body: signInputSchema,
    response: signingViewSchema,
  }),
  decline: defineRoute({
    method: 'POST',
    path: `${publicBase}/decline`,
    params: signingTokenParamsSchema,
    body: declineInputSchema,
    response: signingViewSchema,
  }),
  portalRequests: defineRoute({
    method: 'GET',
    path: '/api/client-portal/get-signature-requests',
    response: z.array(portalSignatureRequestSchema),
  }),
};

/**
 * Files (no envelope, so no contract; fill them in with pathOf), each GET: the sealed PDF and its
 * certificate alone (firm, document permission, once Completed), and the PDF to read on the signing
 * page (public, only while the signer can sign; signingView's documentUrl gives it).
 */
export const signedPdfPath = { path: `${base}/download-signed-pdf/:id` } as const;
export const signingCertificatePath = { path: `${base}/download-certificate/:id` } as const;
export const signingDocumentPath = { path: `${publicBase}/document` } as const;
/** The signing page's address in the web app (emailed to each signer): fill in :token. */
export const SIGNING_PAGE_PATH = '/sign/:token';
