import { Anchor, Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { MatterSummary } from '@matterhorn/shared';
import { Link } from 'react-router';
import { displayDate } from '../utils/matter-display.ts';

export type MatterSortColumn = 'matterNumber' | 'matterName' | 'clientName' | 'matterOpenDate' | 'status';
type SortState = { sortColumn: string; sortType: 'asc' | 'desc' };

const COLUMNS: { label: string; sortColumn?: MatterSortColumn }[] = [
  { label: 'Number', sortColumn: 'matterNumber' },
  { label: 'Matter', sortColumn: 'matterName' },
  { label: 'Client', sortColumn: 'clientName' },
  { label: 'Billing type' },
  { label: 'Fee earners' },
  { label: 'Open date', sortColumn: 'matterOpenDate' },
  { label: 'Status', sortColumn: 'status' },
];

export type MattersTableProps = {
  matters: MatterSummary[];
  sort: SortState;
  onSort: (column: MatterSortColumn) => void;
};

/** The matter list: sortable headers (a button each, aria-sort on the column) and rows linking to the matter. */
export function MattersTable({ matters, sort, onSort }: MattersTableProps) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover aria-label="Matters">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => {
              const isSorted = column.sortColumn !== undefined && sort.sortColumn === column.sortColumn;
              const direction = sort.sortType === 'asc' ? 'ascending' : 'descending';
              return (
                <Table.Th key={column.label} scope="col" aria-sort={isSorted ? direction : undefined}>
                  {column.sortColumn ? (
                    <UnstyledButton onClick={() => onSort(column.sortColumn as MatterSortColumn)} fw={600} fz="sm">
                      <Group gap={4} wrap="nowrap">
                        {column.label}
                        <span aria-hidden>{isSorted ? (sort.sortType === 'asc' ? '▲' : '▼') : '↕'}</span>
                      </Group>
                    </UnstyledButton>
                  ) : (
                    column.label
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {matters.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>
                <Text c="dimmed" ta="center" py="md">
                  No matter found.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            matters.map((matter) => (
              <Table.Tr key={matter.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/matter/${matter.id}`} size="sm" tabIndex={-1}>
                    {matter.matterNumber ?? '—'}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/matter/${matter.id}`} size="sm" fw={500}>
                    {matter.matterName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{matter.clientName}</Table.Td>
                <Table.Td>{matter.matterRate}</Table.Td>
                <Table.Td>{matter.assignedTo.map((assignee) => assignee.name).join(', ') || '—'}</Table.Td>
                <Table.Td>{displayDate(matter.matterOpenDate)}</Table.Td>
                <Table.Td>
                  <Badge color={matter.status === 'Open' ? 'green' : 'gray'} variant="light">
                    {matter.status}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
