import { progressNoteListRoute, type ProgressNoteListQuery } from '@matterhorn/shared';
import { contractUrl } from '../../../lib/api/call-contract.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { progressNoteListParams } from './progress-note-list.ts';

/** The filtered list as CSV: the same filter and order with IsDownlodCsv=true (SPEC.md's spelling), no paging. */
export function progressNotesCsvUrl(query: ProgressNoteListQuery): string {
  const { page: _page, size: _size, ...filters } = query;
  return contractUrl(progressNoteListRoute, { query: progressNoteListParams({ ...filters, IsDownlodCsv: true }) });
}

export const downloadProgressNotesCsv = (query: ProgressNoteListQuery): Promise<void> =>
  downloadCsv(progressNotesCsvUrl(query), 'progress-notes.csv');
