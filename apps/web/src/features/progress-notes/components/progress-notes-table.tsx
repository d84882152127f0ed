import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import type { ProgressNoteListItem } from '@matterhorn/shared';
import { Link } from 'react-router';
import { SortableTable, type SortableColumn } from '../../../components/list-kit/sortable-table.tsx';
import { formatNoteDate, progressNoteName, viewProgressNotePath } from '../utils/progress-note-display.ts';
import type { ProgressNoteSort, ProgressNoteSortColumn } from '../utils/progress-note-list-params.ts';

export const EMPTY_TEXT = 'No progress note found.';

type Column = SortableColumn<ProgressNoteSortColumn> & { isMatterColumn?: boolean };

const COLUMNS: Column[] = [
  { label: 'Date', sortColumn: 'noteDate' },
  { label: 'Title', sortColumn: 'title' },
  { label: 'Matter', sortColumn: 'matterName', isMatterColumn: true },
  { label: 'Client', sortColumn: 'clientName', isMatterColumn: true },
  { label: 'Author', sortColumn: 'authorName' },
  { label: 'Shared' },
  { label: 'Attachments', align: 'right' },
  { label: 'Excerpt' },
];

export type ProgressNotesTableProps = {
  notes: ProgressNoteListItem[];
  sort: ProgressNoteSort;
  onSort: (column: ProgressNoteSortColumn) => void;
  onEdit?: ((note: ProgressNoteListItem) => void) | undefined;
  onDelete?: ((note: ProgressNoteListItem) => void) | undefined;
  /** Inside a matter's view the matter and client columns would repeat the page's own. */
  hideMatterColumns?: boolean;
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
export function ProgressNotesTable({ notes, sort, onSort, onEdit, onDelete, hideMatterColumns = false }: ProgressNotesTableProps) {
  const columns = COLUMNS.filter((column) => !(hideMatterColumns && column.isMatterColumn));
  return (
    <SortableTable
      label="Progress notes"
      testId="progress-notes-table"
      // Under this width (a phone) the table scrolls inside its card.
      minWidth={hideMatterColumns ? 760 : 1040}
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
            <Table.Td maw={220}>
              <Anchor component={Link} to={viewProgressNotePath(note.id)} size="sm">
                {note.title}
              </Anchor>
            </Table.Td>
            {!hideMatterColumns && (
              <Table.Td maw={180}>
                <Anchor component={Link} to={`/matter/${note.matterId}`} size="sm" title={note.matterName}>
                  {note.matterNumber ? `${note.matterNumber} · ${note.matterName}` : note.matterName}
                </Anchor>
              </Table.Td>
            )}
            {!hideMatterColumns && (
              <Table.Td maw={150}>
                <Text size="sm" truncate="end" title={note.clientName}>
                  {note.clientName}
                </Text>
              </Table.Td>
            )}
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{note.authorName}</Table.Td>
            <Table.Td>
              <SharedBadge isShared={note.isSharedWithClient} />
            </Table.Td>
            <Table.Td ta="right">{note.attachmentCount}</Table.Td>
            <Table.Td maw={320}>
              <Text size="sm" lineClamp={2} miw={160} title={note.excerpt}>
                {note.excerpt}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap={6} justify="flex-end" wrap="nowrap">
                <Button size="xs" variant="subtle" component={Link} to={viewProgressNotePath(note.id)} aria-label={`View ${name}`}>
                  View
                </Button>
                {onEdit && (
                  <Button size="xs" variant="default" onClick={() => onEdit(note)} aria-label={`Edit ${name}`}>
                    Edit
                  </Button>
                )}
                {onDelete && (
                  <Button size="xs" variant="light" color="red" onClick={() => onDelete(note)} aria-label={`Delete ${name}`}>
                    Delete
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      }}
    />
  );
}
