import { Checkbox, SegmentedControl, Stack, Text } from '@mantine/core';
import { formatMoney, isoToDisplayDate, type CoverableInvoice } from '@matterhorn/shared';

export const CHECKLIST_TEXT = {
  legend: 'Invoices the plan covers',
  currency: 'Currency',
  ownPlan: 'has a payment plan of its own',
  none: 'This client has no open invoice in this currency without a plan of its own.',
} as const;

/**
 * The client's open invoices in the chosen currency, each ticked to be covered by the plan (all at
 * first); an invoice with a plan of its own cannot be ticked. One currency at a time: a plan never mixes them.
 */
export function ClientInvoiceChecklist({
  invoices,
  currencyCode,
  currencies,
  picked,
  onCurrency,
  onPicked,
}: {
  invoices: CoverableInvoice[];
  currencyCode: string;
  currencies: string[];
  picked: string[];
  onCurrency: (code: string) => void;
  onPicked: (ids: string[]) => void;
}) {
  const shown = invoices.filter((invoice) => invoice.currencyCode === currencyCode);
  return (
    <Stack gap="xs">
      {currencies.length > 1 && (
        <SegmentedControl aria-label={CHECKLIST_TEXT.currency} data={currencies} value={currencyCode} onChange={onCurrency} />
      )}
      <Checkbox.Group label={CHECKLIST_TEXT.legend} value={picked} onChange={onPicked}>
        <Stack gap={4} mt={4}>
          {shown.map((invoice) => (
            <Checkbox
              key={invoice.invoiceId}
              value={invoice.invoiceId}
              disabled={invoice.livePlan === 'invoice'}
              label={`${invoice.invoiceNumber} · issued ${isoToDisplayDate(invoice.issueDate)} · ${formatMoney(invoice.balanceDue, invoice.currencySymbol)}${
                invoice.livePlan === 'invoice' ? ` · ${CHECKLIST_TEXT.ownPlan}` : ''
              }`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          {CHECKLIST_TEXT.none}
        </Text>
      )}
    </Stack>
  );
}
