import { Group, Text } from '@mantine/core';
import { compareMoney, formatMoney, type InvoiceListTotals } from '@matterhorn/shared';

/**
 * The list's summary, as the API sums the whole filter: billed = paid + written off + outstanding
 * for issued invoices (written off shown only when there is some), drafts counted apart since they
 * owe nothing yet.
 */
export function InvoiceListSummary({ totals, currencySymbol }: { totals: InvoiceListTotals; currencySymbol: string }) {
  const money = (amount: string) => formatMoney(amount, currencySymbol);
  const hasWriteOffs = compareMoney(totals.writtenOff, '0') !== 0;
  return (
    <Group gap="md" aria-label="Invoice summary" role="group" data-testid="invoice-summary">
      <Text size="sm" data-testid="summary-billed">
        Billed {money(totals.billed)}
      </Text>
      <Text size="sm" data-testid="summary-paid">
        Paid {money(totals.paidAmount)}
      </Text>
      {hasWriteOffs && (
        <Text size="sm" data-testid="summary-written-off">
          Written off {money(totals.writtenOff)}
        </Text>
      )}
      <Text size="sm" fw={600} data-testid="summary-outstanding">
        Outstanding {money(totals.outstanding)}
      </Text>
      {totals.draftCount > 0 && (
        <Text size="sm" c="dimmed" data-testid="summary-drafts">
          {totals.draftCount === 1 ? '1 draft' : `${totals.draftCount} drafts`} (not yet issued) {money(totals.draftTotal)}
        </Text>
      )}
    </Group>
  );
}
