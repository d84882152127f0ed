import { Button, Group, Stack } from '@mantine/core';
import { hasPermissions, type ProgressNoteListItem } from '@matterhorn/shared';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ListResults } from '../../../components/list-results.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadProgressNotesCsv } from '../api/download-progress-notes-csv.ts';
import { useProgressNotePage } from '../api/progress-note-list.ts';
import { editProgressNotePath } from '../utils/progress-note-display.ts';
import {
  LIST_PARAMS,
  nextSort,
  progressNoteListQueryFrom,
  sortFrom,
  withListParams,
  type ListParamChanges,
} from '../utils/progress-note-list-params.ts';
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
  const [searchParams, setSearchParams] = useSearchParams();
  const [isDownloading, setIsDownloading] = useState(false);
  const [deleting, setDeleting] = useState<ProgressNoteListItem | null>(null);

  const query = progressNoteListQueryFrom(searchParams, matterId);
  const sort = sortFrom(searchParams);
  const rows = useProgressNotePage(query);
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  const read = (name: keyof typeof LIST_PARAMS) => searchParams.get(LIST_PARAMS[name]) ?? '';
  const filters: ProgressNoteFilterValues = {
    search: read('search'),
    clientId: matterId ? '' : (query.ClientId ?? ''),
    matterId: matterId ? '' : (query.MatterId ?? ''),
    author: query.AuthorUserId ?? '',
    from: query.FromDate ?? '',
    to: query.ToDate ?? '',
    shared: query.IsSharedWithClient ?? '',
  };
  const page = Number(query.page ?? 1);
  const size = Number(query.size ?? 20);

  const change = (changes: ListParamChanges) => setSearchParams((previous) => withListParams(previous, changes), { replace: true });

  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadProgressNotesCsv(query);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Download failed');
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <ProgressNoteFilters values={filters} onChange={change} hideMatterFilters={matterId !== undefined} />
      <Group justify="flex-end">
        <Button variant="default" loading={isDownloading} onClick={() => void download()}>
          Download CSV
        </Button>
      </Group>
      <ListResults
        result={rows}
        page={page}
        size={size}
        noun={{ one: 'progress note', many: 'progress notes' }}
        countTestId="progress-note-count"
        onPageChange={(next) => change({ page: String(next) })}
        onSizeChange={(next) => change({ size: String(next) })}
      >
        {(pageRows) => (
          <ProgressNotesTable
            notes={pageRows}
            sort={sort}
            onSort={(column) => {
              const next = nextSort(sort, column);
              change({ sortColumn: next.column, sortType: next.type });
            }}
            hideMatterColumns={matterId !== undefined}
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
          if (rows.data && rows.data.data.length === 1 && page > 1) change({ page: String(page - 1) });
        }}
      />
    </Stack>
  );
}
