import type { FastifyInstance } from 'fastify';
import type { SignatureRequestStatus } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import type { AfterResponse } from '../../lib/after-response.ts';
import { registerSignatureRequestRoutes } from './signature-requests.routes.ts';
import { createSignatureRequestService } from './signature-requests.service.ts';
import { createSigningService } from './signing.service.ts';
import { registerSigningRoutes } from './signing.routes.ts';
import { sealWaitingRequests } from './seal-signed-requests.ts';
import { findRequest } from './signature-requests.repository.ts';
import type { SigningDeps } from './signing-deps.ts';
import { createSigningPageImages } from './signing-page-images.ts';

/** The signature-requests module's surface for the composition root (app.ts, server.ts), the seed and the bench. */
export { SEAL_SIGNED_JOB, sealRequest, sealWaitingRequests } from './seal-signed-requests.ts';
export { runSigningClock, signingJobs, SIGNING_CLOCK_JOB } from './signature-request.jobs.ts';
export { sealSignedPdf } from './seal-signed-pdf.ts';
export { createFirmSealCertificate, openFirmSealCertificate } from './firm-seal-certificate.ts';
export type { SigningDeps, StepOrigin } from './signing-deps.ts';
/** Sends a document's current PDF for signature, as the create call does (engagement letters to a lead). */
export { createSignatureRequest } from './create-signature-request.ts';

/** What another module reads of a request it sent: its status, document and sender; null when the firm has none by that id. */
export async function findSignatureRequestFacts(
  tx: Tx,
  firmId: string,
  requestId: string,
): Promise<{ status: SignatureRequestStatus; documentId: string; createdByUserId: string; signedVersionNumber: number | null } | null> {
  const request = await findRequest(tx, firmId, requestId);
  if (!request) return null;
  return {
    status: request.isPastExpiry ? 'Expired' : request.status,
    documentId: request.documentId,
    createdByUserId: request.createdByUserId,
    signedVersionNumber: request.signedVersionNumber,
  };
}

export type SigningModuleOptions = {
  rateLimit: { max: number; timeWindow: string };
  afterResponse: AfterResponse;
  logger: FastifyInstance['log'];
  /** Asks the job queue for a sealing run (server.ts); none (tests): sealed in this process after the answer. */
  requestSealing?: () => Promise<void>;
};

export function registerSignatureRequests(app: FastifyInstance, deps: SigningDeps, options: SigningModuleOptions) {
  const requests = createSignatureRequestService(deps);
  const queueSealing = options.requestSealing;
  const requestSealing = queueSealing
    ? () =>
        void queueSealing().catch((error: unknown) =>
          options.logger.error({ err: error }, 'sealing not queued (the next periodic run takes it)'),
        )
    : () => options.afterResponse.run(async () => void (await sealWaitingRequests({ ...deps, logger: options.logger })));
  registerSignatureRequestRoutes(app, deps, requests, requestSealing);
  registerSigningRoutes(app, createSigningService(deps), requests, {
    rateLimit: options.rateLimit,
    pageImages: createSigningPageImages(deps.files),
    requestSealing,
  });
}
