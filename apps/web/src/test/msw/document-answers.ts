import {
  documentFolderSchema,
  documentSchema,
  documentSearchPageSchema,
  documentSettingsSchema,
  documentTemplateSchema,
  folderContentsSchema,
  recycleBinPageSchema,
  templateDryRunSchema,
  type DocumentFolder,
  type DocumentListItem,
  type DocumentSearchHit,
  type DocumentSettings,
  type DocumentTemplate,
  type DocumentVersion,
  type DocumentView,
  type FolderContents,
  type TemplateDryRun,
} from '@matterhorn/shared';
import type { z } from 'zod';
import { contractAnswer } from './contract-answers.ts';
import type { StubAnswer, StubHandler } from './stub-api.ts';

type RecycleBinItem = z.input<typeof recycleBinPageSchema>['data'][number];

const BASE = '/api/admin/document';

/** The documents calls (issue 18), as their full paths. */
export const DOCUMENT_CALLS = {
  folder: `${BASE}/get-folder`,
  settings: `${BASE}/get-document-settings`,
  createFolder: `${BASE}/create-folder`,
  renameFolder: (id: string) => `${BASE}/rename-folder/${id}`,
  deleteFolder: (id: string) => `${BASE}/delete-folder/${id}`,
  restoreFolder: (id: string) => `${BASE}/restore-folder/${id}`,
  move: `${BASE}/move`,
  upload: `${BASE}/upload-document`,
  uploadVersion: (id: string) => `${BASE}/upload-new-version/${id}`,
  download: (id: string) => `${BASE}/download-document/${id}`,
  get: (id: string) => `${BASE}/get-document/${id}`,
  update: (id: string) => `${BASE}/update-document/${id}`,
  restoreVersion: (id: string) => `${BASE}/restore-version/${id}`,
  checkOut: (id: string) => `${BASE}/check-out/${id}`,
  checkIn: (id: string) => `${BASE}/check-in/${id}`,
  releaseCheckOut: (id: string) => `${BASE}/release-check-out/${id}`,
  resolveConflict: (id: string) => `${BASE}/resolve-conflict/${id}`,
  retryTextExtraction: (id: string) => `${BASE}/retry-text-extraction/${id}`,
  share: (id: string) => `${BASE}/share/${id}`,
  unshare: (id: string) => `${BASE}/unshare/${id}`,
  remove: (id: string) => `${BASE}/delete-document/${id}`,
  restore: (id: string) => `${BASE}/restore-document/${id}`,
  recycleBin: `${BASE}/get-recycle-bin`,
  search: `${BASE}/search-documents`,
  zip: (id: string) => `${BASE}/download-folder-zip/${id}`,
  templates: `${BASE}/get-templates`,
  generate: `${BASE}/generate-from-template`,
};

export const DOC_CLIENT_ID = '11111111-1111-4111-8111-111111111111';
export const DOC_MATTER_ID = '55555555-5555-4555-8555-555555555555';
export const CLIENT_FOLDER_ID = 'c0c0c0c0-c0c0-4c0c-8c0c-c0c0c0c0c0c0';
export const MATTER_FOLDER_ID = 'f0f0f0f0-f0f0-4f0f-8f0f-f0f0f0f0f0f0';
export const SUBFOLDER_ID = 'f1f1f1f1-f1f1-4f1f-8f1f-f1f1f1f1f1f1';
export const DOCUMENT_ID = 'd0d0d0d0-d0d0-4d0d-8d0d-d0d0d0d0d0d0';
export const USER_ID = 'p1';
const SHA = 'a'.repeat(64);

export function documentFolder(overrides: Partial<DocumentFolder> = {}): DocumentFolder {
  return {
    id: MATTER_FOLDER_ID,
    name: 'MAT-00002 Share purchase agreement',
    kind: 'matter',
    parentFolderId: CLIENT_FOLDER_ID,
    clientId: DOC_CLIENT_ID,
    matterId: DOC_MATTER_ID,
    isSharedWithClient: false,
    sharedAt: null,
    createdAt: '2024-03-01T09:00:00Z',
    deletedAt: null,
    ...overrides,
  };
}

export function documentListItem(overrides: Partial<DocumentListItem> = {}): DocumentListItem {
  return {
    id: DOCUMENT_ID,
    folderId: MATTER_FOLDER_ID,
    clientId: DOC_CLIENT_ID,
    matterId: DOC_MATTER_ID,
    name: 'Lease.pdf',
    category: null,
    description: null,
    tags: [],
    currentVersionNumber: 2,
    contentType: 'application/pdf',
    sizeBytes: 1536,
    sha256: SHA,
    scanStatus: 'available',
    textStatus: 'extracted',
    isSharedWithClient: false,
    isSharedThroughFolder: false,
    checkout: null,
    hasConflict: false,
    createdAt: '2024-03-05T10:00:00Z',
    createdByName: 'Ada Obi',
    updatedAt: '2024-03-06T11:30:00Z',
    deletedAt: null,
    ...overrides,
  };
}

export function documentVersion(versionNumber: number, overrides: Partial<DocumentVersion> = {}): DocumentVersion {
  return {
    versionNumber,
    fileName: `Lease-v${versionNumber}.pdf`,
    contentType: 'application/pdf',
    sizeBytes: 1024 * versionNumber,
    sha256: `${versionNumber}`.repeat(64),
    uploadedAt: '2024-03-05T10:00:00Z',
    uploadedByName: 'Ada Obi',
    isUploadedByClient: false,
    note: null,
    scanStatus: 'available',
    textStatus: 'extracted',
    basedOnVersion: null,
    restoredFromVersion: null,
    isConflict: false,
    conflictResolvedAt: null,
    templateDocumentId: null,
    templateVersion: null,
    mergeValues: null,
    ...overrides,
  };
}

