import { DOCUMENT_MESSAGES, documentSearchQuerySchema, type DocumentSearchQuery } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findFolder, setFolderShared } from './document-folders.repository.ts';
import { iso, listItemOf } from './document-rows.ts';
import { findRecycleBin, MATCH_END, MATCH_START, searchDocuments } from './document-search.repository.ts';
import { documentViewOf, lockChangeable } from './document-views.ts';
import { setDocumentShared } from './documents.repository.ts';

/** ts_headline's text, split where it marked the matches. */
export function snippetOf(headline: string): { text: string; isMatch: boolean }[] {
  const parts: { text: string; isMatch: boolean }[] = [];
  for (const [index, piece] of headline.split(new RegExp(`[${MATCH_START}${MATCH_END}]`)).entries()) {
    if (piece) parts.push({ text: piece, isMatch: index % 2 === 1 });
  }
  return parts;
}

type Paged = { page: number; size: number };

/** Sharing with the client, search and the recycle bin. */
export function createDocumentSharingService(database: Database) {
  const share = (principal: FirmPrincipal, itemType: 'document' | 'folder', id: string, isShared: boolean) =>
    database.withFirm(principal.firmId, async (tx) => {
      const firmId = principal.firmId;
      const by = isShared ? principal.userId : null;
      const event = isShared ? 'shared' : 'unshared';
      if (itemType === 'document') {
        const document = await lockChangeable(tx, firmId, id);
        if (!document.clientId) throw badRequest(DOCUMENT_MESSAGES.notShareable);
        await setDocumentShared(tx, firmId, id, by);
        await recordAuditEvent(tx, principal, `document.${event}`, id, { clientId: document.clientId });
        return documentViewOf(tx, firmId, id);
      }
      const folder = await findFolder(tx, firmId, id, true);
      if (!folder) throw notFound('Folder');
      if (folder.isInRecycleBin) throw conflict(DOCUMENT_MESSAGES.inRecycleBin);
      if (!folder.clientId) throw badRequest(DOCUMENT_MESSAGES.notShareable);
      await setFolderShared(tx, firmId, id, by);
      await recordAuditEvent(tx, principal, `documentFolder.${event}`, id, { clientId: folder.clientId });
      return null;
    });

  return {
    share: (principal: FirmPrincipal, itemType: 'document' | 'folder', id: string) => share(principal, itemType, id, true),
    unshare: (principal: FirmPrincipal, itemType: 'document' | 'folder', id: string) => share(principal, itemType, id, false),

    search: (principal: FirmPrincipal, input: DocumentSearchQuery) =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const query = documentSearchQuerySchema.parse(input);
          const hits = await searchDocuments(tx, principal.firmId, {
            text: query.GeneralSearchText,
            clientId: query.ClientId,
            matterId: query.MatterId,
            limit: query.size,
            offset: (query.page - 1) * query.size,
          });
          return {
            data: hits.map((hit) => ({
              ...listItemOf(hit.row),
              folderPath: hit.folderPath,
              snippet: hit.headline ? snippetOf(hit.headline) : null,
            })),
            page: query.page,
            size: query.size,
            totalCount: hits[0]?.row.total ?? 0,
          };
        },
        READ_ONLY,
      ),

    recycleBin: (principal: FirmPrincipal, query: Paged) =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const rows = await findRecycleBin(tx, principal.firmId, query.size, (query.page - 1) * query.size);
          return {
            data: rows.map((row) => ({
              itemType: row.item_type,
              id: row.id,
              name: row.name,
              folderPath: row.folder_path ?? '',
              deletedAt: iso(row.deleted_at),
              deletedByName: row.deleted_by_name ?? '',
            })),
            page: query.page,
            size: query.size,
            totalCount: rows[0]?.total ?? 0,
          };
        },
        READ_ONLY,
      ),
  };
}
