import { Badge, Box, Card, Group, Stack, Table, Text } from '@mantine/core';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { usePortalMatters } from '../api/portal-api.ts';

/** The client's open and closed matters with the fee earners working on them. */
export function PortalMattersCard({ clientId }: { clientId: string | null }) {
  const matters = usePortalMatters(clientId);

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Text component="h2" fw={600} size="md" m={0}>
          Your matters
        </Text>
        {matters.isPending && clientId !== null ? (
          <LoadingSpinner label="Loading matters" />
        ) : matters.isError ? (
          <Text size="sm" c="red.8">
            Your matters could not be loaded. Please try again later.
          </Text>
        ) : !matters.data?.length ? (
          <Text size="sm">Your firm has no matters for you yet.</Text>
        ) : (
          <>
            {/* A phone gets one card per matter: no box scrolling sideways that a keyboard cannot reach. */}
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your matters" hiddenFrom="sm">
              {matters.data.map((matter) => (
                <Box
                  component="li"
                  key={matter.matterId}
                  p="xs"
                  style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
                >
                  <Text size="sm" fw={600}>
                    {matter.matterName}
                  </Text>
                  <Group gap="xs">
                    <Text size="sm" c="dimmed">
                      {matter.matterNumber || '—'}
                    </Text>
                    <Badge variant="light" color={matter.status === 'Open' ? 'green.9' : 'gray.8'}>
                      {matter.status}
                    </Badge>
                  </Group>
                  <Text size="sm">Fee earners: {matter.feeEarners.join(', ') || '—'}</Text>
                </Box>
              ))}
            </Stack>
            <Box visibleFrom="sm">
              <Table.ScrollContainer minWidth={560}>
                <Table striped aria-label="Your matters">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Matter number</Table.Th>
                      <Table.Th>Matter</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Fee earners</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {matters.data.map((matter) => (
                      <Table.Tr key={matter.matterId}>
                        <Table.Td>{matter.matterNumber || '—'}</Table.Td>
                        <Table.Td>{matter.matterName}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={matter.status === 'Open' ? 'green.9' : 'gray.8'}>
                            {matter.status}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{matter.feeEarners.join(', ') || '—'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Box>
          </>
        )}
      </Stack>
    </Card>
  );
}
