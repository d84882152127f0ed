import type { SignatureRequest, SignatureRequestListItem, SignatureRequestStatus } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import {
  findEvents,
  findFields,
  findRequest,
  findSigners,
  type RequestListRow,
  type RequestRow,
  type SignerRow,
} from './signature-requests.repository.ts';

export const iso = (value: Date | string) => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** A request's status as people read it: Expired once its expiry passed, before the job marks it. */
export const statusOf = (row: Pick<RequestRow, 'status' | 'isPastExpiry'>): SignatureRequestStatus =>
  row.isPastExpiry ? 'Expired' : row.status;

/** Signers whose turn it is and who have not answered. */
export const isOpenSigner = (signer: Pick<SignerRow, 'status'>) =>
  signer.status === 'Sent' || signer.status === 'Viewed' || signer.status === 'Consented';

function listItemOf(row: RequestRow, signers: { count: number; signed: number; names: string[] }): SignatureRequestListItem {
  return {
    id: row.id,
    title: row.title,
    status: statusOf(row),
    documentId: row.documentId,
    documentName: row.documentName,
    matterId: row.matterId,
    signerCount: signers.count,
    signedCount: signers.signed,
    signerNames: signers.names,
    createdAt: iso(row.createdAt),
    createdByName: row.createdByName,
    expiresAt: iso(row.expiresAt),
    completedAt: row.status === 'Completed' ? isoOrNull(row.endedAt) : null,
    isSealingFailed: row.isSealingFailed,
  };
}

export const listRowOf = (row: RequestListRow) =>
  listItemOf(row, { count: row.signerCount, signed: row.signedCount, names: row.signerNames });

/** The request with its signers, places and history, as the firm's page reads it; 404 when the firm has no such request. */
export async function requestViewOf(tx: Tx, firmId: string, requestId: string): Promise<SignatureRequest> {
  const row = await findRequest(tx, firmId, requestId);
  if (!row) throw notFound('Signature request');
  const signers = await findSigners(tx, firmId, requestId);
  const fields = await findFields(tx, firmId, requestId);
  const events = await findEvents(tx, firmId, requestId);
  const signedAtOf = new Map(signers.map((signer) => [signer.id, isoOrNull(signer.signedAt)]));
  const status = statusOf(row);
  return {
    ...listItemOf(row, {
      count: signers.length,
      signed: signers.filter((signer) => signer.status === 'Signed').length,
      names: signers.map((signer) => signer.name),
    }),
    message: row.message,
    signingOrder: row.signingOrder,
    clientId: row.clientId,
    documentVersionNumber: row.documentVersionNumber,
    documentSha256: row.documentSha256,
    signedDocumentSha256: row.signedDocumentSha256,
    signedVersionNumber: row.signedVersionNumber,
    voidedAt: row.status === 'Voided' ? isoOrNull(row.endedAt) : null,
    voidReason: row.voidReason,
    openSignerCount: status === 'Sent' ? signers.filter(isOpenSigner).length : 0,
    signers: signers.map((signer) => ({
      id: signer.id,
      order: signer.position,
      name: signer.name,
      email: signer.email,
      kind: signer.kind,
      clientContactId: signer.clientContactId,
      leadId: signer.leadId,
      userId: signer.userId,
      status: signer.status,
      sentAt: isoOrNull(signer.sentAt),
      viewedAt: isoOrNull(signer.viewedAt),
      consentedAt: isoOrNull(signer.consentedAt),
      signedAt: isoOrNull(signer.signedAt),
      declinedAt: isoOrNull(signer.declinedAt),
      declineReason: signer.declineReason,
      lastRemindedAt: isoOrNull(signer.lastRemindedAt),
      reminderCount: signer.reminderCount,
    })),
    fields: fields.map((field) => ({
      id: field.id,
      signerId: field.signerId,
      kind: field.kind,
      page: field.page,
      x: field.x,
      y: field.y,
      width: field.width,
      height: field.height,
      signedAt: signedAtOf.get(field.signerId) ?? null,
    })),
    events: events.map((event) => ({
      at: iso(event.at),
      kind: event.kind as SignatureRequest['events'][number]['kind'],
      signerId: event.signerId,
      actorName: event.actorName,
      ipAddress: event.ipAddress,
      userAgent: event.userAgent,
      detail: event.detail,
    })),
  };
}
