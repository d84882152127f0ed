import { Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  computeInvoiceAmounts,
  TAX_APPLIES_TO,
  type CreateInvoiceInput,
  type InvoiceAmountLine,
  type InvoiceLineType,
  type TaxAppliesTo,
  type UnbilledItems,
} from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ClientSelect } from '../../../components/client-select.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { MultiSelect } from '../../../components/multi-select.tsx';
import { billingState, useBillingState, type BillableKind } from '../../../lib/app-state/billing-state.ts';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { createInvoice, invoiceKeys, invoiceSettingsQuery, unbilledItemsQuery } from '../api/invoices.ts';
import { AdjustLineModal, type LineAdjustment } from '../components/adjust-line-modal.tsx';
import { TotalsPreview } from '../components/totals-preview.tsx';
import { UnbilledSection, type UnbilledRow } from '../components/unbilled-section.tsx';
import { addDaysIso, todayIso } from '../utils/invoice-display.ts';

const KIND_TO_LINE: Record<BillableKind, InvoiceLineType> = { timeEntries: 'fee', expenses: 'expense', flatFees: 'flatFee' };
const TAX_APPLIES_LABELS: Record<TaxAppliesTo, string> = { fees: 'Fees', expenses: 'Expenses', both: 'Fees and expenses' };
const EMPTY_IDS: string[] = [];

/** The builder's rows per kind, from get-unbilled-items. */
export function rowsOf(items: UnbilledItems | undefined): Record<BillableKind, UnbilledRow[]> {
  return {
    timeEntries: (items?.timeEntries ?? []).map((entry) => ({
      id: entry.id,
      date: entry.timeEntryDate,
      description: entry.description ?? '',
      matterName: entry.matterName ?? '',
      who: entry.timeEntryUserName ?? null,
      quantity: entry.duration ?? null,
      amount: entry.homeTotalAmount,
    })),
    expenses: (items?.expenses ?? []).map((expense) => ({
      id: expense.id,
      date: expense.expenseDate,
      description: expense.description ?? '',
      matterName: expense.matterName ?? '',
      who: expense.addedByUserName ?? null,
      quantity: expense.quantity ?? null,
      amount: expense.homeAmount,
    })),
    flatFees: (items?.flatFees ?? []).map((fee) => ({
      id: fee.id,
      date: fee.flatFeeDate,
      description: fee.description ?? '',
      matterName: fee.matterName ?? '',
      who: fee.userName ?? null,
      quantity: '1',
      amount: fee.amount,
    })),
  };
}

/**
 * /billing/invoice/invoice-empty: choose a client (and optionally matters and a date range); its
 * unbilled, approved items load all chosen (the shared billing state's entries added to an invoice
 * and its discount, SPEC.md §3); adjust lines, discount, tax, dates, notes; a live preview with the
 * same computation the server stores (computeInvoiceAmounts); Save as draft.
 */
