import { z } from 'zod';
import { isoDate, queryBoolean, requiredId, requiredText, sortTypeSchema, uuidField } from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';

export const PROGRESS_NOTE_MESSAGES = {
  matterRequired: 'Matter is required',
  dateRequired: 'Date is required',
  bodyRequired: 'Note is required',
  matterNotOfClient: 'The matter does not belong to the chosen client',
} as const;

/** The longest body accepted, as HTML before sanitising (a long attendance note, not a document). */
export const PROGRESS_NOTE_BODY_MAX = 100_000;

/**
 * POST …/create-progress-note and PUT …/update-progress-note/{id}. The body is HTML from the
 * editor; the server keeps only paragraphs, line breaks, bold, italics, underline, strike, lists,
 * block quotes, headings and http(s)/mailto links, so a script in a note is never stored as markup.
 * clientId is optional: the matter decides the client (a given clientId must match it).
 */
export const progressNoteInputSchema = z.strictObject({
  clientId: z.uuid({ error: 'Client must be one of the firm’s clients' }).nullish(),
  matterId: requiredId(PROGRESS_NOTE_MESSAGES.matterRequired),
  noteDate: z
    .string({ error: PROGRESS_NOTE_MESSAGES.dateRequired })
    .trim()
    .min(1, PROGRESS_NOTE_MESSAGES.dateRequired)
    .pipe(isoDate('Date')),
  title: requiredText('Title', 200),
  body: z
    .string({ error: PROGRESS_NOTE_MESSAGES.bodyRequired })
    .max(PROGRESS_NOTE_BODY_MAX, `Note must be at most ${PROGRESS_NOTE_BODY_MAX} characters`),
  isSharedWithClient: z.boolean().default(false),
});
export type ProgressNoteInput = z.input<typeof progressNoteInputSchema>;
export type ProgressNoteInputParsed = z.output<typeof progressNoteInputSchema>;

/**
 * Attachments (POST …/progress-note/{id}/attachments, multipart, one file): PDF, JPEG, PNG, HEIC,
 * Word or Excel, checked by content, at most 20 MB each (a scanned court order, a signed letter).
 */
export const PROGRESS_NOTE_ATTACHMENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/heic',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export const PROGRESS_NOTE_ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;

/** The `:id` and `:attachmentId` of …/progress-note/{id}/attachments/{attachmentId}. */
export const progressNoteAttachmentParamsSchema = z.object({ id: uuidField('Id'), attachmentId: uuidField('Attachment') });

export const progressNoteAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  uploadedAt: z.string(),
  uploadedByUserName: z.string(),
});
export type ProgressNoteAttachment = z.infer<typeof progressNoteAttachmentSchema>;

export const progressNoteSchema = z.object({
  id: z.string(),
  noteDate: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  matterId: z.string(),
  matterName: z.string(),
  matterNumber: z.string().nullable(),
  title: z.string(),
  /** Sanitised HTML: safe to render as markup. */
  bodyHtml: z.string(),
  bodyText: z.string(),
  authorUserId: z.string(),
  authorName: z.string(),
  isSharedWithClient: z.boolean(),
  attachments: z.array(progressNoteAttachmentSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProgressNote = z.infer<typeof progressNoteSchema>;

export const PROGRESS_NOTE_SORT_COLUMNS = ['noteDate', 'title', 'clientName', 'matterName', 'authorName', 'createdAt'] as const;

/** GET …/get-progress-notes: SPEC.md's list parameters, with the note's own filters. */
export const progressNoteListQuerySchema = pageQuerySchema.extend({
  sortColumn: z.enum(PROGRESS_NOTE_SORT_COLUMNS).default('noteDate'),
  sortType: sortTypeSchema,
  GeneralSearchText: z.string().trim().max(200).optional(),
  AdminUserId: z.string().optional(),
  BusinessId: z.string().optional(),
  ClientId: z.uuid().optional(),
  MatterId: z.uuid().optional(),
  /** The author. */
  AuthorUserId: z.uuid().optional(),
  FromDate: isoDate('From date').optional(),
  ToDate: isoDate('To date').optional(),
  IsSharedWithClient: z.enum(['true', 'false'], { error: 'IsSharedWithClient must be true or false' }).optional(),
  IsDownlodCsv: queryBoolean,
});
export type ProgressNoteListQuery = z.input<typeof progressNoteListQuerySchema>;

/** A list row carries a plain-text excerpt of the body, never the whole note. */
export const progressNoteListItemSchema = progressNoteSchema
  .omit({ bodyHtml: true, bodyText: true, attachments: true, updatedAt: true })
  .extend({ excerpt: z.string(), attachmentCount: z.number() });
export type ProgressNoteListItem = z.infer<typeof progressNoteListItemSchema>;

export const progressNotePageSchema = pageSchema(progressNoteListItemSchema);
export type ProgressNotePage = z.infer<typeof progressNotePageSchema>;
