import { Group, Table, UnstyledButton } from '@mantine/core';

export type ColumnSort<Column extends string> = { column: Column; type: 'asc' | 'desc' };

export type SortableHeaderProps<Column extends string> = {
  label: string;
  column?: Column | undefined;
  sort: ColumnSort<Column>;
  onSort: (column: Column) => void;
  align?: 'left' | 'right';
};

/** A list's column header: a button when the column sorts, with aria-sort on the sorted column. */
export function SortableHeader<Column extends string>({ label, column, sort, onSort, align = 'left' }: SortableHeaderProps<Column>) {
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
