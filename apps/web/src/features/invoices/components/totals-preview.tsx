import { Paper, Table, Title } from '@mantine/core';
import { formatMoney, type InvoiceTotals } from '@matterhorn/shared';

type TotalsPreviewProps = {
  totals: Pick<
    InvoiceTotals,
    'feesSubtotal' | 'expensesSubtotal' | 'flatFeesSubtotal' | 'subtotal' | 'discountAmount' | 'taxAmount' | 'total'
  > &
    Partial<Pick<InvoiceTotals, 'paidAmount' | 'writtenOffAmount' | 'creditedAmount' | 'balanceDue'>>;
  taxLabel: string;
  currencySymbol?: string;
  title?: string;
};

/** Subtotals, discount, tax and total: the builder's live preview and the invoice view's totals. */
export function TotalsPreview({ totals, taxLabel, currencySymbol = '', title = 'Totals' }: TotalsPreviewProps) {
  const rows: [string, string | undefined][] = [
    ['Professional fees', totals.feesSubtotal],
    ['Expenses', totals.expensesSubtotal],
    ['Flat fees', totals.flatFeesSubtotal],
    ['Subtotal', totals.subtotal],
    ['Discount', totals.discountAmount === '0.00' ? undefined : `-${totals.discountAmount}`],
    [taxLabel, totals.taxAmount],
    ['Total', totals.total],
    ['Paid', totals.paidAmount],
    ['Written off', totals.writtenOffAmount === '0.00' ? undefined : totals.writtenOffAmount],
    ['Credited', totals.creditedAmount === '0.00' ? undefined : totals.creditedAmount],
    ['Balance due', totals.balanceDue],
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      <Table>
        <Table.Tbody>
          {rows
            .filter(([, value]) => value !== undefined)
            .map(([label, value]) => (
              <Table.Tr key={label} fw={label === 'Total' || label === 'Balance due' ? 700 : undefined}>
                <Table.Td>{label}</Table.Td>
                <Table.Td ta="right" data-testid={`total-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`}>
                  {formatMoney(value as string, currencySymbol)}
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
