import { invoiceActionRefusal, type InvoiceAction, type InvoiceFacts, type InvoiceStatus } from '@matterhorn/shared';
import { conflict } from '../../lib/errors.ts';
import type { InvoiceRow } from './invoices.repository.ts';

/** What the shared state table reads of a locked invoice row and its firm's approval setting. */
export const invoiceFactsOf = (invoice: InvoiceRow, firm: { invoiceApprovalRequired: boolean }): InvoiceFacts => ({
  status: invoice.status as InvoiceStatus,
  isNumbered: invoice.numberValue !== null,
  needsApproval: firm.invoiceApprovalRequired,
  paidAmount: invoice.paidAmount,
  balanceDue: invoice.balanceDue,
});

/**
 * Refuses (409, writing nothing) an action the invoice's state does not allow, with the shared
 * table's sentence: the web offers the same actions from the same table.
 */
export function assertInvoiceAction(action: InvoiceAction, invoice: InvoiceRow, firm: { invoiceApprovalRequired: boolean }) {
  const refusal = invoiceActionRefusal(action, invoiceFactsOf(invoice, firm));
  if (refusal !== null) throw conflict(refusal);
}
