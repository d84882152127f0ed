import {
  DOCUMENT_MESSAGES,
  PORTAL_ATTACHMENT_MAX_BYTES,
  PORTAL_ATTACHMENT_TYPES,
  type PortalMessage,
  type PortalMessageThread,
  type UploadedPortalAttachment,
} from '@matterhorn/shared';
import type { Readable } from 'node:stream';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import type { QueueClientUpdate } from '../client-messages/client-messages.api.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal, PortalPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findFirmTimeZone } from '../../platform/firm-clock.ts';
import { recordWriting } from '../time-suggestions/time-suggestions.api.ts';
import type { FileStore, UploadRules } from '../../platform/files/files.ts';
import {
  findAttachableDocuments,
  findAttachment,
  findAttachmentsOf,
  findMessageMatter,
  findThread,
  insertAttachments,
  insertMessage,
  markThreadRead,
  type MessageRow,
} from './portal-messages.repository.ts';

/** A thread shows its newest 200 messages (years of a matter's correspondence); older ones are kept. */
const THREAD_PAGE = 200;

export const attachmentRules: UploadRules = {
  what: 'An attachment',
  maxBytes: PORTAL_ATTACHMENT_MAX_BYTES,
  types: PORTAL_ATTACHMENT_TYPES,
};

export type Side = { kind: 'firm'; principal: FirmPrincipal } | { kind: 'client'; principal: PortalPrincipal };

/** What the documents module does for messages (composed in app.ts): it files each attachment as a document. */
export type AttachmentFiling = {
  fileAttachment(
    filer: { kind: 'firm'; firmId: string; userId: string } | { kind: 'client'; firmId: string; clientId: string; portalAccountId: string },
    matterId: string,
    upload: { content: Readable; fileName: string },
    rules: UploadRules,
  ): Promise<UploadedPortalAttachment>;
};

/** `clientUpdates` tells the client by SMS and WhatsApp that a message waits (client-messages' surface, composed in app.ts). */
export type PortalMessageDeps = { database: Database; files: FileStore; filing: AttachmentFiling; clientUpdates?: QueueClientUpdate };

/**
 * Secure messages between a firm and its client, one thread per matter. The client reaches only
 * their own matters' threads (any other matter answers 404, as for another firm's); the firm, any
 * live matter of its own. Messages and their attachments are never edited or deleted (the database
 * refuses it).
 */
