import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  PROGRESS_NOTE_MESSAGES,
  type ProgressNote,
  type ProgressNoteInputParsed,
  type ProgressNoteListItem,
  type progressNoteListQuerySchema,
  type ProgressNotePage,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { changeOf, recordAuditEvent } from '../../platform/audit/audit.ts';
import { recordWriting } from '../time-suggestions/time-suggestions.api.ts';
import { streamListCsv, type ListCsv } from '../../platform/lists/list-csv.ts';
import { readListPage, type ListRow } from '../../platform/lists/list-page.ts';
import { listAttachments } from './progress-note-attachments.repository.ts';
import {
  findMatterReference,
  findProgressNoteDetail,
  insertProgressNote,
  lockProgressNote,
  progressNoteCsvList,
  progressNoteList,
  setProgressNoteDeleted,
  updateProgressNote,
  type ProgressNoteListRequest,
  type ProgressNoteValues,
} from './progress-notes.repository.ts';

type ParsedListQuery = z.output<typeof progressNoteListQuerySchema>;
type Existing = NonNullable<Awaited<ReturnType<typeof lockProgressNote>>>;
export type ProgressNoteService = ReturnType<typeof createProgressNoteService>;

/** How much of the body a list row shows. */
const EXCERPT_LENGTH = 200;

/**
 * The note's values from the input: the matter must be the firm's (another firm's answers "not
 * found") and live when it is new to the note; a given client must be the matter's, and the
 * matter's client is what is stored. A closed matter still takes notes: firms note the work of
 * closing a file (archiving, final letters) after it closes.
 */
async function valuesOf(tx: Tx, firmId: string, input: ProgressNoteInputParsed, previous: Existing | null): Promise<ProgressNoteValues> {
  const matter = await findMatterReference(tx, firmId, input.matterId);
  if (!matter || (!matter.isLive && input.matterId !== previous?.matterId)) throw notFound('Matter');
  if (input.clientId && input.clientId !== matter.clientId)
    throw badRequest(PROGRESS_NOTE_MESSAGES.matterNotOfClient, { matterId: PROGRESS_NOTE_MESSAGES.matterNotOfClient });
  const body = sanitizeRichText(input.body);
  if (body.text === '') throw badRequest(PROGRESS_NOTE_MESSAGES.bodyRequired, { body: PROGRESS_NOTE_MESSAGES.bodyRequired });
  return {
    clientId: matter.clientId,
    matterId: input.matterId,
    noteDate: input.noteDate,
    title: input.title,
    bodyHtml: body.html,
    bodyText: body.text,
    isSharedWithClient: input.isSharedWithClient,
  };
}

/**
 * What the trail keeps of a note: where, when, its title and whether the client sees it. The body
 * is privileged work: the trail keeps its digest (enough to tell that it changed), never its words.
 */
const audited = (values: ProgressNoteValues | Existing) => ({
  clientId: values.clientId,
  matterId: values.matterId,
  noteDate: values.noteDate,
  title: values.title,
  isSharedWithClient: values.isSharedWithClient,
  bodyDigest: createHash('sha256').update(values.bodyHtml).digest('hex').slice(0, 16),
});

