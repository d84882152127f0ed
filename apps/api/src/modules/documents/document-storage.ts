import { randomBytes } from 'node:crypto';
import { DOCUMENT_MESSAGES, DOCUMENT_TYPES } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { FileStore, StoredFile, UploadRules } from '../../platform/files/files.ts';
import type { FolderRecord } from './document-folders.repository.ts';
import { searchNameOf } from './document-rows.ts';
import { insertVersion, type NewVersion, type StoredVersion } from './document-versions.repository.ts';
import { insertDocument, isNameTaken, setCurrentVersion } from './documents.repository.ts';

export const documentRules = (maxBytes: number): UploadRules => ({ what: 'A document', maxBytes, types: DOCUMENT_TYPES });

/** Filed under the type people and players know: HEIF as HEIC, an Opus voice note as plain Ogg audio. */
const FILED_AS: Readonly<Record<string, string>> = { 'image/heif': 'image/heic', 'audio/ogg; codecs=opus': 'audio/ogg' };
export const contentTypeOf = (stored: StoredFile) => FILED_AS[stored.contentType] ?? stored.contentType;

/** A version's file, whole, in the store under its own new key (keys are never shared by two versions). */
export async function copyStoredFile(files: FileStore, storageKey: string): Promise<string> {
  const content = await files.read(storageKey);
  if (!content) throw notFound('Document version file');
  const key = randomBytes(24).toString('base64url');
  await files.write(key, content);
  return key;
}

/** A version may be read only once the scanner has passed it; a quarantined one never. */
export function assertReadable(version: Pick<StoredVersion, 'scanStatus'>) {
  if (version.scanStatus === 'quarantined') throw conflict(DOCUMENT_MESSAGES.quarantined);
  if (version.scanStatus === 'scanning') throw conflict(DOCUMENT_MESSAGES.scanning);
}

export type NewDocumentDetails = {
  name: string;
  category?: string | null;
  description?: string | null;
  tags?: string[];
  createdByUserId: string;
};
type VersionFacts = Omit<NewVersion, 'documentId' | 'versionNumber'>;

export const versionFactsOf = (stored: StoredFile, fileName: string, scanStatus: 'scanning' | 'available') => ({
  storageKey: stored.key,
  fileName,
  contentType: contentTypeOf(stored),
  sizeBytes: stored.size,
  sha256: stored.sha256,
  scanStatus,
});

/** A new document in a live folder, with its first version; the name must be free there. */
export async function addDocument(tx: Tx, firmId: string, folder: FolderRecord, details: NewDocumentDetails, version: VersionFacts) {
  if (folder.isInRecycleBin) throw conflict(DOCUMENT_MESSAGES.inRecycleBin);
  if (await isNameTaken(tx, firmId, folder.id, details.name)) throw conflict(DOCUMENT_MESSAGES.nameTaken(details.name), 'NAME_TAKEN');
  const tags = details.tags ?? [];
  const documentId = await insertDocument(tx, firmId, {
    folderId: folder.id,
    clientId: folder.clientId,
    matterId: folder.matterId,
    name: details.name,
    category: details.category || null,
    description: details.description || null,
    tags,
    searchName: searchNameOf(details.name, tags, details.description),
    createdByUserId: details.createdByUserId,
  });
  const versionId = await insertVersion(tx, firmId, { ...version, documentId, versionNumber: 1 });
  return { documentId, versionId };
}

/** Appends version n+1 and makes it current (versions are never changed or removed). */
export async function appendVersion(tx: Tx, firmId: string, document: { id: string; currentVersionNumber: number }, version: VersionFacts) {
  const versionNumber = document.currentVersionNumber + 1;
  const versionId = await insertVersion(tx, firmId, { ...version, documentId: document.id, versionNumber });
  // A restored version carries its extracted text, so search keeps finding it without re-extraction.
  await setCurrentVersion(tx, firmId, document.id, versionNumber, version.extractedText ?? null);
  return { versionId, versionNumber };
}
