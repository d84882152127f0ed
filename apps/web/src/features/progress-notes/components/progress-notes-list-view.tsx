import { Group, Stack } from '@mantine/core';
import { hasPermissions, type ProgressNoteListItem } from '@matterhorn/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CsvDownloadButton } from '../../../components/list-kit/csv-download-button.tsx';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { useListLayout } from '../../../components/list-kit/use-list-layout.ts';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { downloadProgressNotesCsv } from '../api/download-progress-notes-csv.ts';
import { useProgressNotePage } from '../api/progress-note-list.ts';
import { editProgressNotePath } from '../utils/progress-note-display.ts';
import { PROGRESS_NOTE_LIST, progressNoteListQueryFrom } from '../utils/progress-note-list-params.ts';
import { DeleteProgressNoteModal } from './delete-progress-note-modal.tsx';
import { ProgressNoteFilters, type ProgressNoteFilterValues } from './progress-note-filters.tsx';
import { ProgressNotesTable } from './progress-notes-table.tsx';

/**
 * The Progress Notes tab of /progress-update (or one matter's notes with matterId): filters,
 * search (the global search's `?search=`), sort, paging and CSV, all kept in the URL.
 */
export function ProgressNotesListView({ matterId }: { matterId?: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const list = useListParams(PROGRESS_NOTE_LIST);
  const [deleting, setDeleting] = useState<ProgressNoteListItem | null>(null);

  const query = progressNoteListQueryFrom(list, matterId);
  const rows = useProgressNotePage(query);
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  // Under 1,408 px (and on a phone, where the table scrolls inside its card) the less important columns fold.
  const isFolded = useListLayout() !== 'full';
  const filters: ProgressNoteFilterValues = {
    search: list.filters.search,
    clientId: matterId ? '' : (query.ClientId ?? ''),
    matterId: matterId ? '' : (query.MatterId ?? ''),
    author: query.AuthorUserId ?? '',
    from: query.FromDate ?? '',
    to: query.ToDate ?? '',
    shared: query.IsSharedWithClient ?? '',
  };

  return (
    <Stack gap="md">
      <ProgressNoteFilters values={filters} onChange={list.setFilters} hideMatterFilters={matterId !== undefined} />
      <Group justify="flex-end">
        <CsvDownloadButton download={() => downloadProgressNotesCsv(query)} />
      </Group>
      <ListResults
        result={rows}
        page={list.page}
        size={list.size}
        noun={{ one: 'progress note', many: 'progress notes' }}
        countTestId="progress-note-count"
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
      >
        {(pageRows) => (
          <ProgressNotesTable
            notes={pageRows}
            sort={list.sort}
            onSort={list.sortBy}
            hideMatterColumns={matterId !== undefined}
            isFolded={isFolded}
            onEdit={can('progressNote.edit') ? (note) => navigate(editProgressNotePath(note.id)) : undefined}
            onDelete={can('progressNote.delete') ? setDeleting : undefined}
          />
        )}
      </ListResults>
      <DeleteProgressNoteModal
        note={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          // The page's only row went: show the page before it rather than an empty one.
          if (rows.data && rows.data.data.length === 1 && list.page > 1) list.setPage(list.page - 1);
        }}
      />
    </Stack>
  );
}