export function createPortalMessageService({ database, files, filing, clientUpdates }: PortalMessageDeps) {
  /** The matter, if this side may reach its thread. */
  async function matterFor(tx: Tx, side: Side, matterId: string) {
    const matter = await findMessageMatter(tx, side.principal.firmId, matterId);
    if (!matter || (side.kind === 'client' && matter.clientId !== side.principal.clientId)) throw notFound('Matter');
    return matter;
  }

  async function withAttachments(tx: Tx, firmId: string, messages: MessageRow[]): Promise<PortalMessage[]> {
    const attachments = await findAttachmentsOf(
      tx,
      firmId,
      messages.map((message) => message.id),
    );
    return messages.map((message) => ({
      ...message,
      attachments: attachments
        .filter((attachment) => attachment.messageId === message.id)
        .map(({ messageId: _messageId, ...attachment }) => attachment),
    }));
  }

  return {
    thread: (side: Side, matterId: string): Promise<PortalMessageThread> =>
      database.withFirm(
        side.principal.firmId,
        async (tx) => {
          const matter = await matterFor(tx, side, matterId);
          const { messages, hasOlder } = await findThread(tx, side.principal.firmId, matterId, THREAD_PAGE);
          return {
            matterId,
            matterName: matter.matterName,
            messages: await withAttachments(tx, side.principal.firmId, messages),
            hasOlder,
            timeZone: await findFirmTimeZone(tx, side.principal.firmId),
          };
        },
        READ_ONLY,
      ),

    send: (
      side: Side,
      input: { matterId: string; body: string; attachmentIds: string[]; writingSeconds?: number | undefined },
    ): Promise<PortalMessage> =>
      database.withFirm(side.principal.firmId, async (tx) => {
        const firmId = side.principal.firmId;
        const matter = await matterFor(tx, side, input.matterId);
        const attachable = await findAttachableDocuments(
          tx,
          firmId,
          matter.id,
          input.attachmentIds,
          side.kind === 'client' ? side.principal.portalAccountId : null,
        );
        if (attachable.length !== input.attachmentIds.length) throw badRequest('Attach the files again: one of them is not on this matter');
        const id = await insertMessage(tx, {
          firmId,
          clientId: matter.clientId,
          matterId: matter.id,
          senderKind: side.kind,
          senderUserId: side.kind === 'firm' ? side.principal.userId : null,
          senderPortalAccountId: side.kind === 'client' ? side.principal.portalAccountId : null,
          body: input.body,
        });
        const versionOf = new Map(attachable.map((row) => [row.id, row.versionNumber]));
        await insertAttachments(
          tx,
          firmId,
          id,
          input.attachmentIds.map((documentId) => ({ documentId, versionNumber: versionOf.get(documentId)! })),
        );
        // The firm's record says a message went to the client (never what it said).
        if (side.kind === 'firm') {
          await recordAuditEvent(tx, side.principal, 'portalMessage.sent', id, {
            matterId: matter.id,
            attachedDocumentIds: input.attachmentIds,
          });
          await recordWriting(tx, side.principal, {
            matterId: matter.id,
            kind: 'portalMessageWritten',
            subject: input.body,
            sourceId: id,
            measuredSeconds: input.writingSeconds,
          });
          // That a message waits, never what it says; at most one a day per matter, however many the firm writes.
          await clientUpdates?.(tx, firmId, {
            templateKey: 'portal-message',
            matterId: matter.id,
            eventKey: `portal-message:${matter.id}:${new Date().toISOString().slice(0, 10)}`,
            createdByUserId: side.principal.userId,
          });
        }
        const { messages } = await findThread(tx, firmId, matter.id, 1);
        const [message] = await withAttachments(tx, firmId, messages);
        return message!;
      }),

    /** This side has read the thread: the other side's unread messages get their read receipt. */
    markRead: (side: Side, matterId: string): Promise<{ markedCount: number }> =>
      database.withFirm(side.principal.firmId, async (tx) => {
        await matterFor(tx, side, matterId);
        const otherSide = side.kind === 'firm' ? 'client' : 'firm';
        const readBy = side.kind === 'firm' ? side.principal.userId : null;
        return { markedCount: await markThreadRead(tx, side.principal.firmId, matterId, otherSide, readBy) };
      }),

    /** A file for a message not yet sent: filed in the matter's documents, scanned, then named in send's attachmentIds. */
    uploadAttachment: async (side: Side, matterId: string, upload: { content: Readable; fileName: string }) => {
      const { principal } = side;
      // The matter is checked before a byte is stored: another client's matter answers 404.
      await database
        .withFirm(principal.firmId, (tx) => matterFor(tx, side, matterId), READ_ONLY)
        .catch((error: unknown) => {
          upload.content.resume();
          throw error;
        });
      const filer =
        side.kind === 'firm'
          ? { kind: 'firm' as const, firmId: principal.firmId, userId: side.principal.userId }
          : {
              kind: 'client' as const,
              firmId: principal.firmId,
              clientId: side.principal.clientId,
              portalAccountId: side.principal.portalAccountId,
            };
      return filing.fileAttachment(filer, matterId, upload, attachmentRules);
    },

    /** An attachment's file, for the matter's client or the firm, once the scanner has passed it. */
    async download(side: Side, attachmentId: string) {
      const attachment = await database.withFirm(
        side.principal.firmId,
        async (tx) => {
          const found = await findAttachment(tx, side.principal.firmId, attachmentId);
          if (!found || (side.kind === 'client' && found.clientId !== side.principal.clientId)) throw notFound('Attachment');
          return found;
        },
        READ_ONLY,
      );
      if (attachment.scanStatus === 'quarantined') throw conflict(DOCUMENT_MESSAGES.quarantined);
      if (attachment.scanStatus === 'scanning') throw conflict(DOCUMENT_MESSAGES.scanning);
      const content = await files.read(attachment.storageKey);
      if (!content) throw notFound('Attachment');
      return { fileName: attachment.fileName, contentType: attachment.contentType, sizeBytes: attachment.sizeBytes, content };
    },
  };
}
export type PortalMessageService = ReturnType<typeof createPortalMessageService>;
