import type { ProgressNoteListQuery } from '@matterhorn/shared';
import { API_BASE, buildQueryString } from '../../../lib/api-client.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { PROGRESS_NOTE_LIST_PATH, progressNoteListParams } from './progress-note-list.ts';

/** The filtered list as CSV: the same filter and order with IsDownlodCsv=true (SPEC.md's spelling), no paging. */
export function progressNotesCsvUrl(query: ProgressNoteListQuery): string {
  const { page: _page, size: _size, ...filters } = query;
  return `${API_BASE}${PROGRESS_NOTE_LIST_PATH}${buildQueryString(progressNoteListParams({ ...filters, IsDownlodCsv: true }))}`;
}

export const downloadProgressNotesCsv = (query: ProgressNoteListQuery): Promise<void> =>
  downloadCsv(progressNotesCsvUrl(query), 'progress-notes.csv');
