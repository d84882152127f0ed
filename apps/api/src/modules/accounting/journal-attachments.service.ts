import type { Readable } from 'node:stream';
import { JOURNAL_ATTACHMENT_MAX_BYTES, type JournalEntryView } from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { recordStoredFile, storeUpload, type FileStore, type StoredFile, type UploadRules } from '../../platform/files/files.ts';
import { ScannerUnavailableError, type VirusScanner } from '../../platform/scanning/clamd.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { entryViews } from './accounting.service.ts';
import * as repository from './accounting.repository.ts';

/** Evidence for a journal: PDF, JPEG, PNG or HEIC by its content, at most 10 MB (as an expense's receipt). */
const ATTACHMENT_RULES: UploadRules = {
  what: 'An attachment',
  maxBytes: JOURNAL_ATTACHMENT_MAX_BYTES,
  types: { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/heic': 'HEIC', 'image/heif': 'HEIC' },
};

export const JOURNAL_ATTACHMENT_MESSAGES = {
  infected: 'The virus scanner refused this file',
  scannerDown: 'The virus scanner cannot be reached: attach the file again later',
} as const;

async function viewOf(tx: Tx, firmId: string, entryId: string): Promise<JournalEntryView> {
  const [view] = await entryViews(tx, firmId, [(await repository.findEntry(tx, firmId, entryId))!]);
  return view!;
}

/**
 * A stored file read back whole through the scanner when the install has one (CLAMD_URL): a file
 * is only recorded once it has passed, because journal evidence has no "scanning" state to wait in.
 * Refused (422) or unscanned (503), it is removed from the store.
 */
export async function scanAttachment(files: FileStore, scanner: VirusScanner | null, stored: StoredFile): Promise<void> {
  if (!scanner) return;
  const content = await files.read(stored.key);
  try {
    if (!content) throw new ScannerUnavailableError('the stored file could not be read back');
    const verdict = await scanner.scan(content);
    if (verdict.isInfected) throw new AppError(422, `${JOURNAL_ATTACHMENT_MESSAGES.infected} (${verdict.signature})`);
  } catch (error) {
    await files.remove(stored.key).catch(() => undefined);
    if (error instanceof ScannerUnavailableError) throw new AppError(503, JOURNAL_ATTACHMENT_MESSAGES.scannerDown);
    throw error;
  }
}

/**
 * Attachments on journal entries (issue 36). An entry is never edited, but evidence often arrives
 * after it is posted, so anyone who may post journals may attach to any entry of the firm at any
 * time; an attachment is never changed or removed (the database role cannot).
 */
export function createJournalAttachmentService({
  database,
  files,
  scanner,
}: {
  database: Database;
  files: FileStore;
  scanner: VirusScanner | null;
}) {
  return {
    async attach(principal: FirmPrincipal, entryId: string, upload: { content: Readable; fileName: string }): Promise<JournalEntryView> {
      await database.withFirm(
        principal.firmId,
        async (tx) => {
          if (!(await repository.findEntry(tx, principal.firmId, entryId))) throw notFound('Journal entry');
        },
        READ_ONLY,
      );
      const stored = await storeUpload(files, upload, ATTACHMENT_RULES);
      await scanAttachment(files, scanner, stored);
      return recordStoredFile(files, stored, () =>
        database.withFirm(principal.firmId, async (tx) => {
          if (!(await repository.findEntry(tx, principal.firmId, entryId))) throw notFound('Journal entry');
          const attachmentId = await repository.insertAttachment(tx, {
            firmId: principal.firmId,
            entryId,
            storageKey: stored.key,
            fileName: stored.fileName,
            contentType: stored.contentType === 'image/heif' ? 'image/heic' : stored.contentType,
            sizeBytes: stored.size,
            sha256: stored.sha256,
            uploadedByUserId: principal.userId,
          });
          await recordAuditEvent(tx, principal, 'journalAttachment.uploaded', attachmentId, {
            entryId,
            fileName: stored.fileName,
            contentType: stored.contentType,
            sizeBytes: stored.size,
            sha256: stored.sha256,
          });
          return viewOf(tx, principal.firmId, entryId);
        }),
      );
    },

    /** An attachment's bytes, for the firm's members who may read the books. */
    async open(principal: FirmPrincipal, entryId: string, attachmentId: string) {
      const attachment = await database.withFirm(
        principal.firmId,
        (tx) => repository.findAttachment(tx, principal.firmId, entryId, attachmentId),
        READ_ONLY,
      );
      if (!attachment) throw notFound('Attachment');
      const content = await files.read(attachment.storageKey);
      if (!content) throw notFound('Attachment');
      return { ...attachment, content };
    },
  };
}
