import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { createExpenseBilling } from '../expenses/expenses.api.ts';
import { createFlatFeeBilling } from '../flat-fees/flat-fees.api.ts';
import { createTimeEntryBilling } from '../time-entries/time-entries.api.ts';
import { findLineItems, undeleteDraft } from './invoices.repository.ts';

export const DRAFT_ITEMS_TAKEN = 'Its time, expenses or fees are now on another invoice or deleted: create a new invoice instead';

/**
 * Brings a deleted draft back from the recycle bin (issue 39): its items, released when it was
 * deleted, are locked for it again, all or none; when any is billed elsewhere or gone, nothing changes (409).
 */
export async function restoreDraftInvoice(tx: Tx, firmId: string, invoiceId: string): Promise<void> {
  if (!(await undeleteDraft(tx, firmId, invoiceId))) throw notFound('Deleted draft invoice');
  const lines = await findLineItems(tx, firmId, invoiceId);
  const idsOf = (kind: string) => lines.filter((line) => line.itemType === kind).map((line) => line.itemId);
  try {
    await createTimeEntryBilling().lockForInvoice(tx, firmId, invoiceId, idsOf('fee'));
    await createExpenseBilling().lockForInvoice(tx, firmId, invoiceId, idsOf('expense'));
    await createFlatFeeBilling().lockForInvoice(tx, firmId, invoiceId, idsOf('flatFee'));
  } catch {
    throw conflict(DRAFT_ITEMS_TAKEN);
  }
}
