import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { CLIENT_CREDIT_KIND_LABELS, formatMoney, hasPermissions, isoToDisplayDate, type ClientCreditMovement } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../../lib/session/session-context.ts';
import { clientCreditsQuery } from '../api/client-credits.ts';

// The forms load when first opened: the client's page carries only the section (its JavaScript budget).
const ApplyClientCreditModal = lazy(async () => ({ default: (await import('./apply-client-credit-modal.tsx')).ApplyClientCreditModal }));
const RefundClientCreditModal = lazy(async () => ({ default: (await import('./refund-client-credit-modal.tsx')).RefundClientCreditModal }));

/** How many movements the section lists, newest first. */
const SHOWN_MOVEMENTS = 10;

const money = (amount: string, currencyCode: string) => `${currencyCode} ${formatMoney(amount)}`;

function describeMovement(movement: ClientCreditMovement): string {
  const about = [movement.invoiceNumber, movement.creditNoteNumber, movement.reference].filter(Boolean);
  return `${CLIENT_CREDIT_KIND_LABELS[movement.kind]}${about.length ? ` · ${[...new Set(about)].join(' · ')}` : ''}`;
}

/**
 * The client's credit balance (money it has with the firm beyond what it owes), shown on its page
 * only when it has some: the balance per currency, its latest movements, and — with
 * paymentInfo.create — applying it to one of the client's open invoices or refunding it.
 */
export function ClientCreditSection({ clientId }: { clientId: string }) {
  const { permissions } = useSession();
  const credits = useQuery({ ...clientCreditsQuery(clientId), enabled: hasPermissions(permissions, ['paymentInfo']) });
  const [open, setOpen] = useState<{ form: 'apply' | 'refund'; currencyCode: string } | null>(null);
  const data = credits.data;
  if (!data || data.balances.length === 0) return null;
  const canUse = hasPermissions(permissions, ['paymentInfo.create']);
  const chosen = open && data.balances.find((balance) => balance.currencyCode === open.currencyCode);
  return (
    <Card withBorder component="section" aria-label="Credit balance">
      <Title order={2} size="h4" mb={4}>
        Credit balance
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Money the client has with the firm beyond what it owes.
      </Text>
      <Stack gap="xs">
        {data.balances.map((balance) => (
          <Group key={balance.currencyCode} justify="space-between" role="group" aria-label={`${balance.currencyCode} credit`}>
            <Text fw={600}>{money(balance.balance, balance.currencyCode)}</Text>
            {canUse && (
              <Group gap="xs">
                <Button size="compact-sm" onClick={() => setOpen({ form: 'apply', currencyCode: balance.currencyCode })}>
                  Apply to invoice
                </Button>
                <Button size="compact-sm" variant="default" onClick={() => setOpen({ form: 'refund', currencyCode: balance.currencyCode })}>
                  Refund
                </Button>
              </Group>
            )}
          </Group>
        ))}
      </Stack>
      <Table mt="sm" fz="sm" aria-label="Credit movements">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Movement</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.movements.slice(0, SHOWN_MOVEMENTS).map((movement) => (
            <Table.Tr key={movement.id}>
              <Table.Td>{isoToDisplayDate(movement.movementDate)}</Table.Td>
              <Table.Td>{describeMovement(movement)}</Table.Td>
              <Table.Td ta="right">{money(movement.amount, movement.currencyCode)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data.movements.length > SHOWN_MOVEMENTS && (
        <Text size="xs" c="dimmed" mt={4}>
          The latest {SHOWN_MOVEMENTS} of {data.movements.length} movements.
        </Text>
      )}
      {open && chosen && (
        <Suspense fallback={null}>
          {open.form === 'apply' ? (
            <ApplyClientCreditModal
              clientId={clientId}
              credit={chosen}
              invoices={data.payableInvoices.filter((invoice) => invoice.currencyCode === chosen.currencyCode)}
              onClose={() => setOpen(null)}
            />
          ) : (
            <RefundClientCreditModal clientId={clientId} credit={chosen} onClose={() => setOpen(null)} />
          )}
        </Suspense>
      )}
    </Card>
  );
}
