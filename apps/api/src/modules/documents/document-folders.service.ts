import {
  DOCUMENT_MESSAGES,
  folderQuerySchema,
  type ClientFolder,
  type CreateFolderInput,
  type FolderContents,
  type FolderQuery,
  type MoveInput,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { recordView, viewInClient } from '../record-views/record-views.api.ts';
import {
  findClientFolders,
  findFolder,
  findFolderPath,
  findOwnerFolderId,
  findSubfolders,
  insertFolder,
  isFolderNameTaken,
  isWithin,
  moveFolder,
  renameFolder,
  setFolderDeleted,
  type FolderRecord,
} from './document-folders.repository.ts';
import { listItemOf } from './document-rows.ts';
import { ensureTemplatesFolder } from './document-templates.repository.ts';
import { findFolderDocuments, isNameTaken, moveDocument } from './documents.repository.ts';
import { lockChangeable } from './document-views.ts';

/** Folders the app makes and names (with their client, matter, or the firm's templates). */
const SYSTEM_KINDS = new Set(['client', 'matter', 'from-client', 'templates']);

const strip = ({ isInRecycleBin: _isInRecycleBin, ...folder }: FolderRecord) => folder;

async function changeableFolder(tx: Tx, firmId: string, folderId: string): Promise<FolderRecord> {
  const folder = await findFolder(tx, firmId, folderId, true);
  if (!folder) throw notFound('Folder');
  if (folder.isInRecycleBin) throw conflict(DOCUMENT_MESSAGES.inRecycleBin);
  return folder;
}

export type DocumentFolderService = ReturnType<typeof createDocumentFolderService>;

export function createDocumentFolderService(database: Database) {
  return {
    /** A folder's subfolders and a page of its documents; the top level (with Templates) when no folder is named. */
    contents: async (principal: FirmPrincipal, input: FolderQuery): Promise<FolderContents> => {
      const query = folderQuerySchema.parse(input);
      const firmId = principal.firmId;
      // The Templates folder is written once per firm, so the top level is not a read-only scope.
      if (!query.FolderId && !query.ClientId && !query.MatterId) await database.withFirm(firmId, (tx) => ensureTemplatesFolder(tx, firmId));
      const contents = await database.withFirm(
        firmId,
        async (tx) => {
          const folderId =
            query.FolderId ??
            (query.ClientId || query.MatterId
              ? await findOwnerFolderId(tx, firmId, { clientId: query.ClientId, matterId: query.MatterId })
              : null);
          const folder = folderId ? await findFolder(tx, firmId, folderId) : null;
          if ((query.FolderId || query.ClientId || query.MatterId) && !folder) throw notFound('Folder');
          const page = folder
            ? await findFolderDocuments(tx, firmId, folder.id, {
                nameContains: query.GeneralSearchText,
                category: query.Category,
                scanStatus: query.ScanStatus,
                sortColumn: query.sortColumn,
                isDescending: query.sortType === 'desc',
                page: query.page,
                size: query.size,
              })
            : { rows: [], totalCount: 0, isTotalCountCapped: false };
          return {
            folder: folder ? strip(folder) : null,
            path: folder ? await findFolderPath(tx, firmId, folder.id) : [],
            subfolders: (await findSubfolders(tx, firmId, folder?.id ?? null)).map(strip),
            documents: {
              data: page.rows.map(listItemOf),
              page: query.page,
              size: query.size,
              totalCount: page.totalCount,
              isTotalCountCapped: page.isTotalCountCapped,
            },
          };
        },
        READ_ONLY,
      );
      // A client's (or its matter's) list of documents was shown (who looked, ADR 92); the firm's own folders belong to no client.
      if (contents.folder) await recordView(database, principal, viewInClient('documentList', contents.folder));
      return contents;
    },

    clientFolders: (principal: FirmPrincipal): Promise<ClientFolder[]> =>
      database.withFirm(principal.firmId, (tx) => findClientFolders(tx, principal.firmId), READ_ONLY),

    create: (principal: FirmPrincipal, input: CreateFolderInput) =>
      database.withFirm(principal.firmId, async (tx) => {
        const firmId = principal.firmId;
        const parent = input.parentFolderId ? await changeableFolder(tx, firmId, input.parentFolderId) : null;
        if (parent?.kind === 'templates') throw badRequest(DOCUMENT_MESSAGES.systemFolder);
        if (await isFolderNameTaken(tx, firmId, parent?.id ?? null, input.name))
          throw conflict(DOCUMENT_MESSAGES.folderNameTaken(input.name), 'NAME_TAKEN');
        const folderId = await insertFolder(tx, firmId, {
          parentFolderId: parent?.id ?? null,
          kind: parent ? 'folder' : 'firm',
          name: input.name,
          clientId: parent?.clientId ?? null,
          matterId: parent?.matterId ?? null,
          userId: principal.userId,
        }).catch((error: unknown) => {
          throw isUniqueViolation(error) ? conflict(DOCUMENT_MESSAGES.folderNameTaken(input.name), 'NAME_TAKEN') : error;
        });
        await recordAuditEvent(tx, principal, 'documentFolder.created', folderId, { name: input.name, parentFolderId: parent?.id ?? null });
        return strip((await findFolder(tx, firmId, folderId))!);
      }),

    rename: (principal: FirmPrincipal, folderId: string, name: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        const folder = await changeableFolder(tx, principal.firmId, folderId);
        if (SYSTEM_KINDS.has(folder.kind)) throw badRequest(DOCUMENT_MESSAGES.systemFolder);
        if (await isFolderNameTaken(tx, principal.firmId, folder.parentFolderId, name, folder.id))
          throw conflict(DOCUMENT_MESSAGES.folderNameTaken(name), 'NAME_TAKEN');
        await renameFolder(tx, principal.firmId, folderId, name);
        await recordAuditEvent(tx, principal, 'documentFolder.renamed', folderId, { from: folder.name, to: name });
        return strip((await findFolder(tx, principal.firmId, folderId))!);
      }),

    /** To the recycle bin with everything in it: what is inside is hidden because the folder is. */
    remove: (principal: FirmPrincipal, folderId: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        const folder = await changeableFolder(tx, principal.firmId, folderId);
        if (SYSTEM_KINDS.has(folder.kind)) throw badRequest(DOCUMENT_MESSAGES.systemFolder);
        await setFolderDeleted(tx, principal.firmId, folderId, principal.userId);
        await recordAuditEvent(tx, principal, 'documentFolder.deleted', folderId, { name: folder.name });
      }),

    restore: (principal: FirmPrincipal, folderId: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        const folder = await findFolder(tx, principal.firmId, folderId, true);
        if (!folder || !folder.deletedAt) throw notFound('Deleted folder');
        if (await isFolderNameTaken(tx, principal.firmId, folder.parentFolderId, folder.name))
          throw conflict(DOCUMENT_MESSAGES.folderNameTaken(folder.name), 'NAME_TAKEN');
        await setFolderDeleted(tx, principal.firmId, folderId, null);
        await recordAuditEvent(tx, principal, 'documentFolder.restored', folderId, { name: folder.name });
        return strip((await findFolder(tx, principal.firmId, folderId))!);
      }),

    /** A document or a free folder into another folder; client and matter follow the destination. */
    move: (principal: FirmPrincipal, input: MoveInput) =>
      database.withFirm(principal.firmId, async (tx) => {
        const firmId = principal.firmId;
        const destination = await changeableFolder(tx, firmId, input.toFolderId);
        if (destination.kind === 'templates' && input.itemType === 'folder') throw badRequest(DOCUMENT_MESSAGES.systemFolder);
        const to = { clientId: destination.clientId, matterId: destination.matterId };
        if (input.itemType === 'document') {
          const document = await lockChangeable(tx, firmId, input.id);
          if (await isNameTaken(tx, firmId, destination.id, document.name, document.id))
            throw conflict(DOCUMENT_MESSAGES.nameTaken(document.name), 'NAME_TAKEN');
          await moveDocument(tx, firmId, document.id, { folderId: destination.id, ...to }).catch((error: unknown) => {
            throw isUniqueViolation(error) ? conflict(DOCUMENT_MESSAGES.nameTaken(document.name), 'NAME_TAKEN') : error;
          });
          await recordAuditEvent(tx, principal, 'document.moved', document.id, {
            fromFolderId: document.folderId,
            toFolderId: destination.id,
          });
          return null;
        }
        const folder = await changeableFolder(tx, firmId, input.id);
        if (SYSTEM_KINDS.has(folder.kind)) throw badRequest(DOCUMENT_MESSAGES.systemFolder);
        if (await isWithin(tx, firmId, destination.id, folder.id)) throw badRequest(DOCUMENT_MESSAGES.moveIntoItself);
        if (await isFolderNameTaken(tx, firmId, destination.id, folder.name, folder.id))
          throw conflict(DOCUMENT_MESSAGES.folderNameTaken(folder.name), 'NAME_TAKEN');
        await moveFolder(tx, firmId, folder.id, { parentFolderId: destination.id, ...to }).catch((error: unknown) => {
          throw isUniqueViolation(error) ? conflict(DOCUMENT_MESSAGES.folderNameTaken(folder.name), 'NAME_TAKEN') : error;
        });
        await recordAuditEvent(tx, principal, 'documentFolder.moved', folder.id, {
          fromFolderId: folder.parentFolderId,
          toFolderId: destination.id,
        });
        return null;
      }),
  };
}
