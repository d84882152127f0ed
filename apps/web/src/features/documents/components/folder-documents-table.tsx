import { Anchor, Group, Table, Text } from '@mantine/core';
import { type DOCUMENT_SORT_COLUMNS, formatFileSize, type DocumentListItem } from '@matterhorn/shared';
import { Link } from 'react-router';
import { SortableTable, type ColumnSort, type SortableColumn } from '../../../components/list-kit/sortable-table.tsx';
import { displayDate, documentTypeName } from '../utils/document-display.ts';
import { DocumentStatusBadges } from './document-status-badges.tsx';
import { DocumentTypeIcon } from './document-type-icon.tsx';
import { ItemActionsMenu, type ItemAction } from './item-actions-menu.tsx';

export type DocumentSortColumn = (typeof DOCUMENT_SORT_COLUMNS)[number];

const COLUMNS: readonly SortableColumn<DocumentSortColumn>[] = [
  { label: 'Name', sortColumn: 'name' },
  { label: 'Size', sortColumn: 'sizeBytes', align: 'right' },
  { label: 'Type' },
  { label: 'Version', align: 'right' },
  { label: 'Updated', sortColumn: 'updatedAt' },
  { label: 'Status' },
];

export type FolderDocumentsTableProps = {
  documents: DocumentListItem[];
  sort: ColumnSort<DocumentSortColumn>;
  onSort: (column: DocumentSortColumn) => void;
  actionsFor: (document: DocumentListItem) => ItemAction[];
};

/** A folder's documents: scrolls sideways on a phone rather than squeezing its columns. */
export function FolderDocumentsTable({ documents, sort, onSort, actionsFor }: FolderDocumentsTableProps) {
  return (
    <SortableTable
      label="Documents"
      testId="folder-documents"
      minWidth={760}
      columns={COLUMNS}
      sort={sort}
      onSort={onSort}
      hasActions
      rows={documents}
      emptyText="No documents here."
      renderRow={(document) => (
        <Table.Tr key={document.id}>
          <Table.Td>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <DocumentTypeIcon contentType={document.contentType} />
              {/* A file name without spaces may break anywhere rather than widen the list past the screen. */}
              <Anchor component={Link} to={`/documents/document/${document.id}`} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {document.name}
              </Anchor>
            </Group>
          </Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {formatFileSize(document.sizeBytes)}
          </Table.Td>
          <Table.Td>{documentTypeName(document.contentType)}</Table.Td>
          <Table.Td ta="right">{document.currentVersionNumber}</Table.Td>
          <Table.Td>
            <Text size="sm">{displayDate(document.updatedAt)}</Text>
          </Table.Td>
          <Table.Td>
            <DocumentStatusBadges document={document} />
          </Table.Td>
          <Table.Td>
            <ItemActionsMenu name={document.name} actions={actionsFor(document)} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
