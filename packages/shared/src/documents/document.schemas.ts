import { z } from 'zod';
import { queryBoolean, requiredText, sortTypeSchema } from '../common/fields.ts';
import { controlCharactersMessage, MULTILINE_PATTERN, SINGLE_LINE_PATTERN, withoutControlCharacters } from '../common/text-characters.ts';
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
 * Programs and scripts are refused. A zip is kept as it is (scanned like every file, never opened
 * by the app). Text, CSV and email files have no signature: they are the exception, taken at their
 * name's word (.txt, .csv, .eml) only when their first bytes read as text (DOCUMENT_TEXT_TYPES).
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
  'text/plain': 'Text',
  'text/csv': 'CSV',
  'message/rfc822': 'Email',
  'application/zip': 'Zip',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/tiff': 'TIFF',
  'image/heic': 'HEIC',
  'image/heif': 'HEIC',
  'image/bmp': 'BMP',
  'audio/mpeg': 'MP3',
  'audio/mp4': 'M4A',
  'audio/x-m4a': 'M4A',
  'audio/wav': 'WAV',
  'audio/ogg': 'Ogg',
  // Opus voice notes (WhatsApp's) are detected with their codec; they are filed as audio/ogg.
  'audio/ogg; codecs=opus': 'Ogg',
  'audio/aac': 'AAC',
  'video/mp4': 'MP4',
};

/** The types without a signature: accepted by their name's extension when their first bytes are UTF-8 text. */
export const DOCUMENT_TEXT_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  csv: 'text/csv',
  eml: 'message/rfc822',
};

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** A Word document larger than this is not rendered for the preview: it is downloaded instead. */
export const WORD_PREVIEW_MAX_BYTES = 20 * 1024 * 1024;

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
  previewNotWord: 'Only Word (.docx) documents are shown as a page: download this one',
  previewTooLarge: `This Word document is over ${WORD_PREVIEW_MAX_BYTES / (1024 * 1024)} MB, too large to show here: download it`,
  previewUnreadable: 'This Word document could not be shown here: download it',
} as const;

export const DOCUMENT_FOLDER_KINDS = ['firm', 'templates', 'client', 'matter', 'from-client', 'folder'] as const;
export const DOCUMENT_SCAN_STATUSES = ['scanning', 'available', 'quarantined'] as const;
export const DOCUMENT_TEXT_STATUSES = ['pending', 'extracted', 'none', 'failed'] as const;

export const documentFolderSchema = z.object({
  id: z.string().describe('The folder’s id (a UUID).'),
  name: z.string().describe('The folder’s name, unique among its siblings.'),
  kind: z
    .enum(DOCUMENT_FOLDER_KINDS)
    .describe(
      'firm: a firm-wide folder at the top level; templates: the firm’s Templates folder; client / matter: the folder the app keeps for a client or matter; from-client: a matter’s folder for the client’s portal uploads; folder: a subfolder a member made. Only firm and folder may be renamed, moved or deleted.',
    ),
  parentFolderId: z.string().nullable().describe('The folder it is in; null at the top level.'),
  clientId: z.string().nullable().describe('The client whose folder tree it is in; null for firm-wide folders.'),
  matterId: z.string().nullable().describe('The matter whose folder tree it is in; null outside a matter’s folder.'),
  isSharedWithClient: z
    .boolean()
    .describe('Shared with its client through the portal, with every document in it and in its subfolders, including those added later.'),
  sharedAt: z.string().nullable().describe('When it was shared with the client (ISO 8601 UTC); null when not shared.'),
  createdAt: z.string().describe('When the folder was made (ISO 8601 UTC).'),
  deletedAt: z.string().nullable().describe('When it was moved to the recycle bin (ISO 8601 UTC); null when live.'),
});
export type DocumentFolder = z.infer<typeof documentFolderSchema>;

/** A step of the path from the top level to a folder, for breadcrumbs (Client › Matter › …). */
export const documentPathStepSchema = z.object({
  id: z.string().describe('The folder’s id (a UUID).'),
  name: z.string().describe('The folder’s name.'),
  kind: z.enum(DOCUMENT_FOLDER_KINDS).describe('The folder’s kind (firm, templates, client, matter, from-client or folder).'),
});

