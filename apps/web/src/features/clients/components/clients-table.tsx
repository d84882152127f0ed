import { Anchor, Badge, Table, Text } from '@mantine/core';
import { isoToDisplayDate, type ClientSummary } from '@matterhorn/shared';
import { Link } from 'react-router';
import type { ColumnSort } from '../../../components/list-kit/list-params.ts';
import { SortableTable, type SortableColumn } from '../../../components/list-kit/sortable-table.tsx';
import type { ClientSortColumn } from '../utils/client-list-params.ts';

const COLUMNS: SortableColumn<ClientSortColumn>[] = [
  { label: 'Name', sortColumn: 'name' },
  { label: 'Type', sortColumn: 'clientType' },
  { label: 'Status', sortColumn: 'status' },
  { label: 'Email' },
  { label: 'Phone' },
  { label: 'Open matters' },
  { label: 'Created', sortColumn: 'createdAt' },
];

type ClientsTableProps = {
  clients: ClientSummary[];
  sort: ColumnSort<ClientSortColumn>;
  onSort: (column: ClientSortColumn) => void;
  isRefreshing: boolean;
};

export function ClientsTable({ clients, sort, onSort, isRefreshing }: ClientsTableProps) {
  return (
    <SortableTable
      label="Clients"
      testId="clients-table"
      minWidth={720}
      columns={COLUMNS}
      sort={sort}
      onSort={onSort}
      hasActions={false}
      rows={clients}
      emptyText="No clients match your search."
      isRefreshing={isRefreshing}
      renderRow={(client) => (
        <Table.Tr key={client.id}>
          <Table.Td>
            <Anchor component={Link} to={`/clients/${client.id}`} fw={500}>
              {client.name}
            </Anchor>
          </Table.Td>
          <Table.Td>{client.clientType === 'company' ? 'Company' : 'Individual'}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={client.status === 'active' ? 'green' : 'gray'}>
              {client.status === 'active' ? 'Active' : 'Archived'}
            </Badge>
          </Table.Td>
          {/* A long address may break anywhere rather than widen the list past the screen. */}
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{client.email ?? <Text c="dimmed">—</Text>}</Table.Td>
          <Table.Td>{client.phone ?? <Text c="dimmed">—</Text>}</Table.Td>
          <Table.Td>{client.openMatterCount}</Table.Td>
          <Table.Td>{isoToDisplayDate(client.createdAt)}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}
