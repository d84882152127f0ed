import { Anchor, Badge, Card, Group, Table, Text, Title } from '@mantine/core';
import { countOf, formatMoney, isoToDisplayDate } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { missedInstalmentsQuery } from '../api/missed-instalments-api.ts';

/**
 * On the dashboard, for those who see invoices: the payment plans with a missed instalment (past its
 * due date, not fully paid), one row each — an invoice's, or a client's balance's as "N invoices" —
 * the oldest first; nothing while none is missed.
 */
export function MissedInstalmentsCard() {
  const { data } = useQuery(missedInstalmentsQuery());
  if (!data || data.totalCount === 0) return null;
  return (
    <Card withBorder component="section" aria-labelledby="missed-instalments-title">
      <Group gap="xs" mb="sm">
        <Title order={2} size="h4" id="missed-instalments-title">
          Missed instalments
        </Title>
        <Badge color="red" variant="outline">
          {data.totalCount === 1 ? '1 plan' : `${data.totalCount} plans`}
        </Badge>
      </Group>
      <Table aria-label="Payment plans with a missed instalment" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Invoice</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Missed since</Table.Th>
            <Table.Th ta="right">Overdue</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.invoices.map((row) => (
            <Table.Tr key={row.planId}>
              <Table.Td>
                {row.invoiceId ? (
                  <Anchor component={Link} to={`/billing/invoices/${row.invoiceId}`} size="sm">
                    {row.invoiceNumber ?? 'Invoice'}
                  </Anchor>
                ) : (
                  // A plan on the client's balance: its invoices and instalments are on the client's page.
                  <Anchor component={Link} to={`/clients/${row.clientId}`} size="sm">
                    {countOf(row.invoiceCount, 'invoice')}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>{row.clientName}</Table.Td>
              <Table.Td>
                {isoToDisplayDate(row.dueDate)}
                {row.missedCount > 1 && <Text span size="xs" c="dimmed">{` (${row.missedCount} instalments)`}</Text>}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.overdueAmount, row.currencySymbol)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data.totalCount > data.invoices.length && (
        <Text size="xs" c="dimmed" mt="xs">
          The {data.invoices.length} oldest of {data.totalCount}.
        </Text>
      )}
    </Card>
  );
}

export default MissedInstalmentsCard;
