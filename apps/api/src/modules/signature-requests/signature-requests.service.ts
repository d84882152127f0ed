import {
  allowedSignerActions,
  signatureRequestActionRefusal,
  SIGNATURE_REQUEST_MESSAGES,
  type PortalSignatureRequest,
  type signatureRequestListQuerySchema,
} from '@matterhorn/shared';
import type { z } from 'zod';
import { READ_ONLY, type Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal, PortalPrincipal } from '../../plugins/route-access.ts';
import { certificateFactsOf } from './seal-signed-requests.ts';
import { buildCertificatePdf } from './signing-certificate-page.ts';
import { iso, isoOrNull, listRowOf, requestViewOf, statusOf } from './signature-request-views.ts';
import { findRequest, findRequestPage, findSigners } from './signature-requests.repository.ts';
import { findFirmCertificate, findPortalSignerRows } from './signing.repository.ts';
import { openSigningToken } from './signing-links.ts';
import type { SigningDeps } from './signing-deps.ts';

type ListQuery = z.output<typeof signatureRequestListQuerySchema>;

/** A completed request, for its files; 404 for another firm's, 409 (the state machine's sentence) before it is sealed. */
async function completedRequest(tx: Tx, firmId: string, requestId: string) {
  const request = await findRequest(tx, firmId, requestId);
  if (!request) throw notFound('Signature request');
  const refusal = signatureRequestActionRefusal('downloadSigned', { status: statusOf(request), openSignerCount: 0 });
  if (refusal) throw conflict(refusal);
  return request;
}

/** The firm's reading of its requests: the list, one request, its sealed PDF and certificate; and the portal's list. */
export function createSignatureRequestService(deps: SigningDeps) {
  const { database } = deps;

  return {
    list: (principal: FirmPrincipal, query: ListQuery) =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const rows = await findRequestPage(
            tx,
            principal.firmId,
            { status: query.Status, matterId: query.MatterId, documentId: query.DocumentId },
            query.size,
            (query.page - 1) * query.size,
          );
          return { data: rows.map(listRowOf), page: query.page, size: query.size, totalCount: rows[0]?.totalCount ?? 0 };
        },
        READ_ONLY,
      ),

    view: (principal: FirmPrincipal, requestId: string) =>
      database.withFirm(principal.firmId, (tx) => requestViewOf(tx, principal.firmId, requestId), READ_ONLY),

    /** The sealed PDF as filed (the document's version), once the scanner passed it. */
    async signedPdf(principal: FirmPrincipal, requestId: string) {
      const firmId = principal.firmId;
      const { request, version } = await database.withFirm(
        firmId,
        async (tx) => {
          const request = await completedRequest(tx, firmId, requestId);
          return {
            request,
            version: await deps.documents.findSignableVersion(tx, firmId, request.documentId, request.signedVersionNumber!),
          };
        },
        READ_ONLY,
      );
      if (!version) throw notFound('Signed document');
      if (version.scanStatus !== 'available') throw conflict(SIGNATURE_REQUEST_MESSAGES.notReadable);
      return { fileName: `${request.documentName.replace(/\.pdf$/i, '')} (signed).pdf`, content: await version.read() };
    },

    /** The certificate of signing on its own, as the sealed PDF's last page says it. */
    async certificate(principal: FirmPrincipal, requestId: string) {
      const firmId = principal.firmId;
      const facts = await database.withFirm(
        firmId,
        async (tx) => {
          const request = await completedRequest(tx, firmId, requestId);
          const seal = await findFirmCertificate(tx, firmId);
          const signers = await findSigners(tx, firmId, requestId);
          return certificateFactsOf(tx, firmId, request, signers, new Date(request.endedAt!), seal?.fingerprintSha256 ?? '');
        },
        READ_ONLY,
      );
      return {
        fileName: `${facts.documentName.replace(/\.pdf$/i, '')} (certificate of signing).pdf`,
        content: await buildCertificatePdf(facts),
      };
    },

    /** The signed-in client's requests: where their portal account's email is a signer for their client; the link only while theirs to sign. */
    portalRequests: (principal: PortalPrincipal): Promise<PortalSignatureRequest[]> =>
      database.withFirm(
        principal.firmId,
        async (tx) =>
          (await findPortalSignerRows(tx, principal.firmId, principal.clientId, principal.portalAccountId)).map((row) => {
            const requestStatus = row.isPastExpiry ? 'Expired' : row.requestStatus;
            const canSign = allowedSignerActions({ requestStatus, signerStatus: row.signerStatus }).view;
            return {
              id: row.requestId,
              title: row.title,
              documentName: row.documentName,
              requestStatus,
              signerStatus: row.signerStatus,
              sentAt: iso(row.sentAt),
              expiresAt: iso(row.expiresAt),
              signedAt: isoOrNull(row.signedAt),
              signingToken: canSign ? openSigningToken(row.tokenSealed, deps.appSecret) : null,
            };
          }),
        READ_ONLY,
      ),
  };
}

export type SignatureRequestService = ReturnType<typeof createSignatureRequestService>;
