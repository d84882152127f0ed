import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { ActionsHeader } from '../row-actions.tsx';
import type { ColumnSort } from './list-params.ts';

export type { ColumnSort };

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

export type SortableColumn<Column extends string> = { label: string; sortColumn?: Column | undefined; align?: 'left' | 'right' };

export type SortableTableProps<Column extends string, Row> = {
  /** The table's accessible name, e.g. 'Flat fees'. */
  label: string;
  testId: string;
  /** Under this width the table scrolls inside its card instead of squeezing its columns. */
  minWidth: number;
  columns: readonly SortableColumn<Column>[];
  sort: ColumnSort<Column>;
  onSort: (column: Column) => void;
  /** Adds the row-actions column (its header; each row renders its own buttons). */
  hasActions: boolean;
  rows: readonly Row[];
  emptyText: string;
  renderRow: (row: Row) => ReactNode;
  /** While the next page loads over this one: dimmed and marked busy. */
  isRefreshing?: boolean;
};

/** A list's table: sortable headers, an actions column when rows have any, a line when there are no rows. */
export function SortableTable<Column extends string, Row>({
  label,
  testId,
  minWidth,
  columns,
  sort,
  onSort,
  hasActions,
  rows,
  emptyText,
  renderRow,
  isRefreshing = false,
}: SortableTableProps<Column, Row>) {
  return (
    // Empty, it fits the screen: a message centred across the scrolled width would be cut off on a phone.
    <Table.ScrollContainer minWidth={rows.length === 0 ? 0 : minWidth}>
      <Table
        striped
        highlightOnHover
        aria-label={label}
        data-testid={testId}
        aria-busy={isRefreshing || undefined}
        style={isRefreshing ? { opacity: 0.6 } : undefined}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <SortableHeader
                key={column.label}
                label={column.label}
                column={column.sortColumn}
                align={column.align}
                sort={sort}
                onSort={onSort}
              />
            ))}
            {hasActions && <ActionsHeader />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length + (hasActions ? 1 : 0)}>
                <Text c="dimmed" ta="center" py="md">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map(renderRow)
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
