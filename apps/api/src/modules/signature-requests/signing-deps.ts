import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { FileStore } from '../../platform/files/files.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { DocumentsApi } from '../documents/documents.api.ts';

/** What online signing needs from the composition root (app.ts, server.ts). */
export type SigningDeps = {
  database: Database;
  outbox: Outbox;
  documents: Pick<DocumentsApi, 'findSignableVersion' | 'fileSignedVersion'>;
  appUrl: string;
  appSecret: string;
  /** Where the signing page's page images are kept (made once per document version); none: the page reads the PDF with PDF.js. */
  files?: FileStore;
  /**
   * Told after a request is sealed and its transaction committed (the sealing job, never a signer's
   * request): another module's follow-up, e.g. an engagement letter converting its lead. Its errors are its own.
   */
  onCompleted?: (firmId: string, requestId: string) => Promise<void>;
};

/** Where a step came from, for the request's history and the certificate page. */
export type StepOrigin = { ipAddress: string | null; userAgent: string | null };

const USER_AGENT_MAX = 400;

export const originOf = (request: FastifyRequest): StepOrigin => {
  const userAgent = request.headers['user-agent'];
  return {
    ipAddress: request.ip || null,
    userAgent: typeof userAgent === 'string' && userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
  };
};
