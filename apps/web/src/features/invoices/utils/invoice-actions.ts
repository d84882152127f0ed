import { allowedInvoiceActions, hasPermissions, type Invoice, type InvoiceFacts } from '@matterhorn/shared';

/** What the shared state table reads of the invoice as the API answers it. */
export const invoiceFactsOf = (invoice: Invoice): InvoiceFacts => ({
  status: invoice.status,
  isNumbered: Boolean(invoice.invoiceNumber),
  needsApproval: invoice.needsApproval,
  paidAmount: invoice.totals.paidAmount,
  balanceDue: invoice.totals.balanceDue,
  creditableLineCount: [...invoice.fees, ...invoice.expenses, ...invoice.flatFees].filter((line) => line.creditNoteNumber === null).length,
  creditNoteCount: invoice.creditNotes.length,
});

/**
 * The actions the invoice view offers: exactly those the shared state table allows for the
 * invoice's state and the user's permissions, the table the API refuses by.
 */
export function invoiceActionsFor(invoice: Invoice, held: readonly string[]) {
  const allowed = allowedInvoiceActions(invoiceFactsOf(invoice), held);
  return {
    ...allowed,
    // The API also takes a corrected delivery date; the view offers recording it the first time.
    markDelivered: allowed.markDelivered && !invoice.deliveredDate,
    documents: invoice.status !== 'Draft',
    publicLink: invoice.status !== 'Draft' && invoice.status !== 'Void' && hasPermissions(held, ['invoice.edit']),
  };
}
