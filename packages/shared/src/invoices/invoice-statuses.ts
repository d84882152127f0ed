// Apart from the invoice's schemas, so a page that only names a status (the portal's overview)
// does not load every invoice form's schemas with it.

/**
 * Draft → AwaitingApproval (when the firm requires approval) → Approved → Sent → PartlyPaid → Paid;
 * AwaitingApproval → Draft when an approver rejects it (with a reason; it keeps its number);
 * or Void (with a reason; its items return to unbilled; the number stays used).
 * docs/adr/ has the whole state machine.
 */
export const INVOICE_STATUSES = ['Draft', 'AwaitingApproval', 'Approved', 'Sent', 'PartlyPaid', 'Paid', 'Void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
