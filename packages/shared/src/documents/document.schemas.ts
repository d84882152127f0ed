import { z } from 'zod';
import { queryBoolean, requiredText, sortTypeSchema } from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';

/**
 * Documents (PRODUCT.md module 11), under /api/admin/document/. Folders form a tree per firm: the
 * top level holds the firm-wide folders and the Templates folder; every client has its folder and
 * every matter its folder inside it (with a "From client" folder for portal uploads), reached by
 * ClientId/MatterId. A document keeps every version it ever had.
 */

/** The default upload limit; a server may set another (DOCUMENT_MAX_BYTES) and says which in its settings. */
export const DOCUMENT_DEFAULT_MAX_BYTES = 100 * 1024 * 1024;
/** A check-out lasts this many hours unless asked otherwise, at most a week. */
export const DOCUMENT_CHECKOUT_DEFAULT_HOURS = 8;
export const DOCUMENT_CHECKOUT_MAX_HOURS = 168;

/**
 * What a document may be, by its content (never by its name): MIME type → the name users know it by.
 * Programs, scripts and archives are refused.
 */
export const DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'application/x-cfb': 'Word, Excel or Outlook (97–2003)',
  'application/vnd.oasis.opendocument.text': 'OpenDocument',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument',
  'application/rtf': 'RTF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/tiff': 'TIFF',
  'image/heic': 'HEIC',
  'image/heif': 'HEIC',
  'audio/mpeg': 'MP3',
  'audio/mp4': 'M4A',
  'video/mp4': 'MP4',
};

export const DOCUMENT_MESSAGES = {
  nameTaken: (name: string) => `A document named "${name}" is already in this folder: upload it as a new version`,
  folderNameTaken: (name: string) => `A folder named "${name}" is already here`,
  checkedOutByAnother: (name: string, until: string) => `Checked out by ${name} until ${until}`,
  notCheckedOut: 'Check the document out before checking it in',
  inRecycleBin: 'This is in the recycle bin: restore it before changing it',
  scanning: 'This file is still being scanned for viruses',
  quarantined: 'This file was quarantined by the virus scanner and can never be downloaded',
  notShareable: 'Only documents in a client’s or matter’s folder can be shared with the client',
  systemFolder: 'Client, matter, From client and Templates folders are named and placed by the app',
  moveIntoItself: 'A folder cannot move into itself or one of its subfolders',
  notTemplate: 'Templates must be Word (.docx) documents in the Templates folder',
  textNotExtracted: 'Text could not be extracted',
  textNotExtractedDetail:
    'Reading this file failed three times, so it is not searchable by its contents. It can still be opened and downloaded.',
} as const;

export const DOCUMENT_FOLDER_KINDS = ['firm', 'templates', 'client', 'matter', 'from-client', 'folder'] as const;
export const DOCUMENT_SCAN_STATUSES = ['scanning', 'available', 'quarantined'] as const;
export const DOCUMENT_TEXT_STATUSES = ['pending', 'extracted', 'none', 'failed'] as const;

export const documentFolderSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(DOCUMENT_FOLDER_KINDS),
  parentFolderId: z.string().nullable(),
  clientId: z.string().nullable(),
  matterId: z.string().nullable(),
  isSharedWithClient: z.boolean(),
  sharedAt: z.string().nullable(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type DocumentFolder = z.infer<typeof documentFolderSchema>;

/** A step of the path from the top level to a folder, for breadcrumbs (Client › Matter › …). */
export const documentPathStepSchema = z.object({ id: z.string(), name: z.string(), kind: z.enum(DOCUMENT_FOLDER_KINDS) });

export const documentCheckoutSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  since: z.string(),
  until: z.string(),
  /** Past its expiry: anyone may check the document out again. */
  isExpired: z.boolean(),
  baseVersion: z.number(),
});

