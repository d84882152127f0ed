import { Group, Table, Text, UnstyledButton, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ActionsHeader } from '../row-actions.tsx';
import type { ColumnSort } from './list-params.ts';

export type { ColumnSort };

/** A column folded into another's cells on a narrower screen: its sort button moves under that column's label. */
export type FoldedSort<Column extends string> = { label: string; sortColumn: Column };

export type SortableHeaderProps<Column extends string> = {
  label: string;
  column?: Column | undefined;
  /** The columns folded into this one, sortable from its header. */
  alsoSorts?: readonly FoldedSort<Column>[] | undefined;
  sort: ColumnSort<Column>;
  onSort: (column: Column) => void;
  align?: 'left' | 'right';
};

type SortButtonProps<Column extends string> = {
  label: string;
  column: Column;
  sort: ColumnSort<Column>;
  onSort: (column: Column) => void;
  align: 'left' | 'right';
  size: 'sm' | 'xs';
};

/** At least 24 px high (WCAG 2.5.8): a header's own sort button and the folded columns' under it are targets apart. */
const SORT_BUTTON_STYLE = { display: 'inline-flex', alignItems: 'center', minHeight: 24 } as const;

function SortButton<Column extends string>({ label, column, sort, onSort, align, size }: SortButtonProps<Column>) {
  const isSorted = sort.column === column;
  return (
    <UnstyledButton onClick={() => onSort(column)} fw={600} fz={size} style={SORT_BUTTON_STYLE}>
      <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
        {label}
        <span aria-hidden>{isSorted ? (sort.type === 'asc' ? '▲' : '▼') : '↕'}</span>
      </Group>
    </UnstyledButton>
  );
}

/**
 * A list's column header: a button when the column sorts, with aria-sort on the sorted column (or
 * on the column holding the folded column it is sorted by).
 */
export function SortableHeader<Column extends string>({
  label,
  column,
  alsoSorts = [],
  sort,
  onSort,
  align = 'left',
}: SortableHeaderProps<Column>) {
  const isSorted = column === sort.column || alsoSorts.some((folded) => folded.sortColumn === sort.column);
  return (
    <Table.Th scope="col" ta={align} aria-sort={isSorted ? (sort.type === 'asc' ? 'ascending' : 'descending') : undefined}>
      {column ? <SortButton label={label} column={column} sort={sort} onSort={onSort} align={align} size="sm" /> : label}
      {alsoSorts.length > 0 && (
        <Group gap="xs" wrap="wrap" mt={2} justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          {alsoSorts.map((folded) => (
            <SortButton
              key={folded.sortColumn}
              label={folded.label}
              column={folded.sortColumn}
              sort={sort}
              onSort={onSort}
              align={align}
              size="xs"
            />
          ))}
        </Group>
      )}
    </Table.Th>
  );
}

export type SortableColumn<Column extends string> = {
  label: string;
  sortColumn?: Column | undefined;
  align?: 'left' | 'right';
  alsoSorts?: readonly FoldedSort<Column>[] | undefined;
};

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
  /** The cells' padding either side: narrower for a list with many columns. */
  horizontalSpacing?: TableProps['horizontalSpacing'];
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
  horizontalSpacing,
}: SortableTableProps<Column, Row>) {
  return (
    // Empty, it fits the screen: a message centred across the scrolled width would be cut off on a phone.
    <Table.ScrollContainer minWidth={rows.length === 0 ? 0 : minWidth}>
      <Table
        striped
        highlightOnHover
        horizontalSpacing={horizontalSpacing}
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
                alsoSorts={column.alsoSorts}
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
