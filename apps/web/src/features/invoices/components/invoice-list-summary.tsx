import { Group, Stack, Text } from '@mantine/core';
import { compareMoney, formatMoney, type InvoiceCurrencyTotals, type InvoiceListTotals } from '@matterhorn/shared';

/**
 * The list's summary, as the API sums the whole filter, one line per currency (home currency
 * first; two currencies are never added): billed = paid + written off + outstanding for issued
 * invoices (written off shown only when there is some), drafts counted apart since they owe
 * nothing yet.
 */
export function InvoiceListSummary({ totals }: { totals: InvoiceListTotals }) {
  if (totals.length === 0) return null;
  return (
    <Stack gap={2} aria-label="Invoice summary" role="group" data-testid="invoice-summary">
      {totals.map((figures) => (
        <CurrencySummary key={figures.currency} figures={figures} />
      ))}
    </Stack>
  );
}

function CurrencySummary({ figures }: { figures: InvoiceCurrencyTotals }) {
  const money = (amount: string) => formatMoney(amount, figures.currencySymbol);
  const hasWriteOffs = compareMoney(figures.writtenOff, '0') !== 0;
  return (
    <Group gap="md" role="group" aria-label={`Invoice summary in ${figures.currency}`} data-testid={`invoice-summary-${figures.currency}`}>
      <Text size="sm" data-testid="summary-billed">
        Billed {money(figures.billed)}
      </Text>
      <Text size="sm" data-testid="summary-paid">
        Paid {money(figures.paidAmount)}
      </Text>
      {hasWriteOffs && (
        <Text size="sm" data-testid="summary-written-off">
          Written off {money(figures.writtenOff)}
        </Text>
      )}
      <Text size="sm" fw={600} data-testid="summary-outstanding">
        Outstanding {money(figures.outstanding)}
      </Text>
      {figures.draftCount > 0 && (
        <Text size="sm" c="dimmed" data-testid="summary-drafts">
          {figures.draftCount === 1 ? '1 draft' : `${figures.draftCount} drafts`} (not yet issued) {money(figures.draftTotal)}
        </Text>
      )}
    </Group>
  );
}