/** The first words of the body on one line, cut at a word near EXCERPT_LENGTH. */
export function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= EXCERPT_LENGTH) return line;
  const cut = line.slice(0, EXCERPT_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > EXCERPT_LENGTH * 0.7 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

type ListRowOf = ListRow<typeof progressNoteList.columns>;

const listItemOf = ({ createdAt, excerpt, ...row }: ListRowOf): ProgressNoteListItem => ({
  ...row,
  excerpt: excerptOf(excerpt),
  createdAt: createdAt.toISOString(),
});

/** The note as the API answers it: its names, sanitised body and live attachments. */
export async function viewOf(tx: Tx, firmId: string, noteId: string): Promise<ProgressNote> {
  const row = await findProgressNoteDetail(tx, firmId, noteId);
  if (!row) throw notFound('Progress note');
  const { bodyHtml, bodyText, updatedAt, excerpt: _excerpt, attachmentCount: _count, createdAt, ...listed } = row;
  const attachments = await listAttachments(tx, firmId, noteId);
  return {
    ...listed,
    bodyHtml,
    bodyText,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    attachments: attachments.map((attachment) => ({
      ...attachment,
      sizeBytes: Number(attachment.sizeBytes),
      uploadedAt: new Date(attachment.uploadedAt).toISOString(),
      uploadedByUserName: attachment.uploadedByUserName ?? '',
    })),
  };
}

export function requestOf(query: ParsedListQuery): ProgressNoteListRequest {
  return {
    filters: {
      clientId: query.ClientId,
      matterId: query.MatterId,
      authorUserId: query.AuthorUserId,
      fromDate: query.FromDate,
      toDate: query.ToDate,
      isSharedWithClient: query.IsSharedWithClient === undefined ? undefined : query.IsSharedWithClient === 'true',
    },
    searchText: query.GeneralSearchText || undefined,
    sort: { column: query.sortColumn, direction: query.sortType },
  };
}

const progressNoteCsv: ListCsv<typeof progressNoteCsvList.columns, void> = {
  header: ['Date', 'Client', 'Matter', 'Title', 'Author', 'Shared with client', 'Attachments', 'Note'],
  cells: (note, _context, dates) => [
    dates.date(note.noteDate),
    note.clientName,
    note.matterNumber ? `${note.matterNumber} ${note.matterName}` : note.matterName,
    note.title,
    note.authorName,
    note.isSharedWithClient ? 'Yes' : 'No',
    note.attachmentCount,
    note.bodyText,
  ],
};

/** Writing a note is the author's work on its matter (Suggested time), named by its title. */
const writingOf = (values: { matterId: string; title: string }, noteId: string, measuredSeconds: number | undefined) => ({
  matterId: values.matterId,
  kind: 'progressNoteWritten' as const,
  subject: values.title,
  sourceId: noteId,
  measuredSeconds,
});

export function createProgressNoteService(database: Database) {
  return {
    /** The signed-in member is the author. */
    create: (principal: FirmPrincipal, input: ProgressNoteInputParsed): Promise<ProgressNote> =>
      database.withFirm(principal.firmId, async (tx) => {
        const values = await valuesOf(tx, principal.firmId, input, null);
        const id = await insertProgressNote(tx, principal.firmId, principal.userId, values);
        await recordAuditEvent(tx, principal, 'progressNote.created', id, { after: audited(values) });
        await recordWriting(tx, principal, writingOf(values, id, input.writingSeconds));
        return viewOf(tx, principal.firmId, id);
      }),

    view: (principal: FirmPrincipal, noteId: string): Promise<ProgressNote> =>
      database.withFirm(principal.firmId, (tx) => viewOf(tx, principal.firmId, noteId), READ_ONLY),

    /** The author stays who wrote the note; whoever may edit notes may change it. */
    update: (principal: FirmPrincipal, noteId: string, input: ProgressNoteInputParsed): Promise<ProgressNote> =>
      database.withFirm(principal.firmId, async (tx) => {
        const previous = await lockProgressNote(tx, principal.firmId, noteId);
        if (!previous) throw notFound('Progress note');
        const values = await valuesOf(tx, principal.firmId, input, previous);
        await updateProgressNote(tx, principal.firmId, noteId, values);
        await recordAuditEvent(tx, principal, 'progressNote.updated', noteId, changeOf(audited(previous), audited(values)));
        await recordWriting(tx, principal, writingOf(values, noteId, input.writingSeconds));
        return viewOf(tx, principal.firmId, noteId);
      }),

    /** A soft delete: the note and its attachments stay, so the recycle bin can restore them. */
    remove: (principal: FirmPrincipal, noteId: string): Promise<void> =>
      database.withFirm(principal.firmId, async (tx) => {
        const previous = await lockProgressNote(tx, principal.firmId, noteId);
        if (!previous) throw notFound('Progress note');
        await setProgressNoteDeleted(tx, principal.firmId, noteId, principal.userId);
        await recordAuditEvent(tx, principal, 'progressNote.deleted', noteId, { before: audited(previous) });
      }),

    page: (principal: FirmPrincipal, query: ParsedListQuery): Promise<ProgressNotePage> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const { rows, ...total } = await readListPage(tx, progressNoteList, principal.firmId, requestOf(query), query);
          return { data: rows.map(listItemOf), page: query.page, size: query.size, ...total };
        },
        READ_ONLY,
      ),

    /** The whole filtered list as CSV, one snapshot, streamed, each note's whole plain text included. */
    csv: (principal: FirmPrincipal, query: ParsedListQuery): Promise<Readable> =>
      streamListCsv(database, principal.firmId, progressNoteCsvList, requestOf(query), progressNoteCsv),
  };
}
