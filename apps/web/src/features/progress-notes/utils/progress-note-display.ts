import { isoToDisplayDate } from '@matterhorn/shared';

/** ISO date to DD/MM/YYYY (SPEC.md §2). */
export function formatNoteDate(iso: string): string {
  return isoToDisplayDate(iso.slice(0, 10)) || iso;
}

export const viewProgressNotePath = (id: string) => `/view/progress-note?id=${encodeURIComponent(id)}`;
export const editProgressNotePath = (id: string) => `/progress-update/edit-progress-note/${encodeURIComponent(id)}`;
export const addProgressNotePath = (matterId?: string) =>
  `/progress-update/add-progress-update${matterId ? `?matterId=${encodeURIComponent(matterId)}` : ''}`;
export const PROGRESS_NOTES_PATH = '/progress-update?activeTab=progress-notes';

/** How a note is read out in buttons: "progress note 05/03/2024 Call with the other side". */
export function progressNoteName(note: { noteDate: string; title: string }): string {
  return `progress note ${formatNoteDate(note.noteDate)} ${note.title}`;
}
