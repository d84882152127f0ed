import { Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { BILLING_INCREMENT_LABELS, BILLING_INCREMENTS, formatInvoiceNumber } from '@matterhorn/shared';
import type { FirmSettingsForm } from '../hooks/use-firm-settings-form.ts';
import { SettingsSection } from './settings-section.tsx';

const BILLING_INCREMENT_CHOICES = BILLING_INCREMENTS.map((increment) => ({ value: increment, label: BILLING_INCREMENT_LABELS[increment] }));

/** The next invoice's number as it will print, when the number is a number. */
function nextInvoiceText(prefix: string, next: string): string {
  return /^\d{1,9}$/.test(next.trim()) && Number(next) >= 1
    ? `The next invoice will be ${formatInvoiceNumber(prefix.trim(), Number(next))}.`
    : 'The number the next issued invoice takes.';
}

/** How time is billed and invoices are numbered and dated. */
export function InvoicingSection({ form }: { form: FirmSettingsForm }) {
  const { invoiceNumberPrefix, nextInvoiceNumber } = form.values;
  return (
    <SettingsSection title="Invoicing">
      <Select
        label="Billing increment"
        description="Time is billed rounded up to this unit, once, when it is recorded. Existing entries keep theirs."
        allowDeselect={false}
        data={BILLING_INCREMENT_CHOICES}
        {...form.valueProps('billingIncrement')}
      />
      <Switch
        label="Suggest time from members’ work"
        description="Documents read, notes written and calls logged in Matterhorn become draft time each member accepts or dismisses. Each member sees only their own; off, nothing is recorded."
        checked={form.values.suggestsTime}
        onChange={(event) => form.setValue('suggestsTime', event.currentTarget.checked)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Invoice number prefix"
          description="Letters, digits, - / and _ only. May be blank."
          maxLength={12}
          {...form.inputProps('invoiceNumberPrefix')}
        />
        <TextInput
          label="Next invoice number"
          description={`${nextInvoiceText(invoiceNumberPrefix, nextInvoiceNumber)} It can only go up: numbers already issued are never given again.`}
          inputMode="numeric"
          {...form.inputProps('nextInvoiceNumber')}
        />
        <TextInput
          label="Default payment terms (days)"
          description="Days from the issue date to the due date, for an invoice that names no due date."
          inputMode="numeric"
          {...form.inputProps('paymentTermsDays')}
        />
        <TextInput
          label="LEDES firm ID"
          description="The LAW_FIRM_ID on LEDES e-billing files. Blank: your tax identification number is used."
          maxLength={20}
          {...form.inputProps('ledesFirmId')}
        />
      </SimpleGrid>
    </SettingsSection>
  );
}
