import {
  progressNotePageSchema,
  progressNoteSchema,
  type ProgressNote,
  type ProgressNoteListItem,
  type ProgressNotePage,
} from '@matterhorn/shared';
import { contractAnswer } from './contract-answers.ts';
import type { StubAnswer, StubHandler } from './stub-api.ts';

/** The progress-note calls (issue 17), as their full paths. */
export const PROGRESS_NOTE_CALLS = {
  list: '/api/admin/progress-update/get-progress-notes',
  create: '/api/admin/progress-update/create-progress-note',
  get: (id: string) => `/api/admin/progress-update/get-progress-note/${id}`,
  update: (id: string) => `/api/admin/progress-update/update-progress-note/${id}`,
  remove: (id: string) => `/api/admin/progress-update/delete-progress-note/${id}`,
  attachments: (id: string) => `/api/admin/progress-update/progress-note/${id}/attachments`,
  attachment: (id: string, attachmentId: string) => `/api/admin/progress-update/progress-note/${id}/attachments/${attachmentId}`,
};

export const NOTE_ID = 'abababab-abab-4bab-8bab-abababababab';
export const NOTE_CLIENT_ID = '11111111-1111-4111-8111-111111111111';
export const NOTE_MATTER_ID = '55555555-5555-4555-8555-555555555555';
export const NOTE_AUTHOR_ID = '22222222-2222-4222-8222-222222222222';

/** A saved note as get-progress-note answers it (its body already sanitised by the server). */
export function progressNote(overrides: Partial<ProgressNote> = {}): ProgressNote {
  return {
    id: NOTE_ID,
    noteDate: '2024-03-05',
    clientId: NOTE_CLIENT_ID,
    clientName: 'Ada Lovelace',
    matterId: NOTE_MATTER_ID,
    matterName: 'Share purchase agreement',
    matterNumber: 'MAT-00002',
    title: 'Call with the other side',
    bodyHtml: '<p>They accept the <strong>price</strong>.</p>',
    bodyText: 'They accept the price.',
    authorUserId: NOTE_AUTHOR_ID,
    authorName: 'Grace Hopper',
    isSharedWithClient: false,
    attachments: [],
    createdAt: '2024-03-05T10:00:00Z',
    updatedAt: '2024-03-05T10:00:00Z',
    ...overrides,
  };
}

export function progressNoteListItem(overrides: Partial<ProgressNoteListItem> = {}): ProgressNoteListItem {
  const { bodyHtml: _html, bodyText, attachments, updatedAt: _updatedAt, ...item } = progressNote();
  return { ...item, excerpt: bodyText, attachmentCount: attachments.length, ...overrides };
}

/** Answers checked against the shared contract: a fixture that drifts from the API's schema fails. */
export const progressNoteAnswers = {
  note: (note: ProgressNote = progressNote()): StubAnswer => contractAnswer(progressNoteSchema, note),
  page: (rows: ProgressNoteListItem[], extra: Partial<ProgressNotePage> = {}): StubAnswer =>
    contractAnswer(progressNotePageSchema, { data: rows, page: 1, size: 20, totalCount: rows.length, ...extra }),
};

/** Every progress-note call answered as a happy API would, for tests to override one by one. */
export function progressNoteHandlers(note: ProgressNote = progressNote()): Record<string, StubHandler> {
  return {
    [`GET ${PROGRESS_NOTE_CALLS.list}`]: () => progressNoteAnswers.page([progressNoteListItem()]),
    [`POST ${PROGRESS_NOTE_CALLS.create}`]: () => ({ ...progressNoteAnswers.note(note), message: 'Progress note added' }),
    [`GET ${PROGRESS_NOTE_CALLS.get(note.id)}`]: () => progressNoteAnswers.note(note),
    [`PUT ${PROGRESS_NOTE_CALLS.update(note.id)}`]: () => ({ ...progressNoteAnswers.note(note), message: 'Progress note updated' }),
    [`DELETE ${PROGRESS_NOTE_CALLS.remove(note.id)}`]: { data: null, message: 'Progress note deleted' },
    [`POST ${PROGRESS_NOTE_CALLS.attachments(note.id)}`]: () => progressNoteAnswers.note(note),
  };
}