export function documentView(overrides: Partial<DocumentView> = {}): DocumentView {
  return {
    ...documentListItem(),
    path: [
      { id: CLIENT_FOLDER_ID, name: 'Ada Lovelace', kind: 'client' },
      { id: MATTER_FOLDER_ID, name: 'MAT-00002 Share purchase agreement', kind: 'matter' },
    ],
    versions: [documentVersion(2), documentVersion(1)],
    clientAccesses: [],
    sharedAt: null,
    ...overrides,
  };
}

export function folderContents(
  overrides: Partial<FolderContents> = {},
  documents: DocumentListItem[] = [documentListItem()],
): FolderContents {
  return {
    folder: documentFolder(),
    path: [
      { id: CLIENT_FOLDER_ID, name: 'Ada Lovelace', kind: 'client' },
      { id: MATTER_FOLDER_ID, name: 'MAT-00002 Share purchase agreement', kind: 'matter' },
    ],
    subfolders: [documentFolder({ id: SUBFOLDER_ID, name: 'From client', kind: 'from-client', parentFolderId: MATTER_FOLDER_ID })],
    documents: { data: documents, page: 1, size: 20, totalCount: documents.length },
    ...overrides,
  };
}

export const DOCUMENT_SETTINGS: DocumentSettings = {
  maxUploadBytes: 100 * 1024 * 1024,
  isScanningEnabled: false,
  isTextExtractionEnabled: true,
  isDirectUploadEnabled: false,
  isOcrEnabled: false,
};

export function searchHit(overrides: Partial<DocumentSearchHit> = {}): DocumentSearchHit {
  return {
    ...documentListItem(),
    folderPath: 'Ada Lovelace › MAT-00002 Share purchase agreement',
    snippet: [
      { text: '…the tenant shall pay the ', isMatch: false },
      { text: 'indemnity', isMatch: true },
      { text: ' within 30 days…', isMatch: false },
    ],
    ...overrides,
  };
}

export function documentTemplate(overrides: Partial<DocumentTemplate> = {}): DocumentTemplate {
  return {
    documentId: 'e0e0e0e0-e0e0-4e0e-8e0e-e0e0e0e0e0e0',
    name: 'Engagement letter.docx',
    versionNumber: 3,
    fields: ['client.name', 'matter.number', 'client.custom.Reference'],
    updatedAt: '2024-02-01T08:00:00Z',
    ...overrides,
  };
}

/** Answers checked against the shared contract: a fixture that drifts from the API's schema fails. */
export const documentAnswers = {
  folder: (contents: FolderContents = folderContents()): StubAnswer => contractAnswer(folderContentsSchema, contents),
  document: (document: DocumentView = documentView()): StubAnswer => contractAnswer(documentSchema, document),
  createdFolder: (folder: DocumentFolder): StubAnswer => contractAnswer(documentFolderSchema, folder),
  settings: (settings: DocumentSettings = DOCUMENT_SETTINGS): StubAnswer => contractAnswer(documentSettingsSchema, settings),
  search: (hits: DocumentSearchHit[]): StubAnswer =>
    contractAnswer(documentSearchPageSchema, { data: hits, page: 1, size: 20, totalCount: hits.length }),
  templates: (templates: DocumentTemplate[] = [documentTemplate()]): StubAnswer =>
    contractAnswer(documentTemplateSchema.array(), templates),
  dryRun: (dryRun: TemplateDryRun): StubAnswer => contractAnswer(templateDryRunSchema, dryRun),
  recycleBin: (items: RecycleBinItem[]): StubAnswer =>
    contractAnswer(recycleBinPageSchema, { data: items, page: 1, size: 20, totalCount: items.length }),
};

/** Every documents call answered as a happy API would, for tests to override one by one. */
export function documentHandlers(document: DocumentView = documentView()): Record<string, StubHandler> {
  return {
    [`GET ${DOCUMENT_CALLS.folder}`]: () => documentAnswers.folder(),
    [`GET ${DOCUMENT_CALLS.settings}`]: () => documentAnswers.settings(),
    [`GET ${DOCUMENT_CALLS.get(document.id)}`]: () => documentAnswers.document(document),
    [`POST ${DOCUMENT_CALLS.upload}`]: () => ({ ...documentAnswers.document(document), message: 'Document uploaded' }),
    [`POST ${DOCUMENT_CALLS.uploadVersion(document.id)}`]: () => ({
      ...documentAnswers.document(document),
      message: 'New version uploaded',
    }),
    [`POST ${DOCUMENT_CALLS.restoreVersion(document.id)}`]: () => ({ ...documentAnswers.document(document), message: 'Version restored' }),
    [`POST ${DOCUMENT_CALLS.checkOut(document.id)}`]: () => ({ ...documentAnswers.document(document), message: 'Checked out' }),
    [`POST ${DOCUMENT_CALLS.checkIn(document.id)}`]: () => ({ ...documentAnswers.document(document), message: 'Checked in' }),
    [`POST ${DOCUMENT_CALLS.share(document.id)}`]: () => ({ ...documentAnswers.document(document), message: 'Shared with the client' }),
    [`POST ${DOCUMENT_CALLS.unshare(document.id)}`]: () => ({ ...documentAnswers.document(document), message: 'No longer shared' }),
    [`GET ${DOCUMENT_CALLS.search}`]: () => documentAnswers.search([searchHit()]),
    [`GET ${DOCUMENT_CALLS.templates}`]: () => documentAnswers.templates(),
    [`GET ${DOCUMENT_CALLS.recycleBin}`]: () => documentAnswers.recycleBin([]),
  };
}
