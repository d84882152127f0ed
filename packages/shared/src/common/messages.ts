/** On-screen and API texts copied character for character from SPEC.md. */
export const SPEC_MESSAGES = {
  noPermission: "You don't have permission to perform this action. Please contact your admin to provide access",
  unauthorized: 'You are unauthorized',
  noBusinesses: 'No businesses found',
  subscriptionNotFound: 'Subscription details not found',
  planContextMissing: 'An error occured',
} as const;

/**
 * Why a billed item (time entry, expense, flat fee) cannot change: it is on an invoice that has left
 * draft, whose lines would no longer match it. The form shows it over the read-only fields, and the
 * API refuses a change with it.
 */
export const billedLockMessage = (invoiceNumber: string) => `Billed on ${invoiceNumber} — void or credit the invoice to change it`;
