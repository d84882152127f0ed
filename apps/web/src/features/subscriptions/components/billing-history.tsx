import { Anchor, Badge, ScrollArea, Table, Text, Title } from '@mantine/core';
import { formatMoney, SUBSCRIPTION_CURRENCY_SYMBOLS } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../../lib/toasts.ts';
import { billingHistoryQuery, downloadReceipt } from '../api/plans-api.ts';

const STATUS_COLOURS = { paid: 'green', pending: 'gray', failed: 'red', refused: 'orange' } as const;

/** The firm's charges for Matterhorn, newest first. */
export function BillingHistory() {
  const history = useQuery(billingHistoryQuery);
  return (
    <section aria-labelledby="billing-history-title">
      <Title order={2} size="h3" id="billing-history-title" mb="xs">
        Billing history
      </Title>
      {!history.data || history.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {history.isPending ? 'Loading…' : 'Nothing charged yet.'}
        </Text>
      ) : (
        <ScrollArea>
          <Table striped miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>For</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">VAT</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Receipt</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((charge) => (
                <Table.Tr key={charge.id}>
                  <Table.Td>{charge.date}</Table.Td>
                  <Table.Td>{charge.description}</Table.Td>
                  <Table.Td ta="right">{formatMoney(charge.amount, SUBSCRIPTION_CURRENCY_SYMBOLS[charge.currencyCode])}</Table.Td>
                  <Table.Td ta="right">{formatMoney(charge.vat, SUBSCRIPTION_CURRENCY_SYMBOLS[charge.currencyCode])}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOURS[charge.status]} variant="light">
                      {charge.status}
                    </Badge>
                    {charge.failure && (
                      <Text size="xs" c="dimmed">
                        {charge.failure}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {charge.status === 'paid' && (
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        aria-label={`Receipt, ${charge.date}, ${charge.description} (PDF)`}
                        onClick={() =>
                          void downloadReceipt(charge.id, charge.reference).catch((error: Error) => toast.error(error.message))
                        }
                      >
                        Receipt
                      </Anchor>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </section>
  );
}
