import { Group, Table, UnstyledButton } from '@mantine/core';
import type { ExpenseSort, ExpenseSortColumn } from '../utils/expense-list-params.ts';

export type SortableHeaderProps = {
  label: string;
  column?: ExpenseSortColumn | undefined;
  sort: ExpenseSort;
  onSort: (column: ExpenseSortColumn) => void;
  align?: 'left' | 'right' | undefined;
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