export const documentVersionSchema = z.object({
  versionNumber: z.number(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  sha256: z.string(),
  uploadedAt: z.string(),
  /** A member of the firm's name, or the client's name for a portal upload. */
  uploadedByName: z.string(),
  isUploadedByClient: z.boolean(),
  note: z.string().nullable(),
  scanStatus: z.enum(DOCUMENT_SCAN_STATUSES),
  textStatus: z.enum(DOCUMENT_TEXT_STATUSES),
  basedOnVersion: z.number().nullable(),
  restoredFromVersion: z.number().nullable(),
  /** Checked in against a version that was no longer the newest: kept, flagged for a person to resolve. */
  isConflict: z.boolean(),
  conflictResolvedAt: z.string().nullable(),
  templateDocumentId: z.string().nullable(),
  templateVersion: z.number().nullable(),
  mergeValues: z.record(z.string(), z.string()).nullable(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

export const documentClientAccessSchema = z.object({
  action: z.enum(['viewed', 'downloaded']),
  versionNumber: z.number(),
  at: z.string(),
  /** Who opened it: the contact's name on a contact's portal account, else the client's. */
  portalName: z.string(),
  portalEmail: z.string(),
});

/** A document as lists show it: its newest version's file facts. */
export const documentListItemSchema = z.object({
  id: z.string(),
  folderId: z.string(),
  clientId: z.string().nullable(),
  matterId: z.string().nullable(),
  name: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  currentVersionNumber: z.number(),
  contentType: z.string(),
  sizeBytes: z.number(),
  sha256: z.string(),
  scanStatus: z.enum(DOCUMENT_SCAN_STATUSES),
  textStatus: z.enum(DOCUMENT_TEXT_STATUSES),
  /** Shared on its own or through a shared folder it is in. */
  isSharedWithClient: z.boolean(),
  isSharedThroughFolder: z.boolean(),
  checkout: documentCheckoutSchema.nullable(),
  hasConflict: z.boolean(),
  createdAt: z.string(),
  createdByName: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type DocumentListItem = z.infer<typeof documentListItemSchema>;

/** GET …/get-document/{id}: the document, every version (newest first), its path and what the client did with it. */
export const documentSchema = documentListItemSchema.extend({
  path: z.array(documentPathStepSchema),
  versions: z.array(documentVersionSchema),
  clientAccesses: z.array(documentClientAccessSchema),
  sharedAt: z.string().nullable(),
});
export type DocumentView = z.infer<typeof documentSchema>;

export const DOCUMENT_SORT_COLUMNS = ['name', 'updatedAt', 'createdAt', 'sizeBytes'] as const;

/**
 * GET …/get-folder: FolderId, or ClientId / MatterId for that client's or matter's folder, or none
 * for the top level. Subfolders come whole (a folder holds few); documents come a page at a time.
 */
export const folderQuerySchema = pageQuerySchema.extend({
  FolderId: z.uuid().optional(),
  ClientId: z.uuid().optional(),
  MatterId: z.uuid().optional(),
  sortColumn: z.enum(DOCUMENT_SORT_COLUMNS).default('name'),
  sortType: sortTypeSchema,
  /** Narrows the folder's documents by name. */
  GeneralSearchText: z.string().trim().max(200).optional(),
  Category: z.string().trim().max(100).optional(),
  ScanStatus: z.enum(DOCUMENT_SCAN_STATUSES).optional(),
});
export type FolderQuery = z.input<typeof folderQuerySchema>;

export const folderContentsSchema = z.object({
  /** Null at the top level. */
  folder: documentFolderSchema.nullable(),
  path: z.array(documentPathStepSchema),
  subfolders: z.array(documentFolderSchema),
  documents: pageSchema(documentListItemSchema),
});
export type FolderContents = z.infer<typeof folderContentsSchema>;

/** GET …/get-document-settings: what the upload form says about limits and scanning. */
export const documentSettingsSchema = z.object({
  maxUploadBytes: z.number(),
  isScanningEnabled: z.boolean(),
  isTextExtractionEnabled: z.boolean(),
  isOcrEnabled: z.boolean(),
  /** Files go from the browser straight to the bucket (start-upload, complete-upload) rather than through the API. */
  isDirectUploadEnabled: z.boolean(),
});
export type DocumentSettings = z.infer<typeof documentSettingsSchema>;

const folderName = requiredText('Folder name', 120)
  .refine((name) => !/[\\/]/.test(name), 'Folder name cannot contain / or \\')
  // "." and ".." mean this folder and the one above it in a path: in a folder's zip they would climb out of it.
  .refine((name) => name !== '.' && name !== '..', 'Folder name cannot be . or ..');

/** POST …/create-folder: ParentFolderId null (or absent) for a firm-wide folder at the top level. */
export const createFolderInputSchema = z.strictObject({
  parentFolderId: z.uuid({ error: 'Parent folder must be one of the firm’s folders' }).nullish(),
  name: folderName,
});
export type CreateFolderInput = z.input<typeof createFolderInputSchema>;

export const renameFolderInputSchema = z.strictObject({ name: folderName });

/** POST …/move: a document or a folder into another folder. */
export const moveInputSchema = z.strictObject({
  itemType: z.enum(['document', 'folder'], { error: 'Say whether a document or a folder is moved' }),
  id: z.uuid({ error: 'Choose what to move' }),
  toFolderId: z.uuid({ error: 'Choose the folder to move it to' }),
});
export type MoveInput = z.input<typeof moveInputSchema>;

const tagsField = z.array(z.string().trim().min(1).max(40, 'A tag must be at most 40 characters')).max(20, 'At most 20 tags').default([]);

/** PUT …/update-document/{id}: the document's name and details (its versions never change). */
export const updateDocumentInputSchema = z.strictObject({
  name: requiredText('Name', 200),
  category: z.string().trim().max(100).nullish(),
  description: z.string().trim().max(2000).nullish(),
  tags: tagsField,
});
export type UpdateDocumentInput = z.input<typeof updateDocumentInputSchema>;

/**
 * The form fields of POST …/upload-document (multipart, sent before the file): FolderId, and
 * optionally category, description and tags (comma-separated). The document takes the file's name.
 */
export const uploadDocumentFieldsSchema = z.object({
  FolderId: z.uuid({ error: 'Choose the folder to upload into' }),
  category: z.string().trim().max(100).optional(),
  description: z.string().trim().max(2000).optional(),
  tags: z.string().trim().max(1000).optional(),
});

/** The form fields of POST …/upload-new-version/{id} and …/check-in/{id} (BaseVersion required for a check-in). */
export const versionFieldsSchema = z.object({
  note: z.string().trim().max(500).optional(),
  BaseVersion: z.coerce.number().int().min(1).optional(),
});

/**
 * POST …/start-upload, where files go straight to the bucket: a new document in FolderId, or a new
 * version of DocumentId (one of the two). The size and SHA-256 the browser declares are checked
 * against what arrives before anything is filed.
 */
export const startDirectUploadInputSchema = z
  .strictObject({
    FolderId: z.uuid({ error: 'Choose the folder to upload into' }).optional(),
    DocumentId: z.uuid({ error: 'Choose the document to add a version to' }).optional(),
    fileName: requiredText('File name', 200),
    sizeBytes: z.number({ error: 'Give the file’s size' }).int().min(1, 'The file is empty'),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'SHA-256 must be 64 lower-case hexadecimal characters'),
    category: z.string().trim().max(100).optional(),
    description: z.string().trim().max(2000).optional(),
    tags: z.string().trim().max(1000).optional(),
    note: z.string().trim().max(500).optional(),
  })
  .refine((input) => (input.FolderId === undefined) !== (input.DocumentId === undefined), {
    message: 'Give either FolderId (a new document) or DocumentId (a new version)',
    path: ['FolderId'],
  });
export type StartDirectUploadInput = z.input<typeof startDirectUploadInputSchema>;

/** The part URLs to PUT the file's consecutive slices of partSize bytes to, and the token that completes it. */
export const directUploadPlanSchema = z.object({ uploadToken: z.string(), partSize: z.number(), partUrls: z.array(z.string()) });
export type DirectUploadPlan = z.infer<typeof directUploadPlanSchema>;

/** POST …/complete-upload: the token from start-upload and each part's ETag as the bucket answered it. */
export const completeDirectUploadInputSchema = z.strictObject({
  uploadToken: z.string().min(1).max(4000),
  parts: z
    .array(z.strictObject({ partNumber: z.number().int().min(1).max(10_000), etag: z.string().min(1).max(200) }))
    .min(1, 'Send the ETag of every part')
    .max(10_000),
});
export type CompleteDirectUploadInput = z.input<typeof completeDirectUploadInputSchema>;

export const restoreVersionInputSchema = z.strictObject({
  versionNumber: z.number({ error: 'Choose the version to restore' }).int().min(1),
});

export const checkOutInputSchema = z.strictObject({
  hours: z.number().int().min(1).max(DOCUMENT_CHECKOUT_MAX_HOURS).default(DOCUMENT_CHECKOUT_DEFAULT_HOURS),
});

/** POST …/resolve-conflict/{id}: a person has looked at a conflicting version and settled it. */
export const resolveConflictInputSchema = z.strictObject({ versionNumber: z.number().int().min(1) });

/** POST …/share/{id} and …/unshare/{id}: a document, or a folder (with what is added to it later). */
export const shareInputSchema = z.strictObject({
  itemType: z.enum(['document', 'folder']).default('document'),
});

export const documentDownloadQuerySchema = z.object({
  /** The newest version when absent. */
  Version: z.coerce.number().int().min(1).optional(),
  /** inline=true for the browser's preview; a download otherwise. */
  inline: queryBoolean,
});

/** GET …/search-documents: names, tags, descriptions and the text inside files. */
export const documentSearchQuerySchema = pageQuerySchema.extend({
  GeneralSearchText: z
    .string({ error: 'Type at least 2 characters to search' })
    .trim()
    .min(2, 'Type at least 2 characters to search')
    .max(200),
  ClientId: z.uuid().optional(),
  MatterId: z.uuid().optional(),
});
export type DocumentSearchQuery = z.input<typeof documentSearchQuerySchema>;

export const documentSearchHitSchema = documentListItemSchema.extend({
  /** Client › Matter › folder, as a line under the name. */
  folderPath: z.string(),
  /** Where the words were found in the file's text, with the matches marked; null for a match on the name only. */
  snippet: z.array(z.object({ text: z.string(), isMatch: z.boolean() })).nullable(),
});
export type DocumentSearchHit = z.infer<typeof documentSearchHitSchema>;
export const documentSearchPageSchema = pageSchema(documentSearchHitSchema);

/** GET …/get-recycle-bin: deleted documents and folders, newest first. */
export const recycleBinItemSchema = z.object({
  itemType: z.enum(['document', 'folder']),
  id: z.string(),
  name: z.string(),
  folderPath: z.string(),
  deletedAt: z.string(),
  deletedByName: z.string(),
});
export const recycleBinPageSchema = pageSchema(recycleBinItemSchema);

/** GET …/get-templates: the .docx documents in the firm's Templates folder and the merge fields each uses. */
export const documentTemplateSchema = z.object({
  documentId: z.string(),
  name: z.string(),
  versionNumber: z.number(),
  fields: z.array(z.string()),
  updatedAt: z.string(),
});
export type DocumentTemplate = z.infer<typeof documentTemplateSchema>;

/**
 * The merge fields a template may use ({client.name} in the document), filled from the matter.
 * Custom fields are {client.custom.<Label>} and {matter.custom.<Label>}.
 */
export const TEMPLATE_MERGE_FIELDS = [
  'client.name',
  'client.email',
  'client.phone',
  'client.address',
  'matter.name',
  'matter.number',
  'matter.description',
  'matter.openDate',
  'matter.billingType',
  'matter.feeEarners',
  'matter.responsibleFeeEarner',
  'firm.name',
  'firm.address',
  'firm.email',
  'firm.phone',
  'today',
  'trust.balance',
] as const;

/**
 * POST …/generate-from-template. With isDryRun the answer lists every field with its value and
 * which are missing or empty, and nothing is saved; otherwise the filled document is saved in the
 * matter's folder (values given here fill or override the matter's).
 */
export const generateFromTemplateInputSchema = z.strictObject({
  templateDocumentId: z.uuid({ error: 'Choose a template' }),
  matterId: z.uuid({ error: 'Choose a matter' }),
  fileName: z.string().trim().max(200).optional(),
  values: z.record(z.string(), z.string().max(5000)).default({}),
  isDryRun: z.boolean().default(false),
});
export type GenerateFromTemplateInput = z.input<typeof generateFromTemplateInputSchema>;

export const templateDryRunSchema = z.object({
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
  missingFields: z.array(z.string()),
});
export type TemplateDryRun = z.infer<typeof templateDryRunSchema>;

/** The portal's view of a shared document (the portal pages come with the portal issue). */
export const portalDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  matterId: z.string().nullable(),
  matterName: z.string().nullable(),
  folderPath: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  versionNumber: z.number(),
  sharedAt: z.string(),
  isUploadedByClient: z.boolean(),
});
export type PortalDocument = z.infer<typeof portalDocumentSchema>;
export const portalDocumentPageSchema = pageSchema(portalDocumentSchema);
