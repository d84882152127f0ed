import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ClientSelect } from '../../../components/client-select.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { matterOptionLabel } from '../../../components/matter-option-label.ts';
import { MultiSelect } from '../../../components/multi-select.tsx';
import { billingState } from '../../../lib/app-state/billing-state.ts';
import { focusNextPageHeading } from '../../../lib/focus.ts';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { createInvoice, invoiceKeys, unbilledItemsQuery } from '../api/invoices.ts';
import { InvoiceDraftForm } from '../components/invoice-draft-form.tsx';
import { rowsOf } from '../utils/billable-rows.ts';
import { PageTitle } from '../../../components/page-title.tsx';

/**
 * /billing/invoice/invoice-empty (?clientId= preselects a client): choose a client (and optionally
 * matters and a date range); its unbilled, approved items load all chosen (the shared billing
 * state's entries added to an invoice and its discount, SPEC.md §3); then the draft form; Save as draft.
 */
export function InvoiceBuilderPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const { key: idempotencyKey } = useIdempotencyKey();
  const [clientId, setClientId] = useState(() => searchParams.get('clientId') ?? '');
  const [matterIds, setMatterIds] = useState<string[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const clients = useQuery(associatedClientsQuery);
  const matters = useQuery(clientMattersQuery(clientId));
  const fromIso = monthDayYearToIsoDate(from) ?? '';
  const toIso = monthDayYearToIsoDate(to) ?? '';
  const unbilled = useQuery(unbilledItemsQuery(clientId, matterIds, fromIso, toIso));
  const rows = useMemo(() => rowsOf(unbilled.data), [unbilled.data]);

  // Every unbilled item is chosen when the client's items (re)load.
  useEffect(() => {
    billingState.clearInvoiceEntries();
    if (!unbilled.data) return;
    billingState.addToInvoice(
      'timeEntries',
      unbilled.data.timeEntries.map((entry) => entry.id),
    );
    billingState.addToInvoice(
      'expenses',
      unbilled.data.expenses.map((expense) => expense.id),
    );
    billingState.addToInvoice(
      'flatFees',
      unbilled.data.flatFees.map((fee) => fee.id),
    );
  }, [unbilled.data]);
  // Nothing chosen stays behind when the builder closes.
  useEffect(() => () => billingState.clearInvoiceEntries(), []);

  const matterOptions = (matters.data ?? []).map((matter) => ({
    value: matter.id,
    label: matterOptionLabel(matter),
  }));

  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <PageTitle parts={['New Invoice', 'Invoices']} />
      <Title order={1} size="h2">
        New Invoice
      </Title>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Client and items">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <ClientSelect
            label="Client"
            withAsterisk
            people={clients.data?.people ?? []}
            companies={clients.data?.companies ?? []}
            value={clientId}
            onChange={(value) => {
              setClientId(value);
              setMatterIds([]);
            }}
          />
          <MultiSelect
            label="Matters"
            entity="matter"
            placeholder={clientId ? 'All matters' : 'Choose a client first'}
            disabled={clientId === ''}
            options={matterOptions}
            value={matterIds}
            onChange={setMatterIds}
          />
          <DatePickerField label="From" value={from} onChange={setFrom} />
          <DatePickerField label="To" value={to} onChange={setTo} />
        </SimpleGrid>
      </Paper>

      <InvoiceDraftForm
        rows={rows}
        itemsKey={clientId}
        itemsPlaceholder={
          clientId === '' ? (
            <Text c="dimmed">Choose a client to see their unbilled time entries, expenses and flat fees.</Text>
          ) : unbilled.isLoading ? (
            <Text>Loading unbilled items…</Text>
          ) : undefined
        }
        saveLabel="Save as draft"
        canSave={clientId !== ''}
        onCancel={() => void navigate('/billing')}
        onSave={async (fields) => {
          const invoice = await createInvoice({ clientId, matterIds, ...fields }, idempotencyKey);
          await queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
          billingState.clearInvoiceEntries();
          billingState.selectInvoice(invoice.id);
          focusNextPageHeading();
          void navigate(`/billing/invoices/${invoice.id}`);
        }}
      />
    </Stack>
  );
}