export const documentCheckoutSchema = z.object({
  userId: z.string().describe('The member holding the check-out.'),
  userName: z.string().describe('The holder’s name.'),
  since: z.string().describe('When it was checked out or last extended (ISO 8601 UTC).'),
  until: z.string().describe('When the check-out expires (ISO 8601 UTC).'),
  /** Past its expiry: anyone may check the document out again. */
  isExpired: z.boolean().describe('Past its expiry: anyone may check the document out; its holder may still check in until someone does.'),
  baseVersion: z.number().describe('The version that was current when it was checked out, which the holder’s changes are made to.'),
});

export const documentVersionSchema = z.object({
  versionNumber: z.number().describe('The version’s number: 1 for the first upload, one more for each version after it.'),
  fileName: z.string().describe('The file’s name as uploaded, ending in its content’s type: a PDF named x.html is x.html.pdf.'),
  contentType: z.string().describe('The MIME type read from the file’s content (never from its name).'),
  sizeBytes: z.number().describe('The file’s size in bytes.'),
  sha256: z.string().describe('The file’s SHA-256, 64 lower-case hexadecimal characters.'),
  uploadedAt: z.string().describe('When the version was filed (ISO 8601 UTC).'),
  /** A member of the firm's name, or the client's name for a portal upload. */
  uploadedByName: z.string().describe('The member who uploaded it, or the client’s name for a portal upload.'),
  isUploadedByClient: z.boolean().describe('Uploaded by the client through the portal.'),
  note: z.string().nullable().describe('The uploader’s note on this version; null when none.'),
  scanStatus: z
    .enum(DOCUMENT_SCAN_STATUSES)
    .describe(
      'scanning: the virus scanner has not passed it yet (it cannot be downloaded); available: passed; quarantined: refused by the scanner, never downloadable.',
    ),
  textStatus: z
    .enum(DOCUMENT_TEXT_STATUSES)
    .describe(
      'pending: its text is still to be read; extracted: its text is searchable; none: it has no text to read (or OCR is off); failed: reading it failed three times.',
    ),
  basedOnVersion: z.number().nullable().describe('For a check-in, the version the changes were made to; null otherwise.'),
  restoredFromVersion: z.number().nullable().describe('The older version this one copies, when it was made by restoring; null otherwise.'),
  /** Checked in against a version that was no longer the newest: kept, flagged for a person to resolve. */
  isConflict: z
    .boolean()
    .describe('Checked in against a version that was no longer the newest: kept, and flagged for a person to compare and resolve.'),
  conflictResolvedAt: z.string().nullable().describe('When a conflicting version was marked resolved (ISO 8601 UTC); null otherwise.'),
  templateDocumentId: z.string().nullable().describe('The template it was generated from; null unless generated from a template.'),
  templateVersion: z.number().nullable().describe('The template’s version it was generated from; null unless generated.'),
  mergeValues: z
    .record(z.string(), z.string())
    .nullable()
    .describe('The value printed for each merge field (by field name) when generated from a template; null otherwise.'),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

export const documentClientAccessSchema = z.object({
  action: z.enum(['viewed', 'downloaded']).describe('viewed: opened in the portal’s preview; downloaded: saved as a file.'),
  versionNumber: z.number().describe('The version the client opened.'),
  at: z.string().describe('When (ISO 8601 UTC).'),
  /** Who opened it: the contact's name on a contact's portal account, else the client's. */
  portalName: z.string().describe('Who opened it: the contact’s name on a contact’s portal account, else the client’s.'),
  portalEmail: z.string().describe('The email address of the portal account that opened it.'),
});

/** A document as lists show it: its newest version's file facts. */
export const documentListItemSchema = z.object({
  id: z.string().describe('The document’s id (a UUID).'),
  folderId: z.string().describe('The folder it is in.'),
  clientId: z.string().nullable().describe('The client whose folder tree it is in; null in firm-wide folders.'),
  matterId: z.string().nullable().describe('The matter whose folder tree it is in; null outside a matter’s folder.'),
  name: z.string().describe('The document’s name (its first file’s name unless renamed), unique in its folder.'),
  category: z.string().nullable().describe('A free-text category the firm chose; null when none.'),
  description: z.string().nullable().describe('A free-text description; null when none.'),
  tags: z.array(z.string()).describe('Its tags (at most 20), searched with the name and description.'),
  currentVersionNumber: z.number().describe('The number of its newest version, whose file facts follow.'),
  contentType: z.string().describe('The newest version’s MIME type, read from its content.'),
  sizeBytes: z.number().describe('The newest version’s size in bytes.'),
  sha256: z.string().describe('The newest version’s SHA-256, 64 lower-case hexadecimal characters.'),
  scanStatus: z
    .enum(DOCUMENT_SCAN_STATUSES)
    .describe('The newest version’s virus scan: scanning (not downloadable yet), available or quarantined (never downloadable).'),
  textStatus: z
    .enum(DOCUMENT_TEXT_STATUSES)
    .describe(
      'Whether the newest version’s text is searchable: pending, extracted, none (no text to read) or failed (three failed attempts).',
    ),
  /** Shared on its own or through a shared folder it is in. */
  isSharedWithClient: z.boolean().describe('Shared with the client on its own (see isSharedThroughFolder for sharing by a folder).'),
  isSharedThroughFolder: z.boolean().describe('Its folder, or a folder above it, is shared with the client, which shares it too.'),
  checkout: documentCheckoutSchema.nullable().describe('Who has it checked out and until when; null when nobody does.'),
  hasConflict: z.boolean().describe('One of its versions is an unresolved conflicting check-in.'),
  createdAt: z.string().describe('When the document was first uploaded (ISO 8601 UTC).'),
  createdByName: z.string().describe('The member who first uploaded it (the firm’s owner for a client’s portal upload).'),
  updatedAt: z.string().describe('When its details or versions last changed (ISO 8601 UTC).'),
  deletedAt: z.string().nullable().describe('When it was moved to the recycle bin (ISO 8601 UTC); null when live.'),
});
export type DocumentListItem = z.infer<typeof documentListItemSchema>;

/** GET …/get-document/{id}: the document, every version (newest first), its path and what the client did with it. */
export const documentSchema = documentListItemSchema.extend({
  path: z.array(documentPathStepSchema).describe('The folders from the top level down to its folder, for breadcrumbs.'),
  versions: z.array(documentVersionSchema).describe('Every version it ever had, newest first.'),
  clientAccesses: z
    .array(documentClientAccessSchema)
    .describe('When the client viewed or downloaded it through the portal, newest first (the latest 200).'),
  sharedAt: z.string().nullable().describe('When it was shared with the client on its own (ISO 8601 UTC); null when not.'),
});
export type DocumentView = z.infer<typeof documentSchema>;

export const DOCUMENT_SORT_COLUMNS = ['name', 'updatedAt', 'createdAt', 'sizeBytes'] as const;

/**
 * GET …/get-folder: FolderId, or ClientId / MatterId for that client's or matter's folder, or none
 * for the top level. Subfolders come whole (a folder holds few); documents come a page at a time.
 */
export const folderQuerySchema = pageQuerySchema.extend({
  FolderId: z.uuid().optional().describe('The folder to open; without it, ClientId or MatterId, or none for the top level.'),
  ClientId: z.uuid().optional().describe('Open this client’s folder (when FolderId is absent).'),
  MatterId: z.uuid().optional().describe('Open this matter’s folder (when FolderId is absent).'),
  sortColumn: z.enum(DOCUMENT_SORT_COLUMNS).default('name').describe('The column the documents are sorted by (name by default).'),
  sortType: sortTypeSchema,
  /** Narrows the folder's documents by name. */
  GeneralSearchText: z.string().trim().max(200).optional().describe('Only documents whose name contains this text (any case).'),
  Category: z.string().trim().max(100).optional().describe('Only documents of this category (any case, whole category).'),
  ScanStatus: z.enum(DOCUMENT_SCAN_STATUSES).optional().describe('Only documents whose newest version has this scan status.'),
});
export type FolderQuery = z.input<typeof folderQuerySchema>;

export const folderContentsSchema = z.object({
  /** Null at the top level. */
  folder: documentFolderSchema.nullable().describe('The folder opened; null at the top level.'),
  path: z.array(documentPathStepSchema).describe('The folders from the top level down to this one (empty at the top level).'),
  subfolders: z
    .array(documentFolderSchema)
    .describe('Its live subfolders, all of them (at the top level: the firm-wide and Templates folders).'),
  documents: pageSchema(documentListItemSchema).describe(
    'A page of its live documents, sorted and narrowed as asked (none at the top level).',
  ),
});
export type FolderContents = z.infer<typeof folderContentsSchema>;

/** GET …/get-document-settings: what the upload form says about limits and scanning. */
export const documentSettingsSchema = z.object({
  maxUploadBytes: z.number().describe('The largest file accepted, in bytes (DOCUMENT_MAX_BYTES; 100 MiB by default).'),
  isScanningEnabled: z.boolean().describe('New versions are virus-scanned before they can be downloaded.'),
  isTextExtractionEnabled: z.boolean().describe('The text inside files is read so that search finds it.'),
  isOcrEnabled: z.boolean().describe('Scanned PDFs and images are read by OCR for search.'),
  /** Files go from the browser straight to the bucket (start-upload, complete-upload) rather than through the API. */
  isDirectUploadEnabled: z
    .boolean()
    .describe('Files go from the browser straight to the bucket (start-upload, complete-upload) rather than through upload-document.'),
});
export type DocumentSettings = z.infer<typeof documentSettingsSchema>;

const folderName = requiredText('Folder name', 120)
  .refine((name) => !/[\\/]/.test(name), 'Folder name cannot contain / or \\')
  // "." and ".." mean this folder and the one above it in a path: in a folder's zip they would climb out of it.
  .refine((name) => name !== '.' && name !== '..', 'Folder name cannot be . or ..');

/** POST …/create-folder: ParentFolderId null (or absent) for a firm-wide folder at the top level. */
export const createFolderInputSchema = z.strictObject({
  parentFolderId: z
    .uuid({ error: 'Parent folder must be one of the firm’s folders' })
    .nullish()
    .describe('The folder to make it in (not the Templates folder); null or absent for a firm-wide folder at the top level.'),
  name: folderName.describe('The folder’s name: at most 120 characters, no / or \\, not . or .., unique among its siblings.'),
});
export type CreateFolderInput = z.input<typeof createFolderInputSchema>;

export const renameFolderInputSchema = z.strictObject({
  name: folderName.describe('The new name: at most 120 characters, no / or \\, not . or .., unique among its siblings.'),
});

/** POST …/move: a document or a folder into another folder. */
export const moveInputSchema = z.strictObject({
  itemType: z
    .enum(['document', 'folder'], { error: 'Say whether a document or a folder is moved' })
    .describe('What id names: a document or a folder.'),
  id: z.uuid({ error: 'Choose what to move' }).describe('The document or folder to move (only firm and member-made folders move).'),
  toFolderId: z
    .uuid({ error: 'Choose the folder to move it to' })
    .describe('The destination folder; its client and matter become the moved item’s.'),
});
export type MoveInput = z.input<typeof moveInputSchema>;

const categoryField = z.string().trim().max(100).regex(SINGLE_LINE_PATTERN, controlCharactersMessage('Category'));
const descriptionField = z.string().trim().max(2000).regex(MULTILINE_PATTERN, controlCharactersMessage('Description'));
/** Tags typed as one comma-separated line. */
const tagListField = z.string().trim().max(1000).regex(SINGLE_LINE_PATTERN, controlCharactersMessage('Tags'));
const versionNoteField = z.string().trim().max(500).regex(MULTILINE_PATTERN, controlCharactersMessage('Note'));

const tagsField = z
  .array(
    z.string().trim().min(1).max(40, 'A tag must be at most 40 characters').regex(SINGLE_LINE_PATTERN, controlCharactersMessage('A tag')),
  )
  .max(20, 'At most 20 tags')
  .default([]);

/** PUT …/update-document/{id}: the document's name and details (its versions never change). */
export const updateDocumentInputSchema = z.strictObject({
  name: requiredText('Name', 200).describe('The document’s name, at most 200 characters, unique in its folder (409 otherwise).'),
  category: categoryField.nullish().describe('A free-text category, at most 100 characters; null or blank for none.'),
  description: descriptionField.nullish().describe('A free-text description, at most 2,000 characters; null or blank for none.'),
  tags: tagsField.describe('Its tags: at most 20, each at most 40 characters; replaces the existing tags (none when absent).'),
});
export type UpdateDocumentInput = z.input<typeof updateDocumentInputSchema>;

/**
 * The form fields of POST …/upload-document (multipart, sent before the file): FolderId, and
 * optionally category, description and tags (comma-separated). The document takes the file's name.
 */
export const uploadDocumentFieldsSchema = z.object({
  FolderId: z.uuid({ error: 'Choose the folder to upload into' }).describe('The folder to file the new document in.'),
  category: categoryField.optional().describe('A free-text category, at most 100 characters.'),
  description: descriptionField.optional().describe('A free-text description, at most 2,000 characters.'),
  tags: tagListField.optional().describe('Tags separated by commas (at most 20 are kept, each cut to 40 characters).'),
});

/** The form fields of POST …/upload-new-version/{id} and …/check-in/{id} (BaseVersion required for a check-in). */
export const versionFieldsSchema = z.object({
  note: versionNoteField.optional().describe('A note on what changed in this version, at most 500 characters.'),
  BaseVersion: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .describe('For a check-in (required there): the version the changes were made to; older than the newest files it as a conflict.'),
});

/**
 * POST …/start-upload, where files go straight to the bucket: a new document in FolderId, or a new
 * version of DocumentId (one of the two). The size and SHA-256 the browser declares are checked
 * against what arrives before anything is filed.
 */
export const startDirectUploadInputSchema = z
  .strictObject({
    FolderId: z
      .uuid({ error: 'Choose the folder to upload into' })
      .optional()
      .describe('For a new document (needs document.create): the folder to file it in. Give this or DocumentId, not both.'),
    DocumentId: z
      .uuid({ error: 'Choose the document to add a version to' })
      .optional()
      .describe('For a new version (needs document.edit): the document to add it to. Give this or FolderId, not both.'),
    // The browser's own name for the file, as a multipart upload's is: its unsafe characters are dropped rather than refused.
    fileName: z
      .string({ error: 'File name is required' })
      .transform(withoutControlCharacters)
      .pipe(requiredText('File name', 200))
      .describe(
        'The file’s name, at most 200 characters; a new document takes it as its name, without control or direction-override characters.',
      ),
    sizeBytes: z
      .number({ error: 'Give the file’s size' })
      .int()
      .min(1, 'The file is empty')
      .describe('The file’s size in bytes, at most the upload limit (413 otherwise); checked against what arrives.'),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'SHA-256 must be 64 lower-case hexadecimal characters')
      .describe('The file’s SHA-256, 64 lower-case hexadecimal characters; checked against what arrives.'),
    category: categoryField.optional().describe('For a new document: a free-text category, at most 100 characters.'),
    description: descriptionField.optional().describe('For a new document: a description, at most 2,000 characters.'),
    tags: tagListField.optional().describe('For a new document: tags separated by commas.'),
    note: versionNoteField.optional().describe('For a new version: a note on what changed, at most 500 characters.'),
  })
  .refine((input) => (input.FolderId === undefined) !== (input.DocumentId === undefined), {
    message: 'Give either FolderId (a new document) or DocumentId (a new version)',
    path: ['FolderId'],
  });
export type StartDirectUploadInput = z.input<typeof startDirectUploadInputSchema>;

/** The part URLs to PUT the file's consecutive slices of partSize bytes to, and the token that completes it. */
export const directUploadPlanSchema = z.object({
  uploadToken: z.string().describe('A signed token to send to complete-upload, valid for an hour, for this user only.'),
  partSize: z.number().describe('The size in bytes of each slice of the file (the last may be smaller).'),
  partUrls: z
    .array(z.string())
    .describe('Presigned URLs, one per slice in order: PUT slice n (from 1) to the n-th and keep the ETag the bucket answers.'),
});
export type DirectUploadPlan = z.infer<typeof directUploadPlanSchema>;

/** POST …/complete-upload: the token from start-upload and each part's ETag as the bucket answered it. */
export const completeDirectUploadInputSchema = z.strictObject({
  uploadToken: z.string().min(1).max(4000).describe('The uploadToken start-upload answered.'),
  parts: z
    .array(
      z.strictObject({
        partNumber: z.number().int().min(1).max(10_000).describe('The slice’s number, from 1, in the order of partUrls.'),
        etag: z.string().min(1).max(200).describe('The ETag header the bucket answered to that slice’s PUT.'),
      }),
    )
    .min(1, 'Send the ETag of every part')
    .max(10_000)
    .describe('Every slice sent, with its ETag.'),
});
export type CompleteDirectUploadInput = z.input<typeof completeDirectUploadInputSchema>;

export const restoreVersionInputSchema = z.strictObject({
  versionNumber: z
    .number({ error: 'Choose the version to restore' })
    .int()
    .min(1)
    .describe('The older version to copy forward as the newest (not a quarantined one).'),
});

export const checkOutInputSchema = z.strictObject({
  hours: z
    .number()
    .int()
    .min(1)
    .max(DOCUMENT_CHECKOUT_MAX_HOURS)
    .default(DOCUMENT_CHECKOUT_DEFAULT_HOURS)
    .describe('How many hours from now the check-out lasts: 1 to 168, 8 by default.'),
});

/** POST …/resolve-conflict/{id}: a person has looked at a conflicting version and settled it. */
export const resolveConflictInputSchema = z.strictObject({
  versionNumber: z.number().int().min(1).describe('The conflicting version to mark resolved (400 when it is not one).'),
});

/** POST …/share/{id} and …/unshare/{id}: a document, or a folder (with what is added to it later). */
export const shareInputSchema = z.strictObject({
  itemType: z
    .enum(['document', 'folder'])
    .default('document')
    .describe('What the id names: a document (the default) or a folder, which shares everything in it, including what is added later.'),
});

export const documentDownloadQuerySchema = z.object({
  /** The newest version when absent. */
  Version: z.coerce.number().int().min(1).optional().describe('The version to send; the newest when absent.'),
  /** inline=true for the browser's preview; a download otherwise. */
  inline: queryBoolean.describe('true (or 1) to show it in the browser’s preview; otherwise it comes as a download.'),
});

/** GET …/preview-html/{id}: a version of a Word document as HTML for the page's preview. */
export const documentPreviewHtmlQuerySchema = z.object({
  Version: z.coerce.number().int().min(1).optional().describe('The version to show; the newest when absent.'),
});

export const documentPreviewHtmlSchema = z.object({
  html: z
    .string()
    .describe(
      'The document’s body as HTML, sanitised by the server: paragraphs, headings, lists, tables, links to the web and embedded PNG, JPEG or GIF images only; no scripts, styles, event handlers or external resources.',
    ),
});
export type DocumentPreviewHtml = z.infer<typeof documentPreviewHtmlSchema>;

/** GET …/get-client-folders: every client's folder, for the documents page's client picker. */
export const clientFolderSchema = z.object({
  folderId: z.string().describe('The client’s folder (a UUID), to open with get-folder?FolderId=.'),
  clientId: z.string().describe('The client’s id (a UUID).'),
  name: z.string().describe('The client’s name, which is the folder’s.'),
  clientType: z.enum(['individual', 'company']).describe('individual: a person; company: a company.'),
  isArchived: z.boolean().describe('The client is archived: their folder is still listed, since a closed file’s papers are kept.'),
});
export type ClientFolder = z.infer<typeof clientFolderSchema>;

/** GET …/search-documents: names, tags, descriptions and the text inside files. */
export const documentSearchQuerySchema = pageQuerySchema.extend({
  GeneralSearchText: z
    .string({ error: 'Type at least 2 characters to search' })
    .trim()
    .min(2, 'Type at least 2 characters to search')
    .max(200)
    .describe('The words to find, 2 to 200 characters: in names, tags and descriptions, and in the text inside files.'),
  ClientId: z.uuid().optional().describe('Only this client’s documents.'),
  MatterId: z.uuid().optional().describe('Only this matter’s documents.'),
});
export type DocumentSearchQuery = z.input<typeof documentSearchQuerySchema>;

export const documentSearchHitSchema = documentListItemSchema.extend({
  /** Client › Matter › folder, as a line under the name. */
  folderPath: z.string().describe('The folder’s path, top level first, joined by › (Client › Matter › folder).'),
  /** Where the words were found in the file's text, with the matches marked; null for a match on the name only. */
  snippet: z
    .array(
      z.object({
        text: z.string().describe('A piece of the file’s text.'),
        isMatch: z.boolean().describe('This piece matched the search words (show it highlighted).'),
      }),
    )
    .nullable()
    .describe('Where the words were found in the file’s text, in pieces in order; null when only the name, tags or description matched.'),
});
export type DocumentSearchHit = z.infer<typeof documentSearchHitSchema>;
export const documentSearchPageSchema = pageSchema(documentSearchHitSchema);

/** GET …/get-recycle-bin: deleted documents and folders, newest first. */
export const recycleBinItemSchema = z.object({
  itemType: z.enum(['document', 'folder']).describe('Whether it is a document (restore-document) or a folder (restore-folder).'),
  id: z.string().describe('The document’s or folder’s id.'),
  name: z.string().describe('Its name.'),
  folderPath: z.string().describe('The path of the folder it was in, joined by › (empty for a top-level folder).'),
  deletedAt: z.string().describe('When it was deleted (ISO 8601 UTC).'),
  deletedByName: z.string().describe('The member who deleted it (empty when unknown).'),
});
export const recycleBinPageSchema = pageSchema(recycleBinItemSchema);

/** GET …/get-templates: the .docx documents in the firm's Templates folder and the merge fields each uses. */
export const documentTemplateSchema = z.object({
  documentId: z.string().describe('The template document’s id, for generate-from-template.'),
  name: z.string().describe('The template’s name.'),
  versionNumber: z.number().describe('Its current version, which generation uses.'),
  fields: z
    .array(z.string())
    .describe('The merge fields it uses, without braces (client.name, matter.custom.<Label>…); empty when it cannot be read.'),
  updatedAt: z.string().describe('When it last changed (ISO 8601 UTC).'),
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
  templateDocumentId: z
    .uuid({ error: 'Choose a template' })
    .describe('The template: a Word (.docx) document in the firm’s Templates folder (400 otherwise).'),
  matterId: z.uuid({ error: 'Choose a matter' }).describe('The matter whose values fill it and in whose folder it is saved.'),
  fileName: z
    .string()
    .trim()
    .max(200)
    .regex(SINGLE_LINE_PATTERN, controlCharactersMessage('File name'))
    .optional()
    .describe(
      'The new document’s name (.docx is added if missing; " (2)" if taken); "<template> - <matter number or name>.docx" when absent.',
    ),
  values: z
    .record(z.string(), z.string().max(5000).regex(MULTILINE_PATTERN, controlCharactersMessage('A merge field’s value')))
    .default({})
    .describe('Merge field name → text (at most 5,000 characters), filling fields the matter cannot and overriding those it can.'),
  isDryRun: z
    .boolean()
    .default(false)
    .describe('true: answer 200 with every field and its value and save nothing; false (the default): save the document (201).'),
});
export type GenerateFromTemplateInput = z.input<typeof generateFromTemplateInputSchema>;

export const templateDryRunSchema = z.object({
  fields: z
    .array(
      z.object({
        name: z.string().describe('The merge field’s name, without braces.'),
        value: z.string().describe('The text it would print; empty when it has no value.'),
      }),
    )
    .describe('Every merge field the template uses, in the template’s order, with the value it would print.'),
  missingFields: z.array(z.string()).describe('The fields that would print nothing.'),
});
export type TemplateDryRun = z.infer<typeof templateDryRunSchema>;

/** The portal's view of a shared document (the portal pages come with the portal issue). */
export const portalDocumentSchema = z.object({
  id: z.string().describe('The document’s id, for the portal’s download-document.'),
  name: z.string().describe('The document’s name.'),
  matterId: z.string().nullable().describe('The matter it belongs to; null for a document of the client’s own folder.'),
  matterName: z.string().nullable().describe('That matter’s name; null when none.'),
  folderPath: z.string().describe('The folder’s path, joined by › (Client › Matter › folder).'),
  contentType: z.string().describe('The MIME type of the version the client gets.'),
  sizeBytes: z.number().describe('That version’s size in bytes.'),
  versionNumber: z
    .number()
    .describe('The version the client gets: the newest the virus scanner has passed (a document with none is not listed).'),
  sharedAt: z.string().describe('When it was shared with the client, or uploaded when it was not shared on its own (ISO 8601 UTC).'),
  isUploadedByClient: z.boolean().describe('The client uploaded it through the portal.'),
});
export type PortalDocument = z.infer<typeof portalDocumentSchema>;
export const portalDocumentPageSchema = pageSchema(portalDocumentSchema);
