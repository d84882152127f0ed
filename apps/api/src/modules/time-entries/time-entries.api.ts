import type { Tx } from '../../db/database.ts';
import { conflict } from '../../lib/errors.ts';
import { isBilledTimeEntry, putEntriesOnInvoice, takeEntriesOffInvoice } from './time-entry-billing.repository.ts';

/**
 * What other modules may know and do about time entries (an invoice, the dashboard, reports): the
 * rule of what is billed, and the lock an invoice takes on its entries. The invoices module will get
 * the billing surface from app.ts; nothing else of this module is another's to import.
 */
export { isBilledTimeEntry };

export const TIME_ENTRY_BILLING_MESSAGES = {
  notFree: 'Some of these time entries are already billed or no longer exist',
} as const;

export type TimeEntryBilling = ReturnType<typeof createTimeEntryBilling>;

export function createTimeEntryBilling() {
  return {
    /**
     * Locks the entries for invoice X, all or none: in the caller's transaction, so they are
     * billed exactly when the invoice is saved. An entry already billed, deleted or of another
     * firm refuses the whole lock (409), and the caller's transaction rolls back.
     */
    async lockForInvoice(tx: Tx, firmId: string, invoiceId: string, timeEntryIds: string[]): Promise<void> {
      const wanted = new Set(timeEntryIds);
      const taken = await putEntriesOnInvoice(tx, firmId, invoiceId, [...wanted]);
      if (taken.length !== wanted.size) throw conflict(TIME_ENTRY_BILLING_MESSAGES.notFree);
    },
    /** Unlocks every entry of invoice X (voided, or a draft deleted): they can be billed again. */
    releaseFromInvoice: (tx: Tx, firmId: string, invoiceId: string): Promise<number> => takeEntriesOffInvoice(tx, firmId, invoiceId),
  };
}
