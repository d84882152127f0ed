import {
  PROGRESS_NOTE_BODY_MAX,
  PROGRESS_NOTE_MESSAGES,
  progressNoteInputSchema,
  todayIso,
  type ProgressNote,
  type ProgressNoteInput,
} from '@matterhorn/shared';
import { z } from 'zod';

/** The form's fields as the inputs hold them: text, '' when empty (date ISO, body the editor's HTML). */
export type ProgressNoteFormValues = {
  clientId: string;
  matterId: string;
  noteDate: string;
  title: string;
  /** '' while the editor is empty, so "Note is required" can say so. */
  body: string;
  isSharedWithClient: boolean;
};

/** The contract's rules and messages, plus a note that says something (the editor's empty `<p></p>` is ''). */
export const progressNoteFormSchema = progressNoteInputSchema.extend({
  clientId: z.string(),
  body: z
    .string()
    .trim()
    .min(1, PROGRESS_NOTE_MESSAGES.bodyRequired)
    .max(PROGRESS_NOTE_BODY_MAX, `Note must be at most ${PROGRESS_NOTE_BODY_MAX} characters`),
});

export function newProgressNoteValues(defaults: { clientId?: string; matterId?: string } = {}): ProgressNoteFormValues {
  return {
    clientId: defaults.clientId ?? '',
    matterId: defaults.matterId ?? '',
    noteDate: todayIso(),
    title: '',
    body: '',
    isSharedWithClient: false,
  };
}

export function progressNoteValues(note: ProgressNote): ProgressNoteFormValues {
  return {
    clientId: note.clientId,
    matterId: note.matterId,
    noteDate: note.noteDate.slice(0, 10),
    title: note.title,
    body: note.bodyHtml,
    isSharedWithClient: note.isSharedWithClient,
  };
}

/** The request body (create/update-progress-note); the server sanitises the HTML before storing it. */
export function progressNoteInputFrom(values: ProgressNoteFormValues): ProgressNoteInput {
  return {
    clientId: values.clientId === '' ? null : values.clientId,
    matterId: values.matterId,
    noteDate: values.noteDate,
    title: values.title.trim(),
    body: values.body,
    isSharedWithClient: values.isSharedWithClient,
  };
}
