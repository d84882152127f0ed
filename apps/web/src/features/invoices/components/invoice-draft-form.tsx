import { Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  computeInvoiceAmounts,
  TAX_APPLIES_TO,
  type CreateInvoiceInput,
  type InvoiceAmountLine,
  type InvoiceLineType,
  type TaxAppliesTo,
} from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes/use-unsaved-changes-guard.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { billingState, useBillingState, type BillableKind } from '../../../lib/app-state/billing-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { invoiceSettingsQuery } from '../api/invoice-settings-api.ts';
import type { BillableRows } from '../utils/billable-rows.ts';
import { addDaysIso, todayIso } from '../utils/invoice-display.ts';
import type { LineAdjustment } from './adjust-line-modal.tsx';
import { TotalsPreview } from './totals-preview.tsx';
import { UnbilledSection, type UnbilledRow } from './unbilled-section.tsx';

// Loaded when a line is first adjusted: most invoices are built without.
const AdjustLineModal = lazy(() => import('./adjust-line-modal.tsx'));

export const KIND_TO_LINE: Record<BillableKind, InvoiceLineType> = { timeEntries: 'fee', expenses: 'expense', flatFees: 'flatFee' };
const TAX_APPLIES_LABELS: Record<TaxAppliesTo, string> = { fees: 'Fees', expenses: 'Expenses', both: 'Fees and expenses' };
const EMPTY_IDS: string[] = [];
const SECTIONS: { kind: BillableKind; title: string; quantityLabel: string }[] = [
  { kind: 'timeEntries', title: 'Time entries', quantityLabel: 'Hours' },
  { kind: 'expenses', title: 'Expenses', quantityLabel: 'Quantity' },
  { kind: 'flatFees', title: 'Flat fees', quantityLabel: 'Quantity' },
];

/** What the form holds of a draft: everything but its client and matters, which the page owns. */
export type InvoiceDraftFields = Omit<CreateInvoiceInput, 'clientId' | 'matterIds'>;

/** A draft's saved terms, for the edit mode (ISO dates); left out, the firm's settings apply. */
export type InvoiceDraftInitial = {
  adjustments?: Record<string, LineAdjustment>;
  taxPercent?: string;
  taxAppliesTo?: TaxAppliesTo;
  issueDate?: string;
  dueDate?: string;
  notes?: string | null;
  paymentInstructions?: string | null;
};

type InvoiceDraftFormProps = {
  /** The items on offer per kind; which are chosen (and the discount) live in the shared billing state. */
  rows: BillableRows;
  /** Shown instead of the item sections while there is nothing to choose from (no client, loading). */
  itemsPlaceholder?: ReactNode;
  /** A change of it (another client) drops the line adjustments. */
  itemsKey?: string;
  initial?: InvoiceDraftInitial;
  saveLabel: string;
  canSave: boolean;
  /** Saves the draft; a refusal rejects (the api client has toasted it) and the form keeps what was entered. */
  onSave: (fields: InvoiceDraftFields) => Promise<void>;
  onCancel: () => void;
};

/**
 * The body of the invoice builder, in both its modes (a new draft, and editing one): the items
 * with a checkbox and a line adjustment each, discount, tax, dates, notes and payment instructions,
 * and a live preview with the same computation the server stores (computeInvoiceAmounts).
 */
