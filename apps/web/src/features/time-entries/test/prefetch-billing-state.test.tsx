import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { billingState, INITIAL_BILLING_STATE, useBillingState } from '../../../lib/app-state/billing-state.ts';
import { entry } from './stub-time-entries.ts';

beforeEach(() => billingState.reset());

describe('billingState', () => {
  it('starts with nothing loaded and nothing chosen', () => {
    expect(billingState.get()).toEqual({
      unbilledTimeEntries: null,
      unbilledExpenses: null,
      unbilledFlatFees: null,
      invoiceEntries: { timeEntries: [], expenses: [], flatFees: [] },
      discount: null,
      selectedInvoiceId: null,
      openModals: { addTimeEntries: false, addExpenses: false, addFlatFees: false, discount: false, invoicePreview: false },
    });
  });

  it('adds entries to an invoice once each, removes one, and clears them with the discount', () => {
    billingState.addToInvoice('timeEntries', ['a', 'b']);
    billingState.addToInvoice('timeEntries', ['b', 'c']);
    billingState.addToInvoice('expenses', ['x']);
    expect(billingState.get().invoiceEntries).toEqual({ timeEntries: ['a', 'b', 'c'], expenses: ['x'], flatFees: [] });
    billingState.removeFromInvoice('timeEntries', 'b');
    expect(billingState.get().invoiceEntries.timeEntries).toEqual(['a', 'c']);
    billingState.setDiscount({ type: 'percent', value: '10' });
    billingState.clearInvoiceEntries();
    expect(billingState.get().invoiceEntries).toEqual(INITIAL_BILLING_STATE.invoiceEntries);
    expect(billingState.get().discount).toBeNull();
  });

  it('keeps the selected invoice and modal flags', () => {
    billingState.selectInvoice('inv-1');
    billingState.setModalOpen('addTimeEntries', true);
    expect(billingState.get().selectedInvoiceId).toBe('inv-1');
    expect(billingState.get().openModals.addTimeEntries).toBe(true);
    expect(billingState.get().openModals.discount).toBe(false);
  });

  it('leaves the state object alone when nothing changes, so subscribers do not re-render', () => {
    billingState.addToInvoice('flatFees', ['f']);
    const before = billingState.get();
    billingState.addToInvoice('flatFees', ['f']);
    billingState.removeFromInvoice('flatFees', 'missing');
    billingState.setModalOpen('discount', false);
    expect(billingState.get()).toBe(before);
  });

  it('re-renders a component reading one part when that part changes', () => {
    let renders = 0;
    function UnbilledCount() {
      renders += 1;
      const entries = useBillingState((state) => state.unbilledTimeEntries);
      return <p>{entries === null ? 'not loaded' : `${entries.length} unbilled`}</p>;
    }
    render(<UnbilledCount />);
    expect(screen.getByText('not loaded')).toBeInTheDocument();
    act(() => billingState.setUnbilledTimeEntries([entry()]));
    expect(screen.getByText('1 unbilled')).toBeInTheDocument();
    const rendersAfterLoad = renders;
    act(() => billingState.selectInvoice('inv-2'));
    expect(renders).toBe(rendersAfterLoad);
  });
});
