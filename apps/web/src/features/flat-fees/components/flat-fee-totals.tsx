import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { FlatFeePage } from '@matterhorn/shared';
import { formatAmount } from '../utils/flat-fee-display.ts';

export type FlatFeeTotalsProps = {
  /** undefined while loading or when the call failed: the figures show as dashes. */
  totals: FlatFeePage['totals'] | undefined;
  /** Totals are in the firm's home currency. */
  homeCurrencySymbol: string;
};

/** The whole filter's amounts (not only the page's), from the list's IncludeTotals. */
export function FlatFeeTotals({ totals, homeCurrencySymbol }: FlatFeeTotalsProps) {
  const figures = [
    { label: 'Total amount', testId: 'flat-fee-total', value: totals && formatAmount(totals.totalAmount, homeCurrencySymbol) },
    { label: 'Unbilled amount', testId: 'flat-fee-unbilled', value: totals && formatAmount(totals.unbilledAmount, homeCurrencySymbol) },
  ];
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label="Flat fee totals" data-testid="flat-fee-totals">
      <SimpleGrid cols={2} spacing="sm" component="dl" m={0}>
        {figures.map((figure) => (
          <div key={figure.label}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
              {figure.label}
            </Text>
            <Text size="lg" fw={600} component="dd" m={0} data-testid={figure.testId}>
              {figure.value ?? '—'}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