export function InvoiceDraftForm({
  rows,
  itemsPlaceholder,
  itemsKey = '',
  initial = {},
  saveLabel,
  canSave,
  onSave,
  onCancel,
}: InvoiceDraftFormProps) {
  const currencySymbol = useSession().workingUser?.currency ?? '';
  const settings = useQuery(invoiceSettingsQuery);
  const [adjustments, setAdjustments] = useState<Record<string, LineAdjustment>>(initial.adjustments ?? {});
  const [adjusting, setAdjusting] = useState<{ kind: BillableKind; row: UnbilledRow } | null>(null);
  const [taxPercent, setTaxPercent] = useState<string | null>(initial.taxPercent ?? null);
  const [taxAppliesTo, setTaxAppliesTo] = useState<TaxAppliesTo | null>(initial.taxAppliesTo ?? null);
  const [issueDate, setIssueDate] = useState(isoDateToMonthDayYear(initial.issueDate ?? todayIso()));
  const [dueDate, setDueDate] = useState<string | null>(initial.dueDate ? isoDateToMonthDayYear(initial.dueDate) : null);
  const [notes, setNotes] = useState(initial.notes ?? '');
  const [paymentInstructions, setPaymentInstructions] = useState<string | null>(
    initial.paymentInstructions === undefined ? null : (initial.paymentInstructions ?? ''),
  );
  const [isSaving, setIsSaving] = useState(false);
  const savingRef = useRef(false);
  // Anything the user chose, ticked or typed since the form opened (items the page ticks as they load are not).
  const [isChanged, setIsChanged] = useState(false);
  const unsaved = useUnsavedChangesGuard(isChanged);
  /** Runs a change the user made, and remembers that there is one. */
  const changed =
    <Args extends unknown[]>(change: (...args: Args) => void) =>
    (...args: Args) => {
      setIsChanged(true);
      change(...args);
    };
  const entries = useBillingState((state) => state.invoiceEntries);
  const discount = useBillingState((state) => state.discount);

  const firstItemsKey = useRef(itemsKey);
  useEffect(() => {
    if (itemsKey !== firstItemsKey.current) setAdjustments({});
  }, [itemsKey]);

  const firmTax = settings.data?.taxPercent ?? '0';
  const effectiveTax = taxPercent ?? firmTax;
  const effectiveAppliesTo = taxAppliesTo ?? settings.data?.taxAppliesTo ?? 'both';
  const issueIso = monthDayYearToIsoDate(issueDate) ?? todayIso();
  const effectiveDue = dueDate ?? isoDateToMonthDayYear(addDaysIso(issueIso, settings.data?.paymentTermsDays ?? 30));
  const effectiveInstructions = paymentInstructions ?? settings.data?.defaultPaymentInstructions ?? '';
  const taxLabel = `${settings.data?.taxName ?? 'Tax'} (${effectiveTax}%)`;

  const chosenLines = useMemo(() => {
    const lines: InvoiceAmountLine[] = [];
    for (const { kind } of SECTIONS) {
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

  const toggle = changed((kind: BillableKind, id: string, isChosen: boolean) =>
    isChosen ? billingState.addToInvoice(kind, [id]) : billingState.removeFromInvoice(kind, id),
  );
  const toggleAll = changed((kind: BillableKind, isChosen: boolean) => {
    if (isChosen)
      billingState.addToInvoice(
        kind,
        rows[kind].map((row) => row.id),
      );
    else for (const row of rows[kind]) billingState.removeFromInvoice(kind, row.id);
  });

  const save = async () => {
    if (savingRef.current || !canSave || chosenLines.length === 0) return;
    savingRef.current = true;
    setIsSaving(true);
    // Only what is on offer is sent: an id the page no longer lists is not billed by accident.
    const chosen = (kind: BillableKind) => entries[kind].filter((id) => rows[kind].some((row) => row.id === id));
    const lineAdjustments = SECTIONS.flatMap(({ kind }) =>
      chosen(kind)
        .filter((id) => adjustments[id])
        .map((id) => ({ itemType: KIND_TO_LINE[kind], itemId: id, ...adjustments[id]! })),
    );
    try {
      await unsaved.whileSaving(() =>
        onSave({
          timeEntryIds: chosen('timeEntries'),
          expenseIds: chosen('expenses'),
          flatFeeIds: chosen('flatFees'),
          lineAdjustments,
          discountType: discount && discount.value !== '' ? discount.type : null,
          discountValue: discount && discount.value !== '' ? discount.value : null,
          taxPercent: effectiveTax,
          taxAppliesTo: effectiveAppliesTo,
          issueDate: issueIso,
          dueDate: monthDayYearToIsoDate(effectiveDue),
          notes: notes.trim() || null,
          paymentInstructions: effectiveInstructions.trim() || null,
        }),
      );
    } catch {
      // The api client toasts the refusal; the form keeps what was chosen.
      savingRef.current = false;
      setIsSaving(false);
    }
  };

  return (
    <>
      {itemsPlaceholder ??
        SECTIONS.map(({ kind, title, quantityLabel }) => (
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
        ))}

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
              onChange={changed((value: string) =>
                billingState.setDiscount(value === 'none' ? null : { type: value as 'amount' | 'percent', value: discount?.value ?? '' }),
              )}
            />
          </Stack>
          <TextInput
            label={discount?.type === 'percent' ? 'Discount (%)' : 'Discount amount'}
            disabled={!discount}
            inputMode="decimal"
            value={discount?.value ?? ''}
            error={discountIsValid ? undefined : 'Enter a number'}
            onChange={changed(
              (event: ChangeEvent<HTMLInputElement>) =>
                discount && billingState.setDiscount({ type: discount.type, value: event.currentTarget.value.trim() }),
            )}
          />
          <TextInput
            label={`${settings.data?.taxName ?? 'Tax'} rate (%)`}
            inputMode="decimal"
            value={effectiveTax}
            onChange={changed((event: ChangeEvent<HTMLInputElement>) => setTaxPercent(event.currentTarget.value.trim()))}
          />
          <Select
            label="Tax applies to"
            data={TAX_APPLIES_TO.map((value) => ({ value, label: TAX_APPLIES_LABELS[value] }))}
            value={effectiveAppliesTo}
            allowDeselect={false}
            onChange={changed((value: string | null) => value && setTaxAppliesTo(value as TaxAppliesTo))}
          />
          <DatePickerField label="Issue date" withAsterisk value={issueDate} onChange={changed(setIssueDate)} />
          <DatePickerField label="Due date" withAsterisk value={effectiveDue} onChange={changed(setDueDate)} />
          <Textarea
            label="Notes"
            value={notes}
            onChange={changed((event: ChangeEvent<HTMLTextAreaElement>) => setNotes(event.currentTarget.value))}
            minRows={2}
          />
          <Textarea
            label="Payment instructions"
            value={effectiveInstructions}
            onChange={changed((event: ChangeEvent<HTMLTextAreaElement>) => setPaymentInstructions(event.currentTarget.value))}
            minRows={2}
          />
        </SimpleGrid>
      </Paper>

      <TotalsPreview title="Preview" totals={totals} taxLabel={taxLabel} currencySymbol={currencySymbol} />

      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={isSaving} disabled={!canSave || chosenLines.length === 0}>
          {saveLabel}
        </Button>
      </Group>

      {adjusting && (
        <Suspense fallback={null}>
          <AdjustLineModal
            opened
            description={adjusting.row.description}
            itemAmount={adjusting.row.amount}
            current={adjustments[adjusting.row.id] ?? null}
            onClose={() => setAdjusting(null)}
            onSave={changed((adjustment: LineAdjustment | null) => {
              setAdjustments((previous) => {
                const next = { ...previous };
                if (adjustment) next[adjusting.row.id] = adjustment;
                else delete next[adjusting.row.id];
                return next;
              });
              setAdjusting(null);
            })}
          />
        </Suspense>
      )}
      {unsaved.prompt}
    </>
  );
}
