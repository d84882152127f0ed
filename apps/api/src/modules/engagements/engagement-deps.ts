import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { DocumentsApi, DocumentWork } from '../documents/documents.api.ts';
import type { PortalInvitations } from '../portal-access/portal-access.api.ts';
import type { SigningDeps } from '../signature-requests/signature-requests.api.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';

/** What the engagements module needs from the composition root (app.ts), each another module's surface. */
export type EngagementDeps = {
  database: Database;
  outbox: Outbox;
  documents: Pick<DocumentsApi, 'readCurrentVersion' | 'fileFirmDocument' | 'moveDocumentsToMatter' | 'fileCopiesInMatter'>;
  work: Pick<DocumentWork, 'fillTemplate' | 'wordPdf'>;
  signing: SigningDeps;
  portalInvitations: PortalInvitations;
  /** The trust-requests service's send: the retainer's public link emailed as for any request. */
  sendTrustRequest: (principal: FirmPrincipal, trustRequestId: string) => Promise<unknown>;
  logger: Pick<FastifyBaseLogger, 'error' | 'info'>;
};
