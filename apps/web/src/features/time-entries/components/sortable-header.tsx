import { Group, Table, UnstyledButton } from '@mantine/core';
import type { TimeEntrySort, TimeEntrySortColumn } from '../utils/time-entry-list-params.ts';

export type SortableHeaderProps = {
  label: string;
  column?: TimeEntrySortColumn | undefined;
  sort: TimeEntrySort;
  onSort: (column: TimeEntrySortColumn) => void;
  align?: 'left' | 'right';
};

/** A column header: a button when the column sorts, with aria-sort on the sorted column. */
export function SortableHeader({ label, column, sort, onSort, align = 'left' }: SortableHeaderProps) {
  const isSorted = column !== undefined && sort.column === column;
  return (
    <Table.Th scope="col" ta={align} aria-sort={isSorted ? (sort.type === 'asc' ? 'ascending' : 'descending') : undefined}>
      {column ? (
        <UnstyledButton onClick={() => onSort(column)} fw={600} fz="sm">
          <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
            {label}
            <span aria-hidden>{isSorted ? (sort.type === 'asc' ? '▲' : '▼') : '↕'}</span>
          </Group>
        </UnstyledButton>
      ) : (
        label
      )}
    </Table.Th>
  );
}
