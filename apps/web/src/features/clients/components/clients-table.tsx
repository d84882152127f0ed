import { Anchor, Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { isoToDisplayDate, type ClientSummary } from '@matterhorn/shared';
import { Link } from 'react-router';
import type { ClientSortColumn } from '../utils/client-list-params.ts';

type ClientsTableProps = {
  clients: ClientSummary[];
  sort: ClientSortColumn;
  order: 'asc' | 'desc';
  onSort: (column: ClientSortColumn) => void;
  isRefreshing: boolean;
};

function SortableHeader({
  column,
  label,
  sort,
  order,
  onSort,
}: { column: ClientSortColumn; label: string } & Pick<ClientsTableProps, 'sort' | 'order' | 'onSort'>) {
  const isSorted = sort === column;
  return (
    <Table.Th aria-sort={isSorted ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <span aria-hidden="true">{isSorted ? (order === 'asc' ? '▲' : '▼') : '↕'}</span>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function ClientsTable({ clients, sort, order, onSort, isRefreshing }: ClientsTableProps) {
  const header = { sort, order, onSort };
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label="Clients" aria-busy={isRefreshing} highlightOnHover style={{ opacity: isRefreshing ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <SortableHeader column="name" label="Name" {...header} />
            <SortableHeader column="clientType" label="Type" {...header} />
            <SortableHeader column="status" label="Status" {...header} />
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Open matters</Table.Th>
            <SortableHeader column="createdAt" label="Created" {...header} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client) => (
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
              <Table.Td>{client.email ?? <Text c="dimmed">—</Text>}</Table.Td>
              <Table.Td>{client.phone ?? <Text c="dimmed">—</Text>}</Table.Td>
              <Table.Td>{client.openMatterCount}</Table.Td>
              <Table.Td>{isoToDisplayDate(client.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
