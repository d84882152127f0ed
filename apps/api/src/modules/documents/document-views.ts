import type { DocumentView } from '@matterhorn/shared';
import { DOCUMENT_MESSAGES } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { findFolderPath } from './document-folders.repository.ts';
import { isoOrNull, listItemOf } from './document-rows.ts';
import { findClientAccesses, findVersions } from './document-versions.repository.ts';
import { findListItem, lockDocument, type DocumentRow } from './documents.repository.ts';

/** GET get-document's answer: the list facts, every version newest first, the path and the client's accesses. */
export async function documentViewOf(tx: Tx, firmId: string, documentId: string): Promise<DocumentView> {
  const row = await findListItem(tx, firmId, documentId);
  if (!row) throw notFound('Document');
  // One after another: a transaction is one connection, which runs one query at a time.
  const versions = await findVersions(tx, firmId, documentId);
  const path = await findFolderPath(tx, firmId, row.folder_id);
  const clientAccesses = await findClientAccesses(tx, firmId, documentId);
  return { ...listItemOf(row), versions, path, clientAccesses, sharedAt: isoOrNull(row.shared_at) };
}

/** The document locked for a change; a trashed one (or one in a trashed folder) cannot be changed. */
export async function lockChangeable(tx: Tx, firmId: string, documentId: string): Promise<DocumentRow> {
  const document = await lockDocument(tx, firmId, documentId);
  if (!document) throw notFound('Document');
  if (document.isInRecycleBin) throw conflict(DOCUMENT_MESSAGES.inRecycleBin);
  return document;
}

/** Someone else holds a check-out that has not expired. */
export function assertNotHeldByAnother(document: DocumentRow, userId: string) {
  if (document.checkedOutByUserId && document.checkedOutByUserId !== userId && !document.checkoutIsExpired) {
    throw conflict(
      DOCUMENT_MESSAGES.checkedOutByAnother(
        document.checkoutUserName ?? 'another member',
        new Date(document.checkoutExpiresAt!).toISOString(),
      ),
    );
  }
}
