import { Badge, ScrollArea, Table, Text } from '@mantine/core';
import { formatMoney, isoToDisplayDate, type Instalment, type InstalmentState } from '@matterhorn/shared';

export const INSTALMENT_STATE_LABELS: Record<InstalmentState, string> = {
  paid: 'Paid',
  partlyPaid: 'Partly paid',
  due: 'Due',
  missed: 'Missed',
};
const STATE_COLORS: Record<InstalmentState, string> = { paid: 'green', partlyPaid: 'yellow', due: 'blue', missed: 'red' };

/**
 * A payment plan's instalments with what was paid on each and its state: the firm's plan card, the
 * portal's invoice and the public invoice page show the same table. The next one due is marked.
 */
export function InstalmentsTable({
  instalments,
  currencySymbol,
  nextNumber,
  caption = 'Instalments',
}: {
  instalments: Instalment[];
  currencySymbol: string;
  nextNumber?: number | null;
  caption?: string;
}) {
  const money = (amount: string) => formatMoney(amount, currencySymbol);
  return (
    // Reachable by keyboard when the table scrolls sideways on a phone (axe: scrollable-region-focusable).
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
      <Table aria-label={caption} verticalSpacing={4} horizontalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Due date</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Paid</Table.Th>
            <Table.Th>State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {instalments.map((instalment) => (
            <Table.Tr key={instalment.number} fw={instalment.number === nextNumber ? 600 : undefined}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {isoToDisplayDate(instalment.dueDate)}
                {instalment.number === nextNumber && (
                  <Text span size="xs" c="dimmed" fw={400}>
                    {' '}
                    (next)
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(instalment.amount)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(instalment.paidAmount)}
              </Table.Td>
              <Table.Td>
                <Badge color={STATE_COLORS[instalment.state]} variant={instalment.state === 'missed' ? 'outline' : 'light'} size="sm">
                  {INSTALMENT_STATE_LABELS[instalment.state]}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
