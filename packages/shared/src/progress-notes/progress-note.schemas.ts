import { z } from 'zod';
import { writingSeconds } from '../time-suggestions/writing-seconds.ts';
import { controlCharactersMessage, MULTILINE_PATTERN } from '../common/text-characters.ts';
import {
  firmScopeQuerySchema,
  isoDate,
  queryBoolean,
  requiredId,
  requiredIsoDate,
  requiredText,
  sortTypeSchema,
  uuidField,
} from '../common/fields.ts';
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
  clientId: z
    .uuid({ error: 'Client must be one of the firm’s clients' })
    .nullish()
    .describe('Optional: the matter decides the client; a client given must be the matter’s (400 otherwise).'),
  matterId: requiredId(PROGRESS_NOTE_MESSAGES.matterRequired).describe('The matter the note is about (open or closed).'),
  noteDate: requiredIsoDate('Date', PROGRESS_NOTE_MESSAGES.dateRequired).describe('The day the note is about, YYYY-MM-DD.'),
  title: requiredText('Title', 200).describe('The note’s title, at most 200 characters.'),
  body: z
    .string({ error: PROGRESS_NOTE_MESSAGES.bodyRequired })
    .max(PROGRESS_NOTE_BODY_MAX, `Note must be at most ${PROGRESS_NOTE_BODY_MAX} characters`)
    .regex(MULTILINE_PATTERN, controlCharactersMessage('Note'))
    .describe(
      'The note as HTML, at most 100,000 characters, stored sanitised (other tags and attributes are dropped); must hold some text.',
    ),
  isSharedWithClient: z.boolean().default(false).describe('Show the note to the client in the portal (false by default).'),
  writingSeconds: writingSeconds.describe('Seconds from opening the form to saving it: the author’s suggested time (optional, 0–7200).'),
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
export const progressNoteAttachmentParamsSchema = z.object({
  id: uuidField('Id').describe('The progress note’s id (a UUID).'),
  attachmentId: uuidField('Attachment').describe('The attachment’s id (a UUID), from the note’s attachments.'),
});

export const progressNoteAttachmentSchema = z.object({
  id: z.string().describe('The attachment’s id (a UUID).'),
  fileName: z.string().describe('The file’s name as uploaded, ending in its content’s type: a PDF named x.html is x.html.pdf.'),
  contentType: z.string().describe('The MIME type read from its content (PDF, JPEG, PNG, HEIC, Word or Excel).'),
  sizeBytes: z.number().describe('The file’s size in bytes (at most 20 MB).'),
  uploadedAt: z.string().describe('When it was attached (ISO 8601 UTC).'),
  uploadedByUserName: z.string().describe('The member who attached it.'),
});
export type ProgressNoteAttachment = z.infer<typeof progressNoteAttachmentSchema>;

export const progressNoteSchema = z.object({
  id: z.string().describe('The note’s id (a UUID).'),
  noteDate: z.string().describe('The day the note is about, YYYY-MM-DD.'),
  clientId: z.string().describe('The matter’s client.'),
  clientName: z.string().describe('The client’s name.'),
  matterId: z.string().describe('The matter the note is about.'),
  matterName: z.string().describe('The matter’s name.'),
  matterNumber: z.string().nullable().describe('The matter’s number; null when it has none.'),
  title: z.string().describe('The note’s title.'),
  /** Sanitised HTML: safe to render as markup. */
  bodyHtml: z.string().describe('The body as sanitised HTML: safe to render as markup.'),
  bodyText: z.string().describe('The body as plain text (what search and the CSV read).'),
  authorUserId: z.string().describe('The member who wrote it (stays theirs when others change it).'),
  authorName: z.string().describe('The author’s name.'),
  isSharedWithClient: z.boolean().describe('Shown to the client in the portal.'),
  attachments: z.array(progressNoteAttachmentSchema).describe('Its attached files.'),
  createdAt: z.string().describe('When it was written (ISO 8601 UTC).'),
  updatedAt: z.string().describe('When it last changed (ISO 8601 UTC).'),
});
export type ProgressNote = z.infer<typeof progressNoteSchema>;

export const PROGRESS_NOTE_SORT_COLUMNS = ['noteDate', 'title', 'clientName', 'matterName', 'authorName', 'createdAt'] as const;

/** GET …/get-progress-notes: SPEC.md's list parameters, with the note's own filters. */
export const progressNoteListQuerySchema = pageQuerySchema.extend({
  sortColumn: z
    .enum(PROGRESS_NOTE_SORT_COLUMNS)
    .default('noteDate')
    .describe('The column to sort by (noteDate, newest first, by default).'),
  sortType: sortTypeSchema,
  GeneralSearchText: z.string().trim().max(200).optional().describe('Text to find in the note’s title and body.'),
  ...firmScopeQuerySchema.shape,
  ClientId: z.uuid().optional().describe('Only this client’s notes.'),
  MatterId: z.uuid().optional().describe('Only this matter’s notes.'),
  /** The author. */
  AuthorUserId: z.uuid().optional().describe('Only notes written by this member.'),
  FromDate: isoDate('From date').optional().describe('Only notes dated on or after this day (the note date), YYYY-MM-DD.'),
  ToDate: isoDate('To date').optional().describe('Only notes dated on or before this day (the note date), YYYY-MM-DD.'),
  IsSharedWithClient: z
    .enum(['true', 'false'], { error: 'IsSharedWithClient must be true or false' })
    .optional()
    .describe('true: only notes shared with the client; false: only those not shared; absent: both.'),
  IsDownlodCsv: queryBoolean.describe(
    'true (or 1): answer the whole filtered list as a text/csv download with each note’s full text (SPEC’s spelling).',
  ),
});
export type ProgressNoteListQuery = z.input<typeof progressNoteListQuerySchema>;

/** A list row carries a plain-text excerpt of the body, never the whole note. */
export const progressNoteListItemSchema = progressNoteSchema
  .omit({ bodyHtml: true, bodyText: true, attachments: true, updatedAt: true })
  .extend({
    excerpt: z.string().describe('The first words of the body as plain text on one line (about 200 characters, … when cut).'),
    attachmentCount: z.number().describe('How many files are attached.'),
  });
export type ProgressNoteListItem = z.infer<typeof progressNoteListItemSchema>;

export const progressNotePageSchema = pageSchema(progressNoteListItemSchema);
export type ProgressNotePage = z.infer<typeof progressNotePageSchema>;
