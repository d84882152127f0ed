import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { ProgressNoteListItem } from '@matterhorn/shared';
import { Link } from 'react-router';
import { SortableTable, type SortableColumn } from '../../../components/list-kit/sortable-table.tsx';
import { RowIconActions } from '../../../components/row-icon-actions.tsx';
import { formatNoteDate, progressNoteName, viewProgressNotePath } from '../utils/progress-note-display.ts';
import type { ProgressNoteSort, ProgressNoteSortColumn } from '../utils/progress-note-list-params.ts';

export const EMPTY_TEXT = 'No progress note found.';

type ColumnKey = 'date' | 'title' | 'matter' | 'client' | 'author' | 'shared' | 'attachments' | 'excerpt';
type Column = SortableColumn<ProgressNoteSortColumn> & { key: ColumnKey };

const COLUMNS: Column[] = [
  { key: 'date', label: 'Date', sortColumn: 'noteDate' },
  { key: 'title', label: 'Title', sortColumn: 'title' },
  { key: 'matter', label: 'Matter', sortColumn: 'matterName' },
  { key: 'client', label: 'Client', sortColumn: 'clientName' },
  { key: 'author', label: 'Author', sortColumn: 'authorName' },
  { key: 'shared', label: 'Shared' },
  { key: 'attachments', label: 'Attachments', align: 'right' },
  { key: 'excerpt', label: 'Excerpt' },
];

/**
 * On a narrower screen (1280 px) the client folds under the matter, the author under the title and
 * the attachments' count under the excerpt; the client's and the author's sort buttons go with them.
 */
function columnsFor(isFolded: boolean, hideMatterColumns: boolean): Column[] {
  const folded: readonly ColumnKey[] = isFolded ? ['client', 'author', 'attachments'] : [];
  return COLUMNS.filter((column) => !(hideMatterColumns && (column.key === 'matter' || column.key === 'client')))
    .filter((column) => !folded.includes(column.key))
    .map((column) => {
      if (isFolded && column.key === 'matter') return { ...column, alsoSorts: [{ label: 'Client', sortColumn: 'clientName' as const }] };
      if (isFolded && column.key === 'title') return { ...column, alsoSorts: [{ label: 'Author', sortColumn: 'authorName' as const }] };
      return column;
    });
}

const attachmentsText = (count: number) => `${count} ${count === 1 ? 'attachment' : 'attachments'}`;

export type ProgressNotesTableProps = {
  notes: ProgressNoteListItem[];
  sort: ProgressNoteSort;
  onSort: (column: ProgressNoteSortColumn) => void;
  onEdit?: ((note: ProgressNoteListItem) => void) | undefined;
  onDelete?: ((note: ProgressNoteListItem) => void) | undefined;
  /** Inside a matter's view the matter and client columns would repeat the page's own. */
  hideMatterColumns?: boolean;
  /** A narrower screen: client, author and attachments fold into other columns' cells. */
  isFolded?: boolean;
};

export function SharedBadge({ isShared }: { isShared: boolean }) {
  return isShared ? (
    <Badge color="teal" variant="light" style={{ minWidth: 'max-content' }}>
      Shared with client
    </Badge>
  ) : (
    <Badge color="gray" variant="light" style={{ minWidth: 'max-content' }}>
      Internal
    </Badge>
  );
}

/** Progress notes with sortable headers; each row offers View, and Edit/Delete to those allowed. */
export function ProgressNotesTable({
  notes,
  sort,
  onSort,
  onEdit,
  onDelete,
  hideMatterColumns = false,
  isFolded = false,
}: ProgressNotesTableProps) {
  const columns = columnsFor(isFolded, hideMatterColumns);
  const shows = (key: ColumnKey) => columns.some((column) => column.key === key);
  return (
    <SortableTable
      label="Progress notes"
      testId="progress-notes-table"
      // Under this width (a phone) the table scrolls inside its card.
      minWidth={hideMatterColumns ? 640 : 760}
      horizontalSpacing={8}
      columns={columns}
      sort={sort}
      onSort={onSort}
      hasActions
      rows={notes}
      emptyText={EMPTY_TEXT}
      renderRow={(note) => {
        const name = progressNoteName(note);
        return (
          <Table.Tr key={note.id} data-testid={`progress-note-row-${note.id}`}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatNoteDate(note.noteDate)}</Table.Td>
            <Table.Td>
              <Anchor component={Link} to={viewProgressNotePath(note.id)} size="sm" display="block" maw={220}>
                {note.title}
              </Anchor>
              {isFolded && (
                <Text size="xs" c="dimmed">
                  {note.authorName}
                </Text>
              )}
            </Table.Td>
            {shows('matter') && (
              <Table.Td>
                <Anchor component={Link} to={`/matter/${note.matterId}`} size="sm" title={note.matterName} lineClamp={2} maw={200}>
                  {note.matterNumber ? `${note.matterNumber} · ${note.matterName}` : note.matterName}
                </Anchor>
                {isFolded && (
                  <Text size="xs" c="dimmed" lineClamp={2} maw={200} title={note.clientName}>
                    {note.clientName}
                  </Text>
                )}
              </Table.Td>
            )}
            {shows('client') && (
              <Table.Td>
                <Text size="sm" lineClamp={2} maw={150} title={note.clientName}>
                  {note.clientName}
                </Text>
              </Table.Td>
            )}
            {shows('author') && <Table.Td>{note.authorName}</Table.Td>}
            <Table.Td>
              <SharedBadge isShared={note.isSharedWithClient} />
            </Table.Td>
            {shows('attachments') && <Table.Td ta="right">{note.attachmentCount}</Table.Td>}
            <Table.Td>
              <Text size="sm" lineClamp={2} miw={140} maw={300} title={note.excerpt}>
                {note.excerpt}
              </Text>
              {isFolded && note.attachmentCount > 0 && (
                <Text size="xs" c="dimmed">
                  {attachmentsText(note.attachmentCount)}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <RowIconActions
                name={name}
                viewTo={viewProgressNotePath(note.id)}
                onEdit={onEdit ? () => onEdit(note) : undefined}
                onDelete={onDelete ? () => onDelete(note) : undefined}
              />
            </Table.Td>
          </Table.Tr>
        );
      }}
    />
  );
}
