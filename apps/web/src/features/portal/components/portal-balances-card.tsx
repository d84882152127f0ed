import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMoney, type CurrencyAmount } from '@matterhorn/shared';

function Amounts({ id, title, amounts, none }: { id: string; title: string; amounts: CurrencyAmount[]; none: string }) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Stack gap={4}>
        <Text component="h2" id={id} fw={600} size="md" m={0}>
          {title}
        </Text>
        {amounts.length === 0 ? (
          <Text size="sm">{none}</Text>
        ) : (
          amounts.map((amount) => (
            <Text key={amount.currencyCode} size="xl" fw={700}>
              {formatMoney(amount.amount, amount.currencySymbol)}
            </Text>
          ))
        )}
      </Stack>
    </Card>
  );
}

/** The overview's money: what the client owes on sent invoices and what the firm holds in trust for them, per currency. */
export function PortalBalancesCards({ balancesDue, trustHeld }: { balancesDue: CurrencyAmount[]; trustHeld: CurrencyAmount[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Amounts id="portal-balance-due" title="Balance due" amounts={balancesDue} none="Nothing to pay" />
      <Amounts id="portal-trust-held-total" title="Held in trust" amounts={trustHeld} none="No money held in trust" />
    </SimpleGrid>
  );
}
