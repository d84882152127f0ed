import { createHash, randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import type { DocumentView } from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { recordStep } from '../time-suggestions/time-suggestions.api.ts';
import { recordView, viewInClient } from '../record-views/record-views.api.ts';
import { recordStoredFile, storeUpload, type FileStore, type UploadRules } from '../../platform/files/files.ts';
import { findFirmOwnerId } from './document-portal.repository.ts';
import type { Upload } from './documents.service.ts';
import type { DocumentProcessing } from './document-processing.ts';
import { findFolder, findFromClientFolderId, findOwnerFolderId, findSubfolders, insertFolder } from './document-folders.repository.ts';
import { addDocument, appendVersion, assertReadable, documentRules, versionFactsOf } from './document-storage.ts';
import { findVersion } from './document-versions.repository.ts';
import { documentViewOf } from './document-views.ts';
import { freeNameIn, lockDocument, moveDocument } from './documents.repository.ts';

export type { DocumentProcessing } from './document-processing.ts';
export type { DocumentWork } from './document-work.ts';
export { DOCX_CONTENT_TYPE, fillTemplate } from './document-templates.ts';
/** For the demo seed: a Word letter set as a PDF without the document worker. */
export { wordPdfOf } from './document-word-pdf.ts';

export type GeneratedDocumentInput = {
  matterId: string;
  fileName: string;
  content: Buffer;
  templateDocumentId: string;
  templateVersion: number;
  mergeValues: Record<string, string>;
};

/** Who files a message's attachment: a firm user, or the matter's client through the portal. */
export type AttachmentFiler =
  { kind: 'firm'; firmId: string; userId: string } | { kind: 'client'; firmId: string; clientId: string; portalAccountId: string };

export type FiledAttachment = { id: string; fileName: string; contentType: string; sizeBytes: number };

export type DocumentsApi = {
  /**
   * Files a message's attachment in the matter's documents, scanned like every upload: the
   * client's in the matter's "From client" folder, the firm's in the matter's folder (not shared:
   * the client reaches it through the message). 404 when the matter is not the filer's to write to.
   */
  fileAttachment(filer: AttachmentFiler, matterId: string, upload: Upload, rules: UploadRules): Promise<FiledAttachment>;
  /** Files a generated document in the matter's folder (a taken name gets " (2)", " (3)"…), scanned like an upload. */
  saveGeneratedDocument(principal: FirmPrincipal, input: GeneratedDocumentInput): Promise<DocumentView>;
  /** The current version's bytes, once the scanner has passed it. */
  readCurrentVersion(
    principal: FirmPrincipal,
    documentId: string,
  ): Promise<{ name: string; versionNumber: number; contentType: string; content: Buffer }>;
  /**
   * A version (the newest when none is named) as the download finds it, also in the recycle bin:
   * its facts, and its bytes read only when asked for. 404 for another firm's, 409 while scanning or quarantined.
   */
  openVersion(principal: FirmPrincipal, documentId: string, versionNumber?: number): Promise<OpenedVersion>;
  /** A version (the current one when none is named) in the caller's transaction of the firm; null when the firm has no such document or version. */
  findSignableVersion(tx: Tx, firmId: string, documentId: string, versionNumber?: number): Promise<SignableVersion | null>;
  /**
   * Files a signed PDF as the document's next version (a check-out does not stop it: a holder's
   * check-in then shows as a conflict), then runs `within` in the same transaction; the stored file
   * is removed if that fails. Scanned and read like every version.
   */
  /**
   * Files a document in the firm's top-level folder of that name (made the first time), scanned like
   * an upload: papers of someone who is not a client yet (an engagement letter to a lead).
   */
  fileFirmDocument(principal: FirmPrincipal, input: FirmDocumentInput): Promise<{ documentId: string; name: string }>;
  /** Moves documents into a new matter's (empty) folder and its client, in the caller's transaction; false when the matter has no folder. */
  moveDocumentsToMatter(tx: Tx, firmId: string, documentIds: string[], matterId: string, clientId: string): Promise<boolean>;
  /**
   * Files copies of stored files (a lead's intake uploads) as new documents in the matter's folder,
   * in the caller's transaction: each under a key of its own, keeping its scan status, so a file
   * still being scanned opens only once the documents' scan passes it. A file no longer in the store
   * (quarantined meanwhile) is skipped. 404 when the matter has no folder.
   */
  fileCopiesInMatter(tx: Tx, principal: FirmPrincipal, matterId: string, sources: FileCopySource[]): Promise<FiledCopies>;
  fileSignedVersion(
    firmId: string,
    documentId: string,
    input: SignedVersionInput,
    within: (tx: Tx, versionNumber: number) => Promise<void>,
  ): Promise<number>;
};

/** A document filed in one of the firm's own top-level folders (not a client's or matter's), as the firm's. */
export type FirmDocumentInput = { folderName: string; fileName: string; content: Buffer };

/** A stored file to copy into a matter: its key, the name to file it under, its type and scan status, and the version's note. */
export type FileCopySource = {
  storageKey: string;
  fileName: string;
  contentType: string;
  scanStatus: 'scanning' | 'available';
  note: string;
};

/**
 * The copies filed: their documents, and what to do once the caller's transaction has ended —
 * `announce` queues their scan and text (after commit), `discard` removes the copies' files (after a rollback).
 */
export type FiledCopies = { documentIds: string[]; announce(): Promise<void>; discard(): Promise<void> };

/**
 * A stored file's bytes under a new key (keys are never shared by two versions), with their size and
 * SHA-256; null when the store no longer has it. Read whole: the files copied are intake uploads (10 MB at most).
 */
async function copyWithFacts(files: FileStore, storageKey: string): Promise<{ key: string; size: number; sha256: string } | null> {
  const content = await files.read(storageKey);
  if (!content) return null;
  const bytes = await buffer(content);
  const key = randomBytes(24).toString('base64url');
  await files.write(key, Readable.from([bytes]));
  return { key, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The matter's own folder, locked, or 404. */
async function matterFolderOf(tx: Tx, firmId: string, matterId: string) {
  const folderId = await findOwnerFolderId(tx, firmId, { matterId });
  const folder = folderId ? await findFolder(tx, firmId, folderId, true) : null;
  if (!folder) throw notFound('Matter');
  return folder;
}

export type OpenedVersion = { contentType: string; sizeBytes: number; read(): Promise<Buffer> };

/** A version as online signing reads it, in the caller's transaction: its facts, and its bytes read only when asked for. */
export type SignableVersion = {
  documentId: string;
  name: string;
  matterId: string | null;
  clientId: string | null;
  versionNumber: number;
  /** The document's newest version now: a request's version no longer current means the document changed. */
  currentVersionNumber: number;
  sha256: string;
  contentType: string;
  scanStatus: 'scanning' | 'available' | 'quarantined';
  isInRecycleBin: boolean;
  read(): Promise<Buffer>;
};

export type SignedVersionInput = { content: Buffer; fileName: string; note: string; uploadedByUserId: string };

export type DocumentsApiDeps = { database: Database; files: FileStore; processing: DocumentProcessing; maxUploadBytes: number };

/** The documents module's surface for other modules (templates), composed in app.ts. */
export function createDocumentsApi({ database, files, processing, maxUploadBytes }: DocumentsApiDeps): DocumentsApi {
  return {
    async fileAttachment(filer, matterId, upload, rules) {
      const firmId = filer.firmId;
      const folderId = await database.withFirm(
        firmId,
        (tx) =>
          filer.kind === 'client'
            ? findFromClientFolderId(tx, firmId, matterId, filer.clientId)
            : findOwnerFolderId(tx, firmId, { matterId }),
        READ_ONLY,
      );
      if (!folderId) throw notFound('Matter');
      const stored = await storeUpload(files, upload, rules);
      const added = await recordStoredFile(files, stored, () =>
        database.withFirm(firmId, async (tx) => {
          const folder = await findFolder(tx, firmId, folderId, true);
          if (!folder) throw notFound('Matter');
          // An attachment is a new document: a taken name gets " (2)", " (3)"…
          const name = await freeNameIn(tx, firmId, folder.id, stored.fileName);
          const facts = versionFactsOf(stored, name, processing.isScanningEnabled ? 'scanning' : 'available');
          const createdByUserId = filer.kind === 'firm' ? filer.userId : await findFirmOwnerId(tx, firmId);
          const result = await addDocument(
            tx,
            firmId,
            folder,
            { name, createdByUserId },
            filer.kind === 'firm'
              ? { ...facts, uploadedByUserId: filer.userId }
              : { ...facts, uploadedByUserId: null, uploadedByPortalAccountId: filer.portalAccountId },
          );
          return { ...result, name, contentType: facts.contentType };
        }),
      );
      await processing.versionAdded(firmId, added.versionId);
      return { id: added.documentId, fileName: added.name, contentType: added.contentType, sizeBytes: stored.size };
    },

    async saveGeneratedDocument(principal, input) {
      const firmId = principal.firmId;
      const generated = { content: Readable.from([input.content]), fileName: input.fileName };
      const stored = await storeUpload(files, generated, documentRules(maxUploadBytes));
      const { documentId, versionId } = await recordStoredFile(files, stored, () =>
        database.withFirm(firmId, async (tx) => {
          const folder = await matterFolderOf(tx, firmId, input.matterId);
          const name = await freeNameIn(tx, firmId, folder.id, stored.fileName);
          const added = await addDocument(
            tx,
            firmId,
            folder,
            { name, createdByUserId: principal.userId },
            {
              ...versionFactsOf(stored, name, processing.isScanningEnabled ? 'scanning' : 'available'),
              uploadedByUserId: principal.userId,
              templateDocumentId: input.templateDocumentId,
              templateVersion: input.templateVersion,
              mergeValues: input.mergeValues,
            },
          );
          await recordAuditEvent(tx, principal, 'document.generated', added.documentId, {
            matterId: input.matterId,
            templateDocumentId: input.templateDocumentId,
            templateVersion: input.templateVersion,
          });
          await recordStep(tx, principal, {
            matterId: input.matterId,
            kind: 'documentGenerated',
            subject: name,
            sourceId: added.documentId,
          });
          return added;
        }),
      );
      await processing.versionAdded(firmId, versionId);
      return database.withFirm(firmId, (tx) => documentViewOf(tx, firmId, documentId), READ_ONLY);
    },

    async fileFirmDocument(principal, input) {
      const firmId = principal.firmId;
      const stored = await storeUpload(
        files,
        { content: Readable.from([input.content]), fileName: input.fileName },
        documentRules(maxUploadBytes),
      );
      const added = await recordStoredFile(files, stored, () =>
        database.withFirm(firmId, async (tx) => {
          const existing = (await findSubfolders(tx, firmId, null)).find(
            (folder) => folder.kind === 'firm' && folder.name.toLowerCase() === input.folderName.toLowerCase(),
          );
          const folderId =
            existing?.id ??
            (await insertFolder(tx, firmId, {
              parentFolderId: null,
              kind: 'firm',
              name: input.folderName,
              clientId: null,
              matterId: null,
              userId: principal.userId,
            }));
          const folder = (await findFolder(tx, firmId, folderId, true))!;
          const name = await freeNameIn(tx, firmId, folder.id, stored.fileName);
          const result = await addDocument(
            tx,
            firmId,
            folder,
            { name, createdByUserId: principal.userId },
            {
              ...versionFactsOf(stored, name, processing.isScanningEnabled ? 'scanning' : 'available'),
              uploadedByUserId: principal.userId,
            },
          );
          return { ...result, name };
        }),
      );
      await processing.versionAdded(firmId, added.versionId);
      return { documentId: added.documentId, name: added.name };
    },

    async moveDocumentsToMatter(tx, firmId, documentIds, matterId, clientId) {
      const folderId = await findOwnerFolderId(tx, firmId, { matterId });
      if (!folderId) return false;
      for (const documentId of documentIds) {
        const document = await lockDocument(tx, firmId, documentId);
        if (!document) continue;
        await moveDocument(tx, firmId, documentId, { folderId, clientId, matterId });
      }
      return true;
    },

    async fileCopiesInMatter(tx, principal, matterId, sources) {
      const { firmId } = principal;
      const folder = await matterFolderOf(tx, firmId, matterId);
      const keys: string[] = [];
      const versionIds: string[] = [];
      const documentIds: string[] = [];
      const filed: FiledCopies = {
        documentIds,
        announce: async () => {
          for (const versionId of versionIds) await processing.versionAdded(firmId, versionId);
        },
        discard: async () => void (await Promise.all(keys.map((key) => files.remove(key).catch(() => undefined)))),
      };
      try {
        for (const source of sources) {
          const copy = await copyWithFacts(files, source.storageKey);
          if (!copy) continue;
          keys.push(copy.key);
          const name = await freeNameIn(tx, firmId, folder.id, source.fileName);
          const added = await addDocument(
            tx,
            firmId,
            folder,
            { name, createdByUserId: principal.userId },
            {
              storageKey: copy.key,
              fileName: source.fileName,
              contentType: source.contentType,
              sizeBytes: copy.size,
              sha256: copy.sha256,
              scanStatus: source.scanStatus,
              uploadedByUserId: null,
              note: source.note,
            },
          );
          documentIds.push(added.documentId);
          versionIds.push(added.versionId);
        }
      } catch (error) {
        await filed.discard();
        throw error;
      }
      return filed;
    },

    async openVersion(principal, documentId, versionNumber) {
      const { document, version } = await database.withFirm(
        principal.firmId,
        async (tx) => {
          const found = await lockDocument(tx, principal.firmId, documentId, false);
          if (!found) throw notFound('Document');
          return {
            document: found,
            version: await findVersion(tx, principal.firmId, documentId, versionNumber ?? found.currentVersionNumber),
          };
        },
        READ_ONLY,
      );
      if (!version) throw notFound('Document version');
      assertReadable(version);
      // The page's preview of a Word file: the member saw it (who looked, ADR 92).
      await recordView(database, principal, viewInClient('document', document));
      return {
        contentType: version.contentType,
        sizeBytes: version.sizeBytes,
        read: async () => {
          const content = await files.read(version.storageKey);
          if (!content) throw notFound('Document version');
          return buffer(content);
        },
      };
    },

    async findSignableVersion(tx, firmId, documentId, versionNumber) {
      const document = await lockDocument(tx, firmId, documentId, false);
      if (!document) return null;
      const version = await findVersion(tx, firmId, documentId, versionNumber ?? document.currentVersionNumber);
      if (!version) return null;
      return {
        documentId,
        name: document.name,
        matterId: document.matterId,
        clientId: document.clientId,
        versionNumber: version.versionNumber,
        currentVersionNumber: document.currentVersionNumber,
        sha256: version.sha256,
        contentType: version.contentType,
        scanStatus: version.scanStatus,
        isInRecycleBin: document.isInRecycleBin,
        read: async () => {
          const content = await files.read(version.storageKey);
          if (!content) throw notFound('Document version');
          return buffer(content);
        },
      };
    },

    async fileSignedVersion(firmId, documentId, input, within) {
      const signed = { content: Readable.from([input.content]), fileName: input.fileName };
      const stored = await storeUpload(files, signed, documentRules(maxUploadBytes));
      const { versionId, versionNumber } = await recordStoredFile(files, stored, () =>
        database.withFirm(firmId, async (tx) => {
          const document = await lockDocument(tx, firmId, documentId);
          if (!document) throw notFound('Document');
          const added = await appendVersion(tx, firmId, document, {
            ...versionFactsOf(stored, stored.fileName, processing.isScanningEnabled ? 'scanning' : 'available'),
            uploadedByUserId: input.uploadedByUserId,
            note: input.note,
          });
          await within(tx, added.versionNumber);
          return added;
        }),
      );
      await processing.versionAdded(firmId, versionId);
      return versionNumber;
    },

    async readCurrentVersion(principal, documentId) {
      const { document, version } = await database.withFirm(
        principal.firmId,
        async (tx) => {
          const found = await lockDocument(tx, principal.firmId, documentId, false);
          if (!found || found.deletedAt) throw notFound('Document');
          return { document: found, version: await findVersion(tx, principal.firmId, documentId, found.currentVersionNumber) };
        },
        READ_ONLY,
      );
      if (!version) throw notFound('Document');
      assertReadable(version);
      const content = await files.read(version.storageKey);
      if (!content) throw notFound('Document');
      return {
        name: document.name,
        versionNumber: version.versionNumber,
        contentType: version.contentType,
        content: await buffer(content),
      };
    },
  };
}
