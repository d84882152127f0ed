import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ExpensePage } from '@matterhorn/shared';
import { formatAmount } from '../utils/expense-display.ts';

export type ExpenseTotalsProps = {
  /** Absent while loading or when the call failed: the figures show as dashes. */
  totals: ExpensePage['totals'] | null | undefined;
  /** Totals are in the firm's home currency. */
  homeCurrencySymbol: string;
  /** Firm expenses are never billed: no unbilled figure. */
  showUnbilled: boolean;
};

/** The whole filter's total (not only the page's) and its unbilled billable part. */
export function ExpenseTotals({ totals, homeCurrencySymbol, showUnbilled }: ExpenseTotalsProps) {
  const figures = [
    { label: 'Total amount', testId: 'expense-total-amount', value: totals && formatAmount(totals.totalAmount, homeCurrencySymbol) },
    ...(showUnbilled
      ? [
          {
            label: 'Unbilled amount',
            testId: 'expense-unbilled-amount',
            value: totals && formatAmount(totals.unbilledAmount, homeCurrencySymbol),
          },
        ]
      : []),
  ];
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label="Totals" data-testid="expense-totals">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
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
