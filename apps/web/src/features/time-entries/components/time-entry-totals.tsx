import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { TimeEntryTotals as Totals } from '@matterhorn/shared';
import { formatAmount, formatListHours } from '../utils/time-entry-display.ts';

export type TimeEntryTotalsProps = {
  /** null while loading or when the call failed: the figures show as dashes. */
  totals: Totals | null | undefined;
  /** Totals' money is in the firm's home currency. */
  homeCurrencySymbol: string;
};

/** The whole filter's hours and amounts (not only the page's), from get-totals. */
export function TimeEntryTotals({ totals, homeCurrencySymbol }: TimeEntryTotalsProps) {
  const figures = [
    { label: 'Total hours', testId: 'total-hours', value: totals && formatListHours(totals.totalHours) },
    { label: 'Billable hours', testId: 'billable-hours', value: totals && formatListHours(totals.billableHours) },
    { label: 'Non-billable hours', testId: 'non-billable-hours', value: totals && formatListHours(totals.nonBillableHours) },
    { label: 'Billable amount', testId: 'billable-amount', value: totals && formatAmount(totals.billableAmount, homeCurrencySymbol) },
    { label: 'Unbilled amount', testId: 'unbilled-amount', value: totals && formatAmount(totals.unbilledAmount, homeCurrencySymbol) },
  ];
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label="Totals" data-testid="time-entry-totals">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" component="dl" m={0}>
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
