import { Anchor, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import type { ClientDetail } from '@matterhorn/shared';
import { Link } from 'react-router';

/** The client's matters, each linking to its matter view, and a way to open a new one. */
export function ClientMatters({ client, canAddMatter }: { client: ClientDetail; canAddMatter: boolean }) {
  return (
    <Card withBorder component="section" aria-label="Matters">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Matters
        </Title>
        {canAddMatter && (
          <Button component={Link} to={`/matter/add-new-matter?clientId=${encodeURIComponent(client.id)}`} size="xs" variant="light">
            Add matter
          </Button>
        )}
      </Group>
      {client.matters.length === 0 ? (
        <Text size="sm" c="dimmed">
          No matters for this client yet.
        </Text>
      ) : (
        <Table aria-label="Client matters">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Matter</Table.Th>
              <Table.Th>Billing type</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {client.matters.map((matter) => (
              <Table.Tr key={matter.id}>
                <Table.Td>{matter.matterNumber ?? '—'}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/matter/${matter.id}`}>
                    {matter.matterName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{matter.matterRate}</Table.Td>
                <Table.Td>{matter.status}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
