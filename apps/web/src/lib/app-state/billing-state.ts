import type { ExpenseListItem, FlatFeeListItem, TimeEntryListItem } from '@matterhorn/shared';
import { useSyncExternalStore } from 'react';

/** What an invoice can be built from; expenses and flat fees arrive with their own issues. */
export type BillableKind = 'timeEntries' | 'expenses' | 'flatFees';

export type BillingDiscount = { type: 'amount' | 'percent'; value: string };

export type BillingModal = 'addTimeEntries' | 'addExpenses' | 'addFlatFees' | 'discount' | 'invoicePreview';

/**
 * SPEC.md §3's shared billing state: the unbilled lists the pre-fetch fills (null until loaded, or
 * when the call failed), the entries chosen for an invoice, a discount, the selected invoice and
 * which billing modals are open.
 */
export type BillingState = {
  unbilledTimeEntries: TimeEntryListItem[] | null;
  /** Approved, billable client expenses not yet on an invoice. */
  unbilledExpenses: ExpenseListItem[] | null;
  unbilledFlatFees: FlatFeeListItem[] | null;
  invoiceEntries: Record<BillableKind, string[]>;
  discount: BillingDiscount | null;
  selectedInvoiceId: string | null;
  openModals: Record<BillingModal, boolean>;
};

export const INITIAL_BILLING_STATE: BillingState = {
  unbilledTimeEntries: null,
  unbilledExpenses: null,
  unbilledFlatFees: null,
  invoiceEntries: { timeEntries: [], expenses: [], flatFees: [] },
  discount: null,
  selectedInvoiceId: null,
  openModals: { addTimeEntries: false, addExpenses: false, addFlatFees: false, discount: false, invoicePreview: false },
};

let state = INITIAL_BILLING_STATE;
const listeners = new Set<() => void>();

function update(change: (previous: BillingState) => BillingState) {
  const next = change(state);
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const billingState = {
  get: (): BillingState => state,
  subscribe,
  setUnbilledTimeEntries: (entries: TimeEntryListItem[] | null) =>
    update((previous) => (previous.unbilledTimeEntries === entries ? previous : { ...previous, unbilledTimeEntries: entries })),
  setUnbilledExpenses: (expenses: ExpenseListItem[] | null) =>
    update((previous) => (previous.unbilledExpenses === expenses ? previous : { ...previous, unbilledExpenses: expenses })),
  setUnbilledFlatFees: (flatFees: FlatFeeListItem[] | null) =>
    update((previous) => (previous.unbilledFlatFees === flatFees ? previous : { ...previous, unbilledFlatFees: flatFees })),
  addToInvoice: (kind: BillableKind, ids: string[]) =>
    update((previous) => {
      const added = ids.filter((id) => !previous.invoiceEntries[kind].includes(id));
      if (added.length === 0) return previous;
      return { ...previous, invoiceEntries: { ...previous.invoiceEntries, [kind]: [...previous.invoiceEntries[kind], ...added] } };
    }),
  removeFromInvoice: (kind: BillableKind, id: string) =>
    update((previous) => {
      if (!previous.invoiceEntries[kind].includes(id)) return previous;
      const kept = previous.invoiceEntries[kind].filter((entry) => entry !== id);
      return { ...previous, invoiceEntries: { ...previous.invoiceEntries, [kind]: kept } };
    }),
  clearInvoiceEntries: () => update((previous) => ({ ...previous, invoiceEntries: INITIAL_BILLING_STATE.invoiceEntries, discount: null })),
  setDiscount: (discount: BillingDiscount | null) => update((previous) => ({ ...previous, discount })),
  selectInvoice: (invoiceId: string | null) => update((previous) => ({ ...previous, selectedInvoiceId: invoiceId })),
  setModalOpen: (modal: BillingModal, isOpen: boolean) =>
    update((previous) =>
      previous.openModals[modal] === isOpen ? previous : { ...previous, openModals: { ...previous.openModals, [modal]: isOpen } },
    ),
  /** Back to nothing loaded and nothing chosen (sign-out, and between tests). */
  reset: () => update(() => INITIAL_BILLING_STATE),
};

/**
 * The billing state, or one part of it. The selector must return a part of the state as it is
 * (not a new object), so components re-render only when that part changes.
 */
export function useBillingState(): BillingState;
export function useBillingState<Part>(select: (current: BillingState) => Part): Part;
export function useBillingState<Part>(select?: (current: BillingState) => Part): Part | BillingState {
  const read = () => (select ? select(state) : state);
  return useSyncExternalStore(subscribe, read, read);
}
