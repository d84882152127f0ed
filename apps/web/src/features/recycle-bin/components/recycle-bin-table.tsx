import { Table, Text } from '@mantine/core';
import type { RecycleBinEntry } from '@matterhorn/shared';
import { SortableTable } from '../../../components/list-kit/sortable-table.tsx';
import { displayDateTime } from '../../../lib/date-time.ts';
import { daysLeftText } from '../utils/recycle-bin-list-params.ts';
import { RecycleBinItemActions, type RecycleBinItemActionsProps } from './recycle-bin-item-actions.tsx';

/** The columns, in one order for the table and the cards. */
export const RECYCLE_BIN_COLUMNS = [
  { label: 'Type' },
  { label: 'Name' },
  { label: 'Belonged to' },
  { label: 'Deleted by' },
  { label: 'Deleted on' },
  { label: 'Days left' },
] as const;

const ORDER = { column: 'deletedAt', type: 'desc' } as const;

export type RecycleBinRowsProps = Omit<RecycleBinItemActionsProps, 'entry' | 'isRestoring'> & {
  entries: RecycleBinEntry[];
  /** The ids whose restore is running. */
  restoringIds: ReadonlySet<string>;
  /** Shown instead of rows: the bin is empty, or nothing matches the filters. */
  emptyText: string;
};

/** What a deleted item's cells show when it has none ("—"). */
export const orDash = (value: string | null) => value || '—';

/** The deleted items, most recently deleted first (the server's one order), each with its actions. */
export function RecycleBinTable({ entries, restoringIds, emptyText, onRestore, onPurge }: RecycleBinRowsProps) {
  return (
    <SortableTable
      label="Deleted items"
      testId="recycle-bin-table"
      minWidth={900}
      columns={RECYCLE_BIN_COLUMNS}
      sort={ORDER}
      onSort={() => undefined}
      hasActions
      rows={entries}
      emptyText={emptyText}
      renderRow={(entry) => (
        <Table.Tr key={entry.id} data-testid={`recycle-bin-row-${entry.id}`}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.kindLabel}</Table.Td>
          <Table.Td maw={260}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {entry.name}
            </Text>
          </Table.Td>
          <Table.Td maw={220}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {orDash(entry.belongsTo)}
            </Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{orDash(entry.deletedBy)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayDateTime(entry.deletedAt)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }} title={`Deleted for good after ${displayDateTime(entry.purgeAfter)}`}>
            {daysLeftText(entry.daysLeft)}
          </Table.Td>
          <Table.Td>
            <RecycleBinItemActions entry={entry} isRestoring={restoringIds.has(entry.id)} onRestore={onRestore} onPurge={onPurge} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