export function InvoiceBuilderPage() {
  const navigate = useNavigate();
  const currencySymbol = useSession().workingUser?.currency ?? '';
  const queryClient = useQueryClient();
  const { key: idempotencyKey } = useIdempotencyKey();
  const [clientId, setClientId] = useState('');
  const [matterIds, setMatterIds] = useState<string[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [adjustments, setAdjustments] = useState<Record<string, LineAdjustment>>({});
  const [adjusting, setAdjusting] = useState<{ kind: BillableKind; row: UnbilledRow } | null>(null);
  const [taxPercent, setTaxPercent] = useState<string | null>(null);
  const [taxAppliesTo, setTaxAppliesTo] = useState<TaxAppliesTo | null>(null);
  const [issueDate, setIssueDate] = useState(isoDateToMonthDayYear(todayIso()));
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [paymentInstructions, setPaymentInstructions] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const savingRef = useRef(false);

  const clients = useQuery(associatedClientsQuery);
  const matters = useQuery(clientMattersQuery(clientId));
  const settings = useQuery(invoiceSettingsQuery);
  const fromIso = monthDayYearToIsoDate(from) ?? '';
  const toIso = monthDayYearToIsoDate(to) ?? '';
  const unbilled = useQuery(unbilledItemsQuery(clientId, matterIds, fromIso, toIso));
  const rows = useMemo(() => rowsOf(unbilled.data), [unbilled.data]);
  const entries = useBillingState((state) => state.invoiceEntries);
  const discount = useBillingState((state) => state.discount);

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

  const firmTax = settings.data?.taxPercent ?? '0';
  const effectiveTax = taxPercent ?? firmTax;
  const effectiveAppliesTo = taxAppliesTo ?? settings.data?.taxAppliesTo ?? 'both';
  const issueIso = monthDayYearToIsoDate(issueDate) ?? todayIso();
  const effectiveDue = dueDate ?? isoDateToMonthDayYear(addDaysIso(issueIso, settings.data?.paymentTermsDays ?? 30));
  const effectiveInstructions = paymentInstructions ?? settings.data?.defaultPaymentInstructions ?? '';
  const taxLabel = `${settings.data?.taxName ?? 'Tax'} (${effectiveTax}%)`;

  const chosenLines = useMemo(() => {
    const lines: InvoiceAmountLine[] = [];
    for (const kind of ['timeEntries', 'expenses', 'flatFees'] as const) {
      for (const row of rows[kind]) {
        if (!entries[kind].includes(row.id)) continue;
        lines.push({ type: KIND_TO_LINE[kind], amount: row.amount, adjustedAmount: adjustments[row.id]?.adjustedAmount ?? null });
      }
    }
    return lines;
  }, [rows, entries, adjustments]);

  const discountIsValid = !discount || discount.value === '' || /^\d{1,12}(\.\d{1,4})?$/.test(discount.value);
  const {
    paidAmount: _paid,
    writtenOffAmount: _writtenOff,
    balanceDue: _balance,
    ...totals
  } = computeInvoiceAmounts({
    lines: chosenLines,
    discountType: discount?.type ?? null,
    discountValue: discountIsValid ? (discount?.value ?? null) : null,
    taxPercent: /^\d{1,3}(\.\d{1,4})?$/.test(effectiveTax) ? effectiveTax : '0',
    taxAppliesTo: effectiveAppliesTo,
  }).totals;

  const toggle = (kind: BillableKind, id: string, isChosen: boolean) =>
    isChosen ? billingState.addToInvoice(kind, [id]) : billingState.removeFromInvoice(kind, id);
  const toggleAll = (kind: BillableKind, isChosen: boolean) => {
    if (isChosen)
      billingState.addToInvoice(
        kind,
        rows[kind].map((row) => row.id),
      );
    else for (const row of rows[kind]) billingState.removeFromInvoice(kind, row.id);
  };

  const save = async () => {
    if (savingRef.current || chosenLines.length === 0) return;
    savingRef.current = true;
    setIsSaving(true);
    const chosenAdjustments = (['timeEntries', 'expenses', 'flatFees'] as const).flatMap((kind) =>
      entries[kind].filter((id) => adjustments[id]).map((id) => ({ itemType: KIND_TO_LINE[kind], itemId: id, ...adjustments[id]! })),
    );
    const body: CreateInvoiceInput = {
      clientId,
      matterIds,
      timeEntryIds: entries.timeEntries,
      expenseIds: entries.expenses,
      flatFeeIds: entries.flatFees,
      lineAdjustments: chosenAdjustments,
      discountType: discount && discount.value !== '' ? discount.type : null,
      discountValue: discount && discount.value !== '' ? discount.value : null,
      taxPercent: effectiveTax,
      taxAppliesTo: effectiveAppliesTo,
      issueDate: issueIso,
      dueDate: monthDayYearToIsoDate(effectiveDue),
      notes: notes.trim() || null,
      paymentInstructions: effectiveInstructions.trim() || null,
    };
    try {
      const invoice = await createInvoice(body, idempotencyKey);
      await queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      billingState.clearInvoiceEntries();
      billingState.selectInvoice(invoice.id);
      void navigate(`/billing/invoices/${invoice.id}`);
    } catch {
      // The api client toasts the refusal; the builder keeps what was chosen.
      savingRef.current = false;
      setIsSaving(false);
    }
  };

  const matterOptions = (matters.data ?? []).map((matter) => ({
    value: matter.id,
    label: matter.matterNumber ? `${matter.matterNumber} · ${matter.matterName}` : matter.matterName,
  }));
  const sections: { kind: BillableKind; title: string; quantityLabel: string }[] = [
    { kind: 'timeEntries', title: 'Time entries', quantityLabel: 'Hours' },
    { kind: 'expenses', title: 'Expenses', quantityLabel: 'Quantity' },
    { kind: 'flatFees', title: 'Flat fees', quantityLabel: 'Quantity' },
  ];

  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
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
              setAdjustments({});
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

      {clientId === '' ? (
        <Text c="dimmed">Choose a client to see their unbilled time entries, expenses and flat fees.</Text>
      ) : unbilled.isLoading ? (
        <Text>Loading unbilled items…</Text>
      ) : (
        sections.map(({ kind, title, quantityLabel }) => (
          <UnbilledSection
            key={kind}
            title={title}
            quantityLabel={quantityLabel}
            rows={rows[kind]}
            selected={entries[kind] ?? EMPTY_IDS}
            adjustments={adjustments}
            onToggle={(id, isChosen) => toggle(kind, id, isChosen)}
            onToggleAll={(isChosen) => toggleAll(kind, isChosen)}
            currencySymbol={currencySymbol}
            onAdjust={(row) => setAdjusting({ kind, row })}
          />
        ))
      )}

      <Paper withBorder p="md" radius="md" component="section" aria-label="Invoice details">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="discount-type-label">
              Discount
            </Text>
            <SegmentedControl
              aria-labelledby="discount-type-label"
              data={[
                { value: 'none', label: 'None' },
                { value: 'amount', label: 'Amount' },
                { value: 'percent', label: 'Percent' },
              ]}
              value={discount?.type ?? 'none'}
              onChange={(value) =>
                billingState.setDiscount(value === 'none' ? null : { type: value as 'amount' | 'percent', value: discount?.value ?? '' })
              }
            />
          </Stack>
          <TextInput
            label={discount?.type === 'percent' ? 'Discount (%)' : 'Discount amount'}
            disabled={!discount}
            inputMode="decimal"
            value={discount?.value ?? ''}
            error={discountIsValid ? undefined : 'Enter a number'}
            onChange={(event) => discount && billingState.setDiscount({ type: discount.type, value: event.currentTarget.value.trim() })}
          />
          <TextInput
            label={`${settings.data?.taxName ?? 'Tax'} rate (%)`}
            inputMode="decimal"
            value={effectiveTax}
            onChange={(event) => setTaxPercent(event.currentTarget.value.trim())}
          />
          <Select
            label="Tax applies to"
            data={TAX_APPLIES_TO.map((value) => ({ value, label: TAX_APPLIES_LABELS[value] }))}
            value={effectiveAppliesTo}
            allowDeselect={false}
            onChange={(value) => value && setTaxAppliesTo(value as TaxAppliesTo)}
          />
          <DatePickerField label="Issue date" withAsterisk value={issueDate} onChange={setIssueDate} />
          <DatePickerField label="Due date" withAsterisk value={effectiveDue} onChange={setDueDate} />
          <Textarea label="Notes" value={notes} onChange={(event) => setNotes(event.currentTarget.value)} minRows={2} />
          <Textarea
            label="Payment instructions"
            value={effectiveInstructions}
            onChange={(event) => setPaymentInstructions(event.currentTarget.value)}

            minRows={2}
          />
        </SimpleGrid>
      </Paper>

      <TotalsPreview title="Preview" totals={totals} taxLabel={taxLabel} currencySymbol={currencySymbol} />

      <Group justify="flex-end">
        <Button variant="default" onClick={() => void navigate('/billing')}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={isSaving} disabled={clientId === '' || chosenLines.length === 0}>
          Save as draft
        </Button>
      </Group>

      {adjusting && (
        <AdjustLineModal
          opened
          description={adjusting.row.description}
          itemAmount={adjusting.row.amount}
          current={adjustments[adjusting.row.id] ?? null}
          onClose={() => setAdjusting(null)}
          onSave={(adjustment) => {
            setAdjustments((previous) => {
              const next = { ...previous };
              if (adjustment) next[adjusting.row.id] = adjustment;
              else delete next[adjusting.row.id];
              return next;
            });
            setAdjusting(null);
          }}
        />
      )}
    </Stack>
  );
}
