import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { clients, matters, progressNoteAttachments, progressNotes, users } from '../../db/schema/index.ts';
import { declareList, type ListRequest } from '../../platform/lists/list-declaration.ts';
import { nameByKey, sortByName } from '../../platform/lists/list-names.ts';

export type ProgressNoteValues = {
  clientId: string;
  matterId: string;
  noteDate: string;
  title: string;
  bodyHtml: string;
  bodyText: string;
  isSharedWithClient: boolean;
};

/** The matter a note would go on, in the firm, with its client and liveness; null when it is not the firm's. */
export async function findMatterReference(tx: Tx, firmId: string, matterId: string) {
  const [row] = await tx
    .select({
      clientId: matters.clientId,
      isLive: sql<boolean>`${matters.deletedAt} is null and ${matters.clientDeletedAt} is null`,
    })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.id, matterId)));
  return row ?? null;
}

export async function insertProgressNote(tx: Tx, firmId: string, authorUserId: string, values: ProgressNoteValues) {
  const [row] = await tx
    .insert(progressNotes)
    .values({ firmId, authorUserId, ...values })
    .returning({ id: progressNotes.id });
  return row!.id;
}

/** The live note, locked for the change about to be made to it (or to its attachments). */
export async function lockProgressNote(tx: Tx, firmId: string, noteId: string) {
  const [row] = await tx
    .select()
    .from(progressNotes)
    .where(and(eq(progressNotes.firmId, firmId), eq(progressNotes.id, noteId), isNull(progressNotes.deletedAt)))
    .for('update');
  return row ?? null;
}

export async function updateProgressNote(tx: Tx, firmId: string, noteId: string, values: ProgressNoteValues) {
  await tx
    .update(progressNotes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(progressNotes.firmId, firmId), eq(progressNotes.id, noteId)));
}

export async function setProgressNoteDeleted(tx: Tx, firmId: string, noteId: string, deletedByUserId: string) {
  await tx
    .update(progressNotes)
    .set({ deletedAt: sql`now()`, deletedByUserId })
    .where(and(eq(progressNotes.firmId, firmId), eq(progressNotes.id, noteId)));
}

/** The longest excerpt a list row reads of the body: a little over what it shows, to cut at a word. */
const EXCERPT_READ = 240;

const columns = {
  id: progressNotes.id,
  noteDate: progressNotes.noteDate,
  clientId: progressNotes.clientId,
  clientName: nameByKey<string>(clients, clients.displayName, progressNotes.clientId),
  matterId: progressNotes.matterId,
  matterName: nameByKey<string>(matters, matters.matterName, progressNotes.matterId),
  matterNumber: nameByKey<string | null>(matters, matters.matterNumber, progressNotes.matterId),
  title: progressNotes.title,
  authorUserId: progressNotes.authorUserId,
  authorName: nameByKey<string>(users, users.name, progressNotes.authorUserId),
  isSharedWithClient: progressNotes.isSharedWithClient,
  excerpt: sql<string>`left(${progressNotes.bodyText}, ${sql.raw(String(EXCERPT_READ))})`,
  attachmentCount: sql<number>`(select count(*)::int from ${progressNoteAttachments} attachment
    where attachment.firm_id = "progress_notes"."firm_id" and attachment.progress_note_id = "progress_notes"."id"
    and attachment.deleted_at is null)`,
  createdAt: progressNotes.createdAt,
};

export type ProgressNoteListFilters = {
  clientId?: string | undefined;
  matterId?: string | undefined;
  authorUserId?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  isSharedWithClient?: boolean | undefined;
};
export type ProgressNoteSortColumn = 'noteDate' | 'title' | 'clientName' | 'matterName' | 'authorName' | 'createdAt';
export type ProgressNoteListRequest = ListRequest<ProgressNoteListFilters, ProgressNoteSortColumn>;

/**
 * Progress notes, newest date first (progress_notes_firm_date_idx's order; the matter, client and
 * author filters have their own indexes in that order). A search matches the title and body
 * (search_text, trigram-indexed) only: the matter and client have their own filters, and an OR
 * through the matters' names (as flat fees search) leaves the planner blind to how rare a term
 * is, so that in a firm of few matters a rare term walked all 300,000 notes (2 s, not 25 ms).
 */
export const progressNoteList = declareList({
  table: progressNotes,
  live: isNull(progressNotes.deletedAt),
  filters: {
    clientId: (clientId: string) => eq(progressNotes.clientId, clientId),
    matterId: (matterId: string) => eq(progressNotes.matterId, matterId),
    authorUserId: (userId: string) => eq(progressNotes.authorUserId, userId),
    fromDate: (date: string) => gte(progressNotes.noteDate, date),
    toDate: (date: string) => lte(progressNotes.noteDate, date),
    isSharedWithClient: (isShared: boolean) => eq(progressNotes.isSharedWithClient, isShared),
  },
  search: [progressNotes.searchText],
  sorts: {
    noteDate: { keys: [{ key: progressNotes.noteDate }, { key: progressNotes.createdAt }] },
    createdAt: { keys: [{ key: progressNotes.createdAt }] },
    title: { keys: [{ key: progressNotes.title }] },
    clientName: sortByName(clients, clients.displayName, progressNotes.clientId),
    matterName: sortByName(matters, matters.matterName, progressNotes.matterId),
    authorName: sortByName(users, users.name, progressNotes.authorUserId),
  },
  columns,
  isDescendingNullsLast: true,
});

/** The same list as the CSV reads it: the whole plain text of each note, which a page never carries. */
export const progressNoteCsvList = { ...progressNoteList, columns: { ...columns, bodyText: progressNotes.bodyText } };

/** One live note with its names and its whole body. */
export async function findProgressNoteDetail(tx: Tx, firmId: string, noteId: string) {
  const [row] = await tx
    .select({ ...columns, bodyHtml: progressNotes.bodyHtml, bodyText: progressNotes.bodyText, updatedAt: progressNotes.updatedAt })
    .from(progressNotes)
    .where(and(eq(progressNotes.firmId, firmId), eq(progressNotes.id, noteId), isNull(progressNotes.deletedAt)));
  return row ?? null;
}
