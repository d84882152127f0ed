import { Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { TAX_APPLIES_TO, type InvoiceSettings, type TaxAppliesTo } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes/use-unsaved-changes-guard.tsx';
import { invoiceKeys } from '../api/invoice-list-api.ts';
import { invoiceSettingsQuery, updateInvoiceSettings } from '../api/invoice-settings-api.ts';
import { accentColourError, InvoiceAppearanceFields } from '../components/invoice-appearance-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

const TAX_APPLIES_LABELS: Record<TaxAppliesTo, string> = { fees: 'Fees', expenses: 'Expenses', both: 'Fees and expenses' };

function SettingsForm({ initial }: { initial: InvoiceSettings }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(initial);
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  // Leaving the page with unsaved changes asks first.
  const unsaved = useUnsavedChangesGuard(JSON.stringify(values) !== JSON.stringify(saved));
  const set = <K extends keyof InvoiceSettings>(key: K, value: InvoiceSettings[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // The accent field shows its own error; nothing is sent until it is a colour or blank.
        if (busy || accentColourError(values.invoiceAccentColour)) return;
        setBusy(true);
        updateInvoiceSettings(values)
          .then((answer) => {
            queryClient.setQueryData(invoiceKeys.settings(), answer);
            setSaved(answer);
            setValues(answer);
          })
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Invoice number prefix"
            description="INV- gives INV-00001"
            value={values.invoiceNumberPrefix}
            maxLength={12}
            onChange={(event) => set('invoiceNumberPrefix', event.currentTarget.value)}
          />
          <NumberInput
            label="Payment terms (days)"
            min={0}
            max={365}
            allowDecimal={false}
            value={values.paymentTermsDays}
            onChange={(value) => set('paymentTermsDays', typeof value === 'number' ? value : Number(value) || 0)}
          />
          <NumberInput
            label="Old work limit (days)"
            description="Pre-bill review flags work older than this"
            min={1}
            max={3650}
            allowDecimal={false}
            value={values.staleWorkDays}
            onChange={(value) => set('staleWorkDays', typeof value === 'number' ? value : Number(value) || 0)}
          />
          <TextInput
            label="Tax name"
            placeholder="VAT"
            value={values.taxName ?? ''}
            maxLength={40}
            onChange={(event) => set('taxName', event.currentTarget.value || null)}
          />
          <TextInput
            label="Tax rate (%)"
            inputMode="decimal"
            value={values.taxPercent}
            onChange={(event) => set('taxPercent', event.currentTarget.value.trim())}
          />
          <TextInput
            label="Tax identification number"
            description="Printed on your bills when set"
            value={values.taxNumber ?? ''}
            maxLength={50}
            onChange={(event) => set('taxNumber', event.currentTarget.value || null)}
          />
          <Select
            label="Tax applies to"
            data={TAX_APPLIES_TO.map((value) => ({ value, label: TAX_APPLIES_LABELS[value] }))}
            value={values.taxAppliesTo}
            allowDeselect={false}
            onChange={(value) => value && set('taxAppliesTo', value as TaxAppliesTo)}
          />
          <Stack gap="xs" justify="center">
            <Checkbox
              label="Invoices need approval before they are sent"
              checked={values.invoiceApprovalRequired}
              onChange={(event) => set('invoiceApprovalRequired', event.currentTarget.checked)}
            />
            <Checkbox
              label="Bill of charges clock (fees recoverable one month after delivery)"
              checked={values.billOfChargesClock}
              onChange={(event) => set('billOfChargesClock', event.currentTarget.checked)}
            />
          </Stack>
          <Textarea
            label="Default payment instructions"
            minRows={3}
            value={values.defaultPaymentInstructions ?? ''}
            onChange={(event) => set('defaultPaymentInstructions', event.currentTarget.value || null)}
          />
          <InvoiceAppearanceFields
            accentColour={values.invoiceAccentColour}
            footer={values.invoiceFooter}
            onAccentColourChange={(value) => set('invoiceAccentColour', value)}
            onFooterChange={(value) => set('invoiceFooter', value)}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </Group>
      </Paper>
      {unsaved.prompt}
    </form>
  );
}

/** /settings/invoices: the firm's invoice settings (number prefix, terms, tax, approval, bill-of-charges clock, accent and footer). */
export function InvoiceSettingsPage() {
  const settings = useQuery(invoiceSettingsQuery);
  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <PageTitle parts={['Invoice Settings', 'Settings']} />
      <Title order={1} size="h2">
        Invoice Settings
      </Title>
      {settings.isLoading ? (
        <LoadingSpinner />
      ) : settings.data ? (
        <SettingsForm initial={settings.data} />
      ) : (
        <Text>The invoice settings could not be loaded.</Text>
      )}
    </Stack>
  );
}
