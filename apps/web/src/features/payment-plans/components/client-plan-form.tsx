import { Button, Group, Stack, Text } from '@mantine/core';
import { formatMoney, fromCents, toCents, type ClientPaymentPlans, type InstalmentDraft } from '@matterhorn/shared';
import { useState } from 'react';
import { ClientInvoiceChecklist } from './client-invoice-checklist.tsx';
import { PaymentPlanEditor } from './payment-plan-editor.tsx';

export const CLIENT_PLAN_FORM_TEXT = {
  total: (amount: string) => `Balance to spread: ${amount}`,
  pickOne: 'Tick at least one invoice',
} as const;

export type ClientPlanFormProps = {
  view: ClientPaymentPlans;
  onSave: (body: { currencyCode: string; invoiceIds: string[]; instalments: InstalmentDraft[] }) => Promise<void>;
  onCancel: () => void;
};

/** Choosing the invoices (one currency) and the instalments for their balances' sum. */
export function ClientPlanForm({ view, onSave, onCancel }: ClientPlanFormProps) {
  // An invoice of the live plan may move to its replacement; one with a plan of its own may not.
  const coverable = view.openInvoices.filter((invoice) => invoice.livePlan !== 'invoice');
  const currencies = [...new Set(view.openInvoices.map((invoice) => invoice.currencyCode))];
  const [currencyCode, setCurrencyCode] = useState(view.plan?.currencyCode ?? coverable[0]?.currencyCode ?? currencies[0] ?? '');
  const inCurrency = (code: string) => coverable.filter((invoice) => invoice.currencyCode === code).map((invoice) => invoice.invoiceId);
  const [picked, setPicked] = useState<string[]>(() => inCurrency(currencyCode));
  const chosen = view.openInvoices.filter((invoice) => picked.includes(invoice.invoiceId));
  const total = fromCents(chosen.reduce((sum, invoice) => sum + toCents(invoice.balanceDue), 0n));
  const symbol =
    chosen[0]?.currencySymbol ?? view.openInvoices.find((invoice) => invoice.currencyCode === currencyCode)?.currencySymbol ?? '';
  return (
    <Stack gap="sm">
      <ClientInvoiceChecklist
        invoices={view.openInvoices}
        currencyCode={currencyCode}
        currencies={currencies}
        picked={picked}
        onCurrency={(code) => {
          setCurrencyCode(code);
          setPicked(inCurrency(code));
        }}
        onPicked={setPicked}
      />
      <Text size="sm" fw={500}>
        {CLIENT_PLAN_FORM_TEXT.total(formatMoney(total, symbol))}
      </Text>
      {picked.length === 0 ? (
        <Group gap="xs">
          <Text size="sm" c="red">
            {CLIENT_PLAN_FORM_TEXT.pickOne}
          </Text>
          <Button size="xs" variant="subtle" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      ) : (
        <PaymentPlanEditor
          // A new total starts the instalments afresh (equal monthly parts of it).
          key={`${currencyCode}-${total}`}
          balanceDue={total}
          currencySymbol={symbol}
          today={view.today}
          onSave={(instalments) => onSave({ currencyCode, invoiceIds: picked, instalments })}
          onCancel={onCancel}
        />
      )}
    </Stack>
  );
}

export default ClientPlanForm;
