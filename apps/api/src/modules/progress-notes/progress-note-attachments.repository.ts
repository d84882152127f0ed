import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { progressNoteAttachments, progressNotes, users } from '../../db/schema/index.ts';
import { nameByKey } from '../../platform/lists/list-names.ts';

/** A note's live attachments, oldest first, as the note shows them. */
export async function listAttachments(tx: Tx, firmId: string, noteId: string) {
  return tx
    .select({
      id: progressNoteAttachments.id,
      fileName: progressNoteAttachments.fileName,
      contentType: progressNoteAttachments.contentType,
      sizeBytes: progressNoteAttachments.sizeBytes,
      uploadedAt: progressNoteAttachments.uploadedAt,
      uploadedByUserName: nameByKey<string | null>(users, users.name, progressNoteAttachments.uploadedByUserId),
    })
    .from(progressNoteAttachments)
    .where(
      and(
        eq(progressNoteAttachments.firmId, firmId),
        eq(progressNoteAttachments.progressNoteId, noteId),
        isNull(progressNoteAttachments.deletedAt),
      ),
    )
    .orderBy(asc(progressNoteAttachments.uploadedAt), asc(progressNoteAttachments.id));
}

export async function insertAttachment(tx: Tx, values: typeof progressNoteAttachments.$inferInsert) {
  const [row] = await tx.insert(progressNoteAttachments).values(values).returning({ id: progressNoteAttachments.id });
  return row!.id;
}

/** A live attachment of a live note of the firm. */
export async function findAttachment(tx: Tx, firmId: string, noteId: string, attachmentId: string) {
  const [row] = await tx
    .select({
      id: progressNoteAttachments.id,
      storageKey: progressNoteAttachments.storageKey,
      fileName: progressNoteAttachments.fileName,
      contentType: progressNoteAttachments.contentType,
      sizeBytes: progressNoteAttachments.sizeBytes,
    })
    .from(progressNoteAttachments)
    .innerJoin(
      progressNotes,
      and(eq(progressNotes.firmId, progressNoteAttachments.firmId), eq(progressNotes.id, progressNoteAttachments.progressNoteId)),
    )
    .where(
      and(
        eq(progressNoteAttachments.firmId, firmId),
        eq(progressNoteAttachments.progressNoteId, noteId),
        eq(progressNoteAttachments.id, attachmentId),
        isNull(progressNoteAttachments.deletedAt),
        isNull(progressNotes.deletedAt),
      ),
    );
  return row ?? null;
}

export async function setAttachmentDeleted(tx: Tx, firmId: string, attachmentId: string, deletedByUserId: string) {
  await tx
    .update(progressNoteAttachments)
    .set({ deletedAt: sql`now()`, deletedByUserId })
    .where(and(eq(progressNoteAttachments.firmId, firmId), eq(progressNoteAttachments.id, attachmentId)));
}
