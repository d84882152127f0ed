import type { Readable } from 'node:stream';
import { PROGRESS_NOTE_ATTACHMENT_MAX_BYTES, type ProgressNote } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { recordStoredFile, storeUpload, type FileStore, type UploadRules } from '../../platform/files/files.ts';
import { findAttachment, insertAttachment, setAttachmentDeleted } from './progress-note-attachments.repository.ts';
import { lockProgressNote } from './progress-notes.repository.ts';
import { viewOf } from './progress-notes.service.ts';

/** Attachments: the shared contract's types, by their content, at most 20 MB; the names users know them by. */
const ATTACHMENT_RULES: UploadRules = {
  what: 'An attachment',
  maxBytes: PROGRESS_NOTE_ATTACHMENT_MAX_BYTES,
  types: {
    'application/pdf': 'PDF',
    'image/jpeg': 'JPEG',
    'image/png': 'PNG',
    'image/heic': 'HEIC',
    'image/heif': 'HEIC',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  },
};

export type ProgressNoteAttachmentService = ReturnType<typeof createProgressNoteAttachmentService>;

/** A note's files, kept in the file store as expense receipts are. */
export function createProgressNoteAttachmentService(database: Database, files: FileStore) {
  return {
    /**
     * Streamed into the file store (checked by content and size) only once the note is known to be
     * the firm's, then recorded with its audit event; a refused or failed upload leaves no file behind.
     */
    async add(principal: FirmPrincipal, noteId: string, upload: { content: Readable; fileName: string }): Promise<ProgressNote> {
      await database.withFirm(principal.firmId, (tx) => viewOf(tx, principal.firmId, noteId), READ_ONLY);
      const stored = await storeUpload(files, upload, ATTACHMENT_RULES);
      return recordStoredFile(files, stored, () =>
        database.withFirm(principal.firmId, async (tx) => {
          if (!(await lockProgressNote(tx, principal.firmId, noteId))) throw notFound('Progress note');
          const contentType = stored.contentType === 'image/heif' ? 'image/heic' : stored.contentType;
          const attachmentId = await insertAttachment(tx, {
            firmId: principal.firmId,
            progressNoteId: noteId,
            storageKey: stored.key,
            fileName: stored.fileName,
            contentType,
            sizeBytes: stored.size,
            sha256: stored.sha256,
            uploadedByUserId: principal.userId,
          });
          await recordAuditEvent(tx, principal, 'progressNote.attachmentAdded', noteId, {
            attachmentId,
            fileName: stored.fileName,
            contentType,
            sizeBytes: stored.size,
            sha256: stored.sha256,
          });
          return viewOf(tx, principal.firmId, noteId);
        }),
      );
    },

    /** An attachment's bytes, for a member of the firm who may see notes. */
    async open(principal: FirmPrincipal, noteId: string, attachmentId: string) {
      const attachment = await database.withFirm(
        principal.firmId,
        (tx) => findAttachment(tx, principal.firmId, noteId, attachmentId),
        READ_ONLY,
      );
      if (!attachment) throw notFound('Attachment');
      const content = await files.read(attachment.storageKey);
      if (!content) throw notFound('Attachment');
      return { ...attachment, sizeBytes: Number(attachment.sizeBytes), content };
    },

    /** A soft delete: the file stays in the store, so the recycle bin can restore it. */
    remove: (principal: FirmPrincipal, noteId: string, attachmentId: string): Promise<ProgressNote> =>
      database.withFirm(principal.firmId, async (tx) => {
        if (!(await lockProgressNote(tx, principal.firmId, noteId))) throw notFound('Progress note');
        const attachment = await findAttachment(tx, principal.firmId, noteId, attachmentId);
        if (!attachment) throw notFound('Attachment');
        await setAttachmentDeleted(tx, principal.firmId, attachmentId, principal.userId);
        await recordAuditEvent(tx, principal, 'progressNote.attachmentRemoved', noteId, { attachmentId, fileName: attachment.fileName });
        return viewOf(tx, principal.firmId, noteId);
      }),
  };
}
