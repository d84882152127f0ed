import { Anchor, Badge, Table } from '@mantine/core';
import type { MatterSummary } from '@matterhorn/shared';
import { Link } from 'react-router';
import type { ColumnSort } from '../../../components/list-kit/list-params.ts';
import { SortableTable, type SortableColumn } from '../../../components/list-kit/sortable-table.tsx';
import { displayDate } from '../utils/matter-display.ts';
import type { MatterSortColumn } from '../utils/matter-list-params.ts';

const COLUMNS: SortableColumn<MatterSortColumn>[] = [
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
  sort: ColumnSort<MatterSortColumn>;
  onSort: (column: MatterSortColumn) => void;
};

/** The matter list: sortable headers (a button each, aria-sort on the column) and rows linking to the matter. */
export function MattersTable({ matters, sort, onSort }: MattersTableProps) {
  return (
    <SortableTable
      label="Matters"
      testId="matters-table"
      minWidth={820}
      columns={COLUMNS}
      sort={sort}
      onSort={onSort}
      hasActions={false}
      rows={matters}
      emptyText="No matter found."
      renderRow={(matter) => (
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
      )}
    />
  );
}
