import { Stack } from '@mantine/core';
import { hasPermissions, type CourtUpdateListItem, type CourtUpdateListQuery } from '@matterhorn/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { useListLayout } from '../../../components/list-kit/use-list-layout.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useCourtUpdatePage } from '../api/court-update-list.ts';
import { editCourtUpdatePath } from '../utils/court-update-display.ts';
import type { CourtUpdateSort, CourtUpdateSortColumn } from '../utils/court-update-list-params.ts';
import { CourtUpdateCards } from './court-update-cards.tsx';
import { CourtUpdatesTable } from './court-updates-table.tsx';
import { DeleteCourtUpdateModal } from './delete-court-update-modal.tsx';

export type CourtUpdateResultsProps = {
  query: CourtUpdateListQuery;
  sort: CourtUpdateSort;
  onSort: (column: CourtUpdateSortColumn) => void;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  hideMatterColumns?: boolean;
};

/** The count, table and pager of one filtered list; Edit opens the edit page, Delete asks first. */
export function CourtUpdateResults({ query, sort, onSort, onPageChange, onSizeChange, hideMatterColumns }: CourtUpdateResultsProps) {
  const session = useSession();
  const navigate = useNavigate();
  const rows = useCourtUpdatePage(query);
  const [deleting, setDeleting] = useState<CourtUpdateListItem | null>(null);
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  const page = Number(query.page ?? 1);
  const size = Number(query.size ?? 20);
  // A phone (390 px) gets cards: a table there would hide the next date a scroll away; 1280 px folds the client under the matter.
  const layout = useListLayout();
  const onEdit = can('courtUpdate.edit') ? (update: CourtUpdateListItem) => navigate(editCourtUpdatePath(update.id)) : undefined;
  const onDelete = can('courtUpdate.delete') ? setDeleting : undefined;

  return (
    <Stack gap="md">
      <ListResults
        result={rows}
        page={page}
        size={size}
        noun={{ one: 'court update', many: 'court updates' }}
        countTestId="court-update-count"
        onPageChange={onPageChange}
        onSizeChange={onSizeChange}
      >
        {(pageRows) =>
          layout === 'cards' ? (
            <CourtUpdateCards updates={pageRows} hideMatterColumns={hideMatterColumns} onEdit={onEdit} onDelete={onDelete} />
          ) : (
            <CourtUpdatesTable
              updates={pageRows}
              sort={sort}
              onSort={onSort}
              hideMatterColumns={hideMatterColumns}
              isFolded={layout === 'folded'}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          )
        }
      </ListResults>
      <DeleteCourtUpdateModal
        update={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          // The page's only row went: show the page before it rather than an empty one.
          if (rows.data && rows.data.data.length === 1 && page > 1) onPageChange(page - 1);
        }}
      />
    </Stack>
  );
}
