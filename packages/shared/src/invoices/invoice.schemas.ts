import { z } from 'zod';
import { invoiceWithholdingTaxSchema, withholdingTaxCreditNoteSchema } from '../withholding-tax/withholding-tax.schemas.ts';
import { INVOICE_STATUSES, type InvoiceStatus } from './invoice-statuses.ts';
import { accentColourInput, invoiceFooterInput } from './invoice-appearance.ts';
import {
  firmScopeQuerySchema,
  isoDate,
  optionalMultilineText,
  optionalText,
  queryBoolean,
  requiredId,
  requiredMultilineText,
  sortTypeSchema,
} from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';
import { expenseListItemSchema } from '../expenses/expense.schemas.ts';
import { flatFeeListItemSchema } from '../flat-fees/flat-fee.schemas.ts';
import { timeEntryListItemSchema } from '../time-entries/time-entry.schemas.ts';
import { DISCOUNT_TYPES, INVOICE_LINE_TYPES, TAX_APPLIES_TO } from './invoice-amounts.ts';
import { invoiceCreditNoteSchema } from './credit-note.schemas.ts';

export { INVOICE_STATUSES, type InvoiceStatus } from './invoice-statuses.ts';
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  Draft: 'Draft',
  AwaitingApproval: 'Awaiting approval',
  Approved: 'Approved',
  Sent: 'Sent',
  PartlyPaid: 'Partly paid',
  Paid: 'Paid',
  Void: 'Void',
};
/** The list's status tabs: every status, plus 'Overdue' is a filter (IsOverdue), not a status. */
export const INVOICE_STATUS_TABS = ['All', ...INVOICE_STATUSES] as const;
export type InvoiceStatusTab = (typeof INVOICE_STATUS_TABS)[number];

/** Paying from trust comes with the trust issue (the same payment path, a trust method then). */
export const INVOICE_PAYMENT_METHODS = ['Bank transfer', 'Cash', 'Cheque', 'Card', 'Other'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];

/**
 * A line adjustment's reason is the firm's own note: on the firm's invoice view and the realisation
 * report, never on a document the client reads (PDF, email, public page, portal, LEDES) — issue 64.
 */
export const ADJUSTMENT_REASON_HINT = 'Kept on the line for the realisation report; never shown to the client';

export const INVOICE_MESSAGES = {
  clientRequired: 'Client is required',
  noItems: 'Choose at least one time entry, expense or flat fee',
  itemUnavailable: 'Some of the chosen items are already on another invoice or can no longer be billed',
  matterNotOfClient: 'The matter does not belong to the chosen client',
  dueBeforeIssue: 'Due date cannot be before the issue date',
  adjustmentNotOnInvoice: 'An adjustment names an item that is not on the invoice',
  adjustmentReasonRequired: 'A reason is required for a line adjustment',
  notDraft: 'Only a draft invoice can be changed',
  notDraftDelete: 'Only a draft invoice can be deleted',
  notDraftSubmit: 'Only a draft invoice can be submitted for approval',
  approvalOff: 'This firm does not require invoice approval: approve or send the draft directly',
  notAwaitingApproval: 'Only an invoice awaiting approval can be approved',
  submitFirst: 'This invoice must be submitted for approval first',
  notAwaitingApprovalReject: 'Only an invoice awaiting approval can be rejected',
  numberedDraftDelete:
    'This draft already has a number (it was rejected after submission): void it instead of deleting it, so the number stays accounted for',
  needsApproval: 'This invoice must be approved before it is sent',
  cannotSend: 'A void invoice cannot be sent',
  notIssued: 'Only an issued invoice (approved or sent) can take this',
  alreadyVoid: 'This invoice is already void',
  draftVoid: 'A draft is deleted, not voided',
  voidWithPayments: 'An invoice with payments cannot be voided: reverse its payments first',
  overpayment: 'The payment is more than the balance due',
  withholdingTaxFromClientOnly: 'Withholding tax is deducted only from money the client pays itself, not from trust or credit',
  nothingDue: 'Nothing is due on this invoice',
  amountPositive: 'Amount must be greater than 0',
  paymentNotFound: 'Payment not found',
  paymentReversed: 'This payment has already been reversed',
  trustPaymentReversal: 'A payment from trust is reversed from its trust account record, which restores the client’s trust funds',
  writeOffTooLarge: 'The write-off is more than the balance due',
  reasonRequired: 'Reason is required',
  discountTooLarge: 'The discount cannot be more than the subtotal',
  percentRange: 'Percent must be between 0 and 100',
  exchangeRateInHomeCurrency: 'An exchange rate applies only to an invoice in another currency than the firm’s home currency',
  exchangeRateFormat: 'Exchange rate must be a number above 0 with at most 10 decimals',
} as const;

const percentText = (label: string) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim()))
    .refine((value) => value === null || /^\d{1,3}(\.\d{1,4})?$/.test(value), `${label} must be a number with at most 4 decimals`)
    .refine((value) => value === null || Number(value) <= 100, INVOICE_MESSAGES.percentRange);

/** A signed-free amount with at most 2 decimals, blank = null. */
const amountText = (label: string) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim()))
    .refine((value) => value === null || /^\d{1,12}(\.\d{1,2})?$/.test(value), `${label} must be an amount with at most 2 decimals`);

/** A required amount above 0 with at most 2 decimals (the action forms' amounts). */
export const requiredAmount = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} is required` })
    .transform((value) => String(value).trim())
    .refine((value) => value !== '', `${label} is required`)
    .refine((value) => value === '' || /^\d{1,12}(\.\d{1,2})?$/.test(value), `${label} must be an amount with at most 2 decimals`)
    .refine((value) => !/^\d{1,12}(\.\d{1,2})?$/.test(value) || Number(value) > 0, INVOICE_MESSAGES.amountPositive);

const idList = (label: string) =>
  z
    .array(z.uuid({ error: `${label} must be valid ids` }), { error: `${label} must be a list of ids` })
    .max(5000, `At most 5,000 ${label.toLowerCase()}`)
    .default([])
    .transform((ids) => [...new Set(ids)]);

// ---------------------------------------------------------------------------------------------
// Unbilled items (the billing state's lists, SPEC.md §3)

/** GET /api/admin/invoice/get-unbilled-items: a client's approved, billable, unbilled items. */
export const unbilledItemsQuerySchema = z.object({
  ClientId: requiredId(INVOICE_MESSAGES.clientRequired).describe(
    'The client whose unbilled items to list (required); 404 when it is not the firm’s.',
  ),
  /** One matter, or several as MatterId=a&MatterId=b. */
  MatterId: z
    .union([z.uuid(), z.array(z.uuid())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .describe('Only items on these matters of the client: one id, or several as MatterId=a&MatterId=b; omitted: every matter.'),
  From: isoDate('From date').optional().describe('Only items dated on or after this day (YYYY-MM-DD).'),
  To: isoDate('To date').optional().describe('Only items dated on or before this day (YYYY-MM-DD).'),
});
export type UnbilledItemsQuery = z.input<typeof unbilledItemsQuerySchema>;

export const unbilledItemsSchema = z.object({
  timeEntries: z
    .array(timeEntryListItemSchema)
    .describe('The client’s approved, billable time entries on no invoice: what may become fee lines.'),
  expenses: z
    .array(expenseListItemSchema)
    .describe('The client’s approved, billable expenses on no invoice: what may become expense lines.'),
  flatFees: z.array(flatFeeListItemSchema).describe('The client’s flat fees on no invoice: what may become flat-fee lines.'),
});
export type UnbilledItems = z.infer<typeof unbilledItemsSchema>;

// ---------------------------------------------------------------------------------------------
// Create / update (Draft only)

export const lineAdjustmentSchema = z.strictObject({
  itemType: z
    .enum(INVOICE_LINE_TYPES, { error: 'itemType must be fee, expense or flatFee' })
    .describe('The kind of item the line bills: fee (a time entry), expense or flatFee.'),
  itemId: z
    .uuid({ error: 'itemId must be a valid id' })
    .describe('The item’s id: one of the timeEntryIds, expenseIds or flatFeeIds chosen, of that kind (else 400).'),
  /** The amount to bill for the line instead of the item's (write down or up); the item is unchanged. */
  adjustedAmount: z
    .union([z.string(), z.number()], { error: 'Adjusted amount is required' })
    .transform((value) => String(value).trim())
    .refine((value) => /^\d{1,12}(\.\d{1,2})?$/.test(value), 'Adjusted amount must be an amount with at most 2 decimals')
    .describe('What to bill for the line instead of the item’s amount: an exact decimal with at most 2 decimals ("750.00"), 0 or more.'),
  reason: requiredMultilineText('Reason', 500).describe(
    'Why the line is written down or up (required, at most 500 characters); shown to the firm as the line’s adjustmentReason, never on the client’s PDF, email, public page, portal or LEDES.',
  ),
});
export type LineAdjustmentInput = z.input<typeof lineAdjustmentSchema>;

const invoiceFields = {
  clientId: requiredId(INVOICE_MESSAGES.clientRequired).describe('The client billed; every chosen item must be this client’s.'),
  /** The matters the invoice covers (empty: whichever the chosen items belong to). */
  matterIds: idList('Matters').describe(
    'Matters of the client the invoice covers besides those of its items, which the server adds itself; each must be the client’s (else 400).',
  ),
  timeEntryIds: idList('Time entries').describe(
    'Time entries to bill as fee lines: the client’s approved, billable and on no other invoice (else 409); at most 5,000, repeats ignored.',
  ),
  expenseIds: idList('Expenses').describe(
    'Expenses to bill as expense lines: the client’s approved, billable and on no other invoice (else 409); at most 5,000, repeats ignored.',
  ),
  flatFeeIds: idList('Flat fees').describe(
    'Flat fees to bill as flat-fee lines: the client’s and on no other invoice (else 409); at most 5,000. The three lists together name at least one item.',
  ),
  lineAdjustments: z
    .array(lineAdjustmentSchema)
    .max(5000)
    .default([])
    .describe('Lines to bill at another amount than their item’s (a write-down or write-up), each with a reason; omitted: none.'),
  discountType: z
    .enum(DISCOUNT_TYPES, { error: 'discountType must be amount or percent' })
    .nullish()
    .describe('amount (discountValue is money) or percent (discountValue is a percent of the subtotal); null or omitted: no discount.'),
  discountValue: amountText('Discount').describe(
    'The discount, with at most 2 decimals: money in the invoice’s currency ("5000.00") or a percent up to 100; never more than the subtotal (400); ignored without discountType.',
  ),
  /** Omitted: the firm's tax rate. 0 for no tax. */
  taxPercent: percentText('Tax').describe(
    'The tax rate in percent, 0–100 with at most 4 decimals ("7.5"); 0: no tax; omitted or blank: the firm’s rate.',
  ),
  /** Omitted: what the firm's tax applies to. */
  taxAppliesTo: z
    .enum(TAX_APPLIES_TO, { error: 'taxAppliesTo must be fees, expenses or both' })
    .nullish()
    .describe('What tax is charged on: fees (fees and flat fees), expenses or both; omitted: the firm’s setting.'),
  /** Omitted: today (firm's time zone). */
  issueDate: isoDate('Issue date').nullish().describe('The invoice date (YYYY-MM-DD); omitted: today in the firm’s time zone.'),
  /** Omitted: issue date + the firm's payment terms. */
  dueDate: isoDate('Due date')
    .nullish()
    .describe('When payment is due (YYYY-MM-DD), not before the issue date (400); omitted: the issue date plus the firm’s payment terms.'),
  notes: optionalMultilineText('Notes', 5000).describe('Notes printed on the invoice (at most 5,000 characters); blank or omitted: none.'),
  paymentInstructions: optionalMultilineText('Payment instructions', 5000).describe(
    'How to pay, printed on the invoice (at most 5,000 characters); blank or omitted: the firm’s default payment instructions.',
  ),
  /** Totals the client sends are accepted and ignored: the server computes every figure. */
  subtotal: z.unknown().optional().describe('Accepted and ignored: the server computes every figure from the lines.'),
  total: z.unknown().optional().describe('Accepted and ignored: the server computes every figure from the lines.'),
  discountAmount: z.unknown().optional().describe('Accepted and ignored: the server computes every figure from the lines.'),
  taxAmount: z.unknown().optional().describe('Accepted and ignored: the server computes every figure from the lines.'),
};

const refineInvoice = (
  invoice: {
    timeEntryIds: string[];
    expenseIds: string[];
    flatFeeIds: string[];
    discountType?: string | null;
    discountValue: string | null;
    issueDate?: string | null;
    dueDate?: string | null;
    lineAdjustments: { itemType: string; itemId: string }[];
  },
  context: z.RefinementCtx,
) => {
  if (invoice.timeEntryIds.length + invoice.expenseIds.length + invoice.flatFeeIds.length === 0)
    context.addIssue({ code: 'custom', path: ['timeEntryIds'], message: INVOICE_MESSAGES.noItems });
  if (invoice.discountType === 'percent' && invoice.discountValue !== null && Number(invoice.discountValue) > 100)
    context.addIssue({ code: 'custom', path: ['discountValue'], message: INVOICE_MESSAGES.percentRange });
  if (invoice.issueDate && invoice.dueDate && invoice.dueDate < invoice.issueDate)
    context.addIssue({ code: 'custom', path: ['dueDate'], message: INVOICE_MESSAGES.dueBeforeIssue });
  const chosen = {
    fee: new Set(invoice.timeEntryIds),
    expense: new Set(invoice.expenseIds),
    flatFee: new Set(invoice.flatFeeIds),
  } as Record<string, Set<string>>;
  for (const adjustment of invoice.lineAdjustments) {
    if (!chosen[adjustment.itemType]?.has(adjustment.itemId))
      context.addIssue({ code: 'custom', path: ['lineAdjustments'], message: INVOICE_MESSAGES.adjustmentNotOnInvoice });
  }
};

/** POST /api/admin/invoice/create-invoice: a Draft from the chosen items (Idempotency-Key honoured). */
export const createInvoiceSchema = z.strictObject(invoiceFields).superRefine(refineInvoice);
export type CreateInvoiceInput = z.input<typeof createInvoiceSchema>;
export type CreateInvoiceParsed = z.output<typeof createInvoiceSchema>;

/** PUT /api/admin/invoice/update-invoice/{id}: Draft only; the whole draft as create takes it. */
export const updateInvoiceSchema = createInvoiceSchema;
export type UpdateInvoiceInput = CreateInvoiceInput;

// ---------------------------------------------------------------------------------------------
// The invoice

export const invoiceLineSchema = z.object({
  id: z.string().describe('The line’s id.'),
  itemType: z.enum(INVOICE_LINE_TYPES).describe('What the line bills: fee (a time entry), expense or flatFee.'),
  /** The time entry, expense or flat fee the line bills. */
  itemId: z.string().describe('The time entry, expense or flat fee the line bills (locked to this invoice until it is void or deleted).'),
  lineDate: z.string().describe('The item’s date (YYYY-MM-DD).'),
  matterId: z.string().describe('The matter the item belongs to.'),
  matterName: z.string().describe('That matter’s name.'),
  matterNumber: z.string().nullable().describe('That matter’s number; null when it has none.'),
  /** The fee earner (time entries, flat fees); expenses: who added it. */
  feeEarnerId: z
    .string()
    .nullable()
    .describe('The fee earner (time entries and flat fees) or, for an expense, who added it; null when none.'),
  feeEarnerName: z.string().nullable().describe('That user’s name as it was when the line was saved; null when none.'),
  description: z.string().describe('The item’s description as it was when the line was saved.'),
  /** Time entries: billed hours (4 decimals); else null. */
  hours: z
    .string()
    .nullable()
    .describe('Time entries: the billed hours as a decimal with 4 places ("1.5000"); null for expenses and flat fees.'),
  /** Time entries: hourly rate; expenses: unit cost; flat fees: the fee. */
  rate: z
    .string()
    .nullable()
    .describe('Time entries: the hourly rate; expenses: the unit cost; flat fees: the fee (exact decimals, 2 places).'),
  /** Expenses: quantity (4 decimals); time entries: null (hours); flat fees: '1'. */
  quantity: z
    .string()
    .nullable()
    .describe('Expenses: the quantity, without trailing zeros ("2.5"); flat fees: "1"; time entries: null (see hours).'),
  /** The item's own amount when invoiced (home currency). */
  itemAmount: z
    .string()
    .describe('The item’s own amount when the line was saved, in the firm’s home currency (exact decimal, "45000.00").'),
  /** The billed amount: adjustedAmount when adjusted, else itemAmount. */
  amount: z.string().describe('What the line bills: the adjusted amount when the line was adjusted, else itemAmount (exact decimal).'),
  /** amount − itemAmount ('0.00' when not adjusted); LEDES LINE_ITEM_ADJUSTMENT_AMOUNT. */
  adjustment: z.string().describe('amount − itemAmount: negative for a write-down, positive for a write-up, "0.00" when not adjusted.'),
  adjustmentReason: z
    .string()
    .nullable()
    .describe('Why the line was adjusted, for the firm only (never on a client’s document); null when it was not.'),
  /** UTBMS task (L110…), activity (A101…) and expense (E101…) codes when the item has them. */
  utbmsTaskCode: z.string().nullable().describe('The UTBMS task code (L110…) of a time entry, for LEDES; null when none.'),
  utbmsActivityCode: z
    .string()
    .nullable()
    .describe('The UTBMS activity code (A101…) of a time entry’s activity, for LEDES; null when none.'),
  utbmsExpenseCode: z.string().nullable().describe('The UTBMS expense code (E101…) of an expense, for LEDES; null when none.'),
  sortOrder: z.number().describe('The line’s place on the invoice, from 0: fees, then expenses, then flat fees.'),
  creditNoteNumber: z.string().nullable().describe('The credit note that credited the line ("CN-00001"); null while it stands.'),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceTotalsSchema = z.object({
  feesSubtotal: z.string().describe('The fee lines’ amounts added up: an exact decimal in the invoice’s currency ("150000.00").'),
  expensesSubtotal: z.string().describe('The expense lines’ amounts added up (exact decimal).'),
  flatFeesSubtotal: z.string().describe('The flat-fee lines’ amounts added up (exact decimal).'),
  subtotal: z.string().describe('Fees + expenses + flat fees, before discount and tax (exact decimal).'),
  discountAmount: z
    .string()
    .describe('The discount in money: the amount given, or the percent of the subtotal rounded half-up; never more than the subtotal.'),
  taxableAmount: z
    .string()
    .describe('What tax is charged on: the part of the subtotal taxAppliesTo names, less its share of the discount.'),
  taxAmount: z.string().describe('taxableAmount × taxPercent ÷ 100, rounded half-up to the cent.'),
  total: z.string().describe('What the invoice bills: subtotal − discountAmount + taxAmount (exact decimal).'),
  paidAmount: z.string().describe('The payments received, net of reversals (exact decimal).'),
  writtenOffAmount: z.string().describe('What was written off (exact decimal).'),
  creditedAmount: z.string().describe('What credit notes took off the balance due (exact decimal).'),
  balanceDue: z.string().describe('What is still owed: total − paidAmount − writtenOffAmount − creditedAmount (exact decimal).'),
});
export type InvoiceTotalsView = z.infer<typeof invoiceTotalsSchema>;

export const invoicePaymentSchema = z.object({
  id: z.string().describe('The payment’s id (the paymentId reverse-payment takes).'),
  receiptNumber: z.string().describe('The receipt number ("RCT-00012"); a reversal carries its payment’s number with "-R".'),
  amount: z
    .string()
    .describe(
      'What the payment settled, an exact decimal in the invoice’s currency ("25000.00"): the money received plus any withholding tax deducted; negative for a reversal.',
    ),
  withholdingTaxAmount: z
    .string()
    .describe(
      'Of amount, the withholding tax the client deducted ("0.00" when none); the money received is amount − this. Negative for a reversal.',
    ),
  withholdingTaxCreditNote: withholdingTaxCreditNoteSchema
    .nullable()
    .describe('The client’s WHT credit note for the tax deducted, once recorded; null while outstanding or without WHT.'),
  paymentDate: z.string().describe('The date the money was received (YYYY-MM-DD); for a reversal, the day it was reversed.'),
  method: z
    .string()
    .describe('How it was paid: Bank transfer, Cash, Cheque, Card (online payments too), Other, or Trust (from the client’s trust funds).'),
  reference: z.string().nullable().describe('The payer’s or gateway’s reference (a cheque or transfer number…); null when none was given.'),
  /** A reversal is a second, negative entry naming the payment it reverses. */
  isReversal: z.boolean().describe('True for a reversal: a second, negative entry cancelling the payment in reversesPaymentId.'),
  reversesPaymentId: z.string().nullable().describe('For a reversal: the payment it cancels; else null.'),
  reversedByPaymentId: z.string().nullable().describe('For a payment that was reversed: the reversal’s id; else null.'),
  reason: z.string().nullable().describe('For a reversal: why the payment was reversed; else null.'),
  recordedByUserName: z.string().describe('Who recorded it.'),
  createdAt: z.string().describe('When it was recorded (ISO 8601 UTC).'),
  realisedExchangeDifference: z
    .object({
      amount: z.string().describe('The gain (positive) or loss (negative), an exact decimal in currencyCode ("5000.00").'),
      currencyCode: z.string().describe('The firm’s home currency, ISO 4217 ("NGN").'),
    })
    .nullable()
    .describe(
      'For a payment of an invoice in a foreign currency at another rate than the invoice’s: the exchange gain or loss it realised (4300), in the home currency; a reversal carries its opposite. Null when none.',
    ),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

export const invoiceStatusHistoryItemSchema = z.object({
  status: z.enum(INVOICE_STATUSES).describe('The invoice’s status once this happened.'),
  /** What happened: created, submitted, approved, sent, delivered, payment, void, write-off… */
  action: z
    .string()
    .describe(
      'What happened: created, updated, submitted, approved, rejected, sent, resent, delivered, payment, paymentReversed, writeOff or voided.',
    ),
  note: z
    .string()
    .nullable()
    .describe(
      'Its note: the submitter’s or approver’s note, a reason, the address emailed, or a receipt number and amount; null when none.',
    ),
  byUserName: z.string().describe('Who did it.'),
  at: z.string().describe('When it happened (ISO 8601 UTC).'),
});
export type InvoiceStatusHistoryItem = z.infer<typeof invoiceStatusHistoryItemSchema>;

/** The last time an approver sent the invoice back to Draft: why, who and when (null if never). */
export const invoiceRejectionSchema = z.object({
  reason: z.string().describe('The approver’s reason for sending the invoice back to draft.'),
  byUserName: z.string().describe('The approver who rejected it.'),
  at: z.string().describe('When it was rejected (ISO 8601 UTC).'),
});
export type InvoiceRejection = z.infer<typeof invoiceRejectionSchema>;

export const invoiceWriteOffSchema = z.object({
  id: z.string().describe('The write-off’s id.'),
  amount: z.string().describe('The amount written off, an exact decimal in the invoice’s currency.'),
  reason: z.string().describe('Why it was written off.'),
  writeOffDate: z.string().describe('The date the write-off takes effect in the ledger (YYYY-MM-DD).'),
  byUserName: z.string().describe('Who wrote it off.'),
  createdAt: z.string().describe('When it was recorded (ISO 8601 UTC).'),
});

export const invoiceSchema = z.object({
  id: z.string().describe('The invoice’s id.'),
  /**
   * INV-00001: null while a draft (numbers are given when the invoice leaves draft); a draft that
   * was rejected after submission keeps the number it took.
   */
  invoiceNumber: z
    .string()
    .nullable()
    .describe('The firm’s prefix and a number of at least 5 digits ("INV-00001"); null for a draft that never left draft.'),
  status: z
    .enum(INVOICE_STATUSES)
    .describe('Draft, AwaitingApproval, Approved (issued), Sent, PartlyPaid, Paid or Void; payments and write-offs move it.'),
  statusLabel: z.string().describe('The status in words to show ("Awaiting approval", "Partly paid"…).'),
  clientId: z.string().describe('The client billed.'),
  clientName: z.string().describe('The client’s name.'),
  clientEmail: z
    .string()
    .nullable()
    .describe('The client’s email, where a send emails the invoice by default; null when the client has none.'),
  clientAddress: z
    .string()
    .nullable()
    .describe('The client’s address on one line (street, city, state, postal code, country, comma-separated); null when none is recorded.'),
  matters: z
    .array(
      z.object({
        id: z.string().describe('The matter’s id.'),
        name: z.string().describe('The matter’s name.'),
        matterNumber: z.string().nullable().describe('The matter’s number; null when it has none.'),
      }),
    )
    .describe('The matters the invoice covers, by name.'),
  issueDate: z.string().describe('The invoice date (YYYY-MM-DD).'),
  dueDate: z.string().describe('When payment is due (YYYY-MM-DD).'),
  isOverdue: z
    .boolean()
    .describe(
      'True when issued and not paid (approved, sent or partly paid), money is due and the due date is before today in the firm’s time zone.',
    ),
  discountType: z.enum(DISCOUNT_TYPES).nullable().describe('amount or percent; null: no discount.'),
  discountValue: z
    .string()
    .nullable()
    .describe('The discount as given, without trailing zeros: money for amount, a percent for percent ("10"); null without a discount.'),
  taxName: z.string().nullable().describe('The tax’s name from the firm’s settings when the draft was last saved ("VAT"); null when none.'),
  taxPercent: z.string().describe('The tax rate in percent, without trailing zeros ("7.5"); "0" for no tax.'),
  taxAppliesTo: z.enum(TAX_APPLIES_TO).describe('What tax is charged on: fees (fees and flat fees), expenses or both.'),
  notes: z.string().nullable().describe('Notes printed on the invoice; null when none.'),
  paymentInstructions: z.string().nullable().describe('How to pay, printed on the invoice; null when none.'),
  currencySymbol: z.string().describe('The symbol of the invoice’s currency ("₦"), for display; empty when it has no currency recorded.'),
  currencyCode: z
    .string()
    .nullable()
    .describe('The invoice’s currency, ISO 4217 ("NGN"): the firm’s home currency when it was created; null when none was recorded.'),
  /** Lines grouped as on the bill. */
  fees: z.array(invoiceLineSchema).describe('The fee lines (time entries), in the bill’s order.'),
  expenses: z.array(invoiceLineSchema).describe('The expense lines, in the bill’s order.'),
  flatFees: z.array(invoiceLineSchema).describe('The flat-fee lines, in the bill’s order.'),
  totals: invoiceTotalsSchema.describe('Every figure of the invoice, computed by the server (money as exact decimals in its currency).'),
  payments: z.array(invoicePaymentSchema).describe('Payments received and their reversals, oldest first.'),
  withholdingTax: invoiceWithholdingTaxSchema
    .nullable()
    .describe(
      'For an issued invoice: the client’s WHT rate, the fee part it applies to, what was withheld and what to propose with a payment; null before issue.',
    ),
  writeOffs: z.array(invoiceWriteOffSchema).describe('Amounts written off, oldest first.'),
  creditNotes: z.array(invoiceCreditNoteSchema).describe('Credit notes against the invoice, oldest first.'),
  statusHistory: z.array(invoiceStatusHistoryItemSchema).describe('What happened to the invoice, oldest first.'),
  /** Bill of charges (Legal Practitioners Act s.16(2)): the date the bill was delivered… */
  deliveredDate: z
    .string()
    .nullable()
    .describe(
      'When the bill was delivered (YYYY-MM-DD): its first send’s date, or the date recorded for delivery by hand; null until then.',
    ),
  deliveryMethod: z
    .enum(['email', 'hand'])
    .nullable()
    .describe('How it was delivered: email (by its first send) or hand (recorded with mark-delivered); null until delivered.'),
  /** …and the date fees become recoverable by action (one month after delivery), when the firm's clock is on. */
  recoverableFromDate: z
    .string()
    .nullable()
    .describe(
      'The date fees become recoverable by action, one month after deliveredDate (YYYY-MM-DD); null until delivered or when the clock is off.',
    ),
  billOfChargesClock: z
    .boolean()
    .describe('Whether the firm runs the bill-of-charges clock (Legal Practitioners Act s.16(2)), from its invoice settings.'),
  sentAt: z.string().nullable().describe('When it was last sent (ISO 8601 UTC); null if never sent.'),
  approvedAt: z
    .string()
    .nullable()
    .describe('When it was approved (ISO 8601 UTC); null when not approved (one sent straight from draft has none).'),
  approvedByUserName: z.string().nullable().describe('Who approved it; null when not approved.'),
  voidedAt: z.string().nullable().describe('When it was voided (ISO 8601 UTC); null unless void.'),
  voidReason: z.string().nullable().describe('Why it was voided; null unless void.'),
  /** The last rejection back to Draft (shown on a draft so the fee earner sees why). */
  lastRejection: invoiceRejectionSchema
    .nullable()
    .describe('The last time an approver sent the invoice back to draft, so the fee earner sees why; null if never.'),
  createdByUserName: z.string().describe('Who created the invoice.'),
  createdAt: z.string().describe('When it was created (ISO 8601 UTC).'),
  updatedAt: z.string().describe('When it last changed (ISO 8601 UTC).'),
  /** What the principal may do next (the server still checks every call). */
  canEdit: z
    .boolean()
    .describe('True when the caller may change it now (a draft, and they hold invoice.edit); the server still checks every call.'),
  needsApproval: z.boolean().describe('True when the firm requires approval: a draft must be submitted and approved before it is sent.'),
});
export type Invoice = z.infer<typeof invoiceSchema>;

// ---------------------------------------------------------------------------------------------
// List

export const INVOICE_SORT_COLUMNS = [
  'invoiceNumber',
  'clientName',
  'issueDate',
  'dueDate',
  'total',
  'balanceDue',
  'status',
  'createdAt',
] as const;

/** GET /api/admin/invoice/get-invoice-list (SPEC-style names). */
export const invoiceListQuerySchema = pageQuerySchema.extend({
  sortColumn: z.enum(INVOICE_SORT_COLUMNS).optional().describe('The column to sort by; omitted: issueDate, then newest created.'),
  sortType: sortTypeSchema,
  GeneralSearchText: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Keeps invoices whose number or client’s name contains this text, in any case (at most 200 characters).'),
  /** A status tab ('All' or absent: every status). */
  Status: z
    .enum(INVOICE_STATUS_TABS, { error: `Status must be one of ${INVOICE_STATUS_TABS.join(', ')}` })
    .optional()
    .describe('One status (Draft, AwaitingApproval, Approved, Sent, PartlyPaid, Paid or Void); All or omitted: every status.'),
  ClientId: z.uuid().optional().describe('Only this client’s invoices.'),
  MatterId: z.uuid().optional().describe('Only invoices covering this matter.'),
  /** Issue date range. */
  From: isoDate('From date').optional().describe('Only invoices issued on or after this day (YYYY-MM-DD).'),
  To: isoDate('To date').optional().describe('Only invoices issued on or before this day (YYYY-MM-DD).'),
  /** Issued, not void, balance due > 0 and due date before today. */
  IsOverdue: queryBoolean.describe('true or 1: only overdue invoices (issued, money due, due date before today in the firm’s time zone).'),
  IsDownlodCsv: queryBoolean.describe('true or 1: answer the whole filter as a text/csv file instead of a page (SPEC’s spelling).'),
  IncludeTotals: queryBoolean.describe('true or 1: also answer totals, the whole filter’s figures per currency (reads every match).'),
  ...firmScopeQuerySchema.shape,
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const invoiceListItemSchema = z.object({
  id: z.string().describe('The invoice’s id.'),
  invoiceNumber: z.string().nullable().describe('Its number ("INV-00001"); null for a draft that never left draft.'),
  status: z.enum(INVOICE_STATUSES).describe('Draft, AwaitingApproval, Approved, Sent, PartlyPaid, Paid or Void.'),
  statusLabel: z.string().describe('The status in words to show ("Partly paid").'),
  clientId: z.string().describe('The client billed.'),
  clientName: z.string().describe('The client’s name.'),
  matterNames: z.array(z.string()).describe('The names of the matters it covers, alphabetical.'),
  issueDate: z.string().describe('The invoice date (YYYY-MM-DD).'),
  dueDate: z.string().describe('When payment is due (YYYY-MM-DD).'),
  isOverdue: z.boolean().describe('True when issued, money is due and the due date is before today in the firm’s time zone.'),
  isDisputed: z.boolean().describe('True while the invoice is marked disputed (its client contests it; no reminder goes).'),
  hasMissedInstalment: z.boolean().describe('True when an instalment of its payment plan is past its due date and not fully paid.'),
  total: z.string().describe('What the invoice bills, an exact decimal in its currency ("150000.00").'),
  paidAmount: z.string().describe('The payments received, net of reversals (exact decimal).'),
  balanceDue: z.string().describe('What is still owed: total less payments and write-offs (exact decimal).'),
  currencySymbol: z.string().describe('The symbol of the invoice’s currency ("₦"); empty when it has no currency recorded.'),
  deliveredDate: z.string().nullable().describe('When the bill was delivered (YYYY-MM-DD); null until then.'),
  createdAt: z.string().describe('When it was created (ISO 8601 UTC).'),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

/**
 * One currency's share of the whole filter's summary (an invoice with no currency of its own is in
 * the firm's home currency). Drafts (and invoices awaiting approval) are counted apart: they owe
 * nothing yet. Of the issued ones, billed = paid + written off + outstanding, to the cent; void
 * invoices are in none of the figures.
 */
export const invoiceCurrencyTotalsSchema = z.object({
  /** ISO 4217 code, e.g. "NGN". */
  currency: z.string().describe('The currency these figures are in, ISO 4217 ("NGN").'),
  currencySymbol: z.string().describe('That currency’s symbol ("₦"), for display.'),
  /** Draft or awaiting approval: how many, and what they would bill. */
  draftCount: z.number().describe('How many matching invoices are drafts or awaiting approval (they owe nothing yet).'),
  draftTotal: z.string().describe('What those drafts would bill (exact decimal).'),
  /** Issued (approved, sent, partly paid, paid): their totals… */
  billed: z
    .string()
    .describe('The totals of the issued invoices (approved, sent, partly paid, paid): paidAmount + writtenOff + outstanding.'),
  /** …what was received for them (net of reversals)… */
  paidAmount: z.string().describe('What was received for them, net of reversals (exact decimal).'),
  /** …what was written off… */
  writtenOff: z.string().describe('What was written off them (exact decimal).'),
  /** …and what is still owed: the sum of open balances. */
  outstanding: z.string().describe('What is still owed on them: the sum of their balances due (exact decimal).'),
});
export type InvoiceCurrencyTotals = z.infer<typeof invoiceCurrencyTotalsSchema>;
/** The summary per currency, home currency first: no figure ever adds two currencies (issue 33 §3). */
export const invoiceListTotalsSchema = z.array(invoiceCurrencyTotalsSchema);
export type InvoiceListTotals = z.infer<typeof invoiceListTotalsSchema>;
export const invoicePageSchema = pageSchema(invoiceListItemSchema).extend({
  totals: invoiceListTotalsSchema
    .optional()
    .describe(
      'Only with IncludeTotals=true: the whole filter’s figures, one entry per currency, the home currency first; void invoices count in none.',
    ),
});
export type InvoicePage = z.infer<typeof invoicePageSchema>;

// ---------------------------------------------------------------------------------------------
// Aged receivables

export const AGING_BUCKETS = ['current', 'days1To30', 'days31To60', 'days61To90', 'days90Plus'] as const;
export const AGING_BUCKET_LABELS: Record<(typeof AGING_BUCKETS)[number], string> = {
  current: 'Current',
  days1To30: '1–30 days',
  days31To60: '31–60 days',
  days61To90: '61–90 days',
  days90Plus: '90+ days',
};

/**
 * GET /api/admin/invoice/get-aged-receivables: what clients owed at the end of a day, by days past
 * due on that day: invoices issued on or before it, less payments and write-offs dated on or before it.
 */
export const agedReceivablesQuerySchema = z.object({
  /** YYYY-MM-DD; default today in the firm's time zone. */
  AsOf: isoDate('As of date').optional().describe('The day to age at, at its end (YYYY-MM-DD); omitted: today in the firm’s time zone.'),
  ClientId: z.uuid().optional().describe('Only this client.'),
  IsDownlodCsv: queryBoolean.describe(
    'true or 1: answer a text/csv file instead (a row per client and currency, then a total row per currency).',
  ),
});
const agingAmounts = {
  current: z.string().describe('Owed on invoices not yet past due on that day (exact decimal).'),
  days1To30: z.string().describe('Owed on invoices 1–30 days past due on that day (exact decimal).'),
  days31To60: z.string().describe('Owed on invoices 31–60 days past due on that day (exact decimal).'),
  days61To90: z.string().describe('Owed on invoices 61–90 days past due on that day (exact decimal).'),
  days90Plus: z.string().describe('Owed on invoices more than 90 days past due on that day (exact decimal).'),
  total: z.string().describe('Everything owed on that day: the five buckets added up (exact decimal).'),
};
const agingCurrency = {
  currencyCode: z.string().describe('The currency these amounts are in, ISO 4217 ("NGN").'),
  currencySymbol: z.string().describe('That currency’s symbol ("₦"), for display.'),
};
/** A row per client and currency, and totals per currency (the home currency first): two currencies are never added. */
export const agedReceivablesSchema = z.object({
  asOf: z.string().describe('The day aged at (YYYY-MM-DD).'),
  clients: z
    .array(
      z.object({
        clientId: z.string().describe('The client.'),
        clientName: z.string().describe('The client’s name.'),
        invoiceCount: z.number().describe('How many of the client’s invoices in this currency still owed something on that day.'),
        ...agingCurrency,
        ...agingAmounts,
      }),
    )
    .describe('A row per client and currency that owed something on that day, by client name.'),
  totals: z
    .array(z.object({ ...agingCurrency, ...agingAmounts }))
    .describe('The rows added up per currency, the home currency first (two currencies are never added).'),
});
export type AgedReceivables = z.infer<typeof agedReceivablesSchema>;

// ---------------------------------------------------------------------------------------------
// Firm invoice settings

export * from './invoice-appearance.ts';

export const invoiceSettingsSchema = z.object({
  invoiceNumberPrefix: z.string().describe('Put before each new invoice’s number: "INV-" gives INV-00001 (may be empty).'),
  paymentTermsDays: z.number().describe('Days from the issue date to the due date of an invoice that names no due date.'),
  taxName: z.string().nullable().describe('The tax’s name printed on invoices ("VAT"); null when none.'),
  taxPercent: z.string().describe('The tax rate new invoices take, in percent without trailing zeros ("7.5"); "0": no tax.'),
  taxAppliesTo: z.enum(TAX_APPLIES_TO).describe('What new invoices charge tax on: fees (fees and flat fees), expenses or both.'),
  invoiceApprovalRequired: z
    .boolean()
    .describe('True: a draft must be submitted and approved before it is issued or sent; false: it may be approved or sent directly.'),
  billOfChargesClock: z
    .boolean()
    .describe(
      'True: invoices show the date fees become recoverable, one month after delivery (Legal Practitioners Act s.16(2)); on by default for an NGN firm.',
    ),
  defaultPaymentInstructions: z.string().nullable().describe('How to pay, put on an invoice that gives none; null when none.'),
  /** The firm's tax identification number, printed on its bills; null when it has none. */
  taxNumber: z.string().nullable().describe('The firm’s tax identification number, printed on its bills; null when it has none.'),
  invoiceAccentColour: z
    .string()
    .nullable()
    .describe(
      'The colour of the bill’s heading rule and table headings (#RRGGBB) on the PDF, public page and email; null: the product’s own.',
    ),
  invoiceFooter: z
    .string()
    .nullable()
    .describe('Text printed at the foot of every page of the bill, its public page and email; null when none.'),
  staleWorkDays: z.number().int().describe('Pre-bill review flags work on a draft dated more than this many days before today.'),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

/** PUT /api/admin/invoice/update-invoice-settings. */
export const invoiceSettingsInputSchema = z.strictObject({
  invoiceNumberPrefix: z
    .string({ error: 'Invoice number prefix is required' })
    .trim()
    .max(12, 'Invoice number prefix must be at most 12 characters')
    .regex(/^[A-Za-z0-9/_-]*$/, 'Invoice number prefix may hold letters, digits, - / and _ only')
    .describe('Put before each new invoice’s number ("INV-"): letters, digits, - / and _ only, at most 12 characters; may be empty.'),
  paymentTermsDays: z.coerce
    .number({ error: 'Payment terms must be a number of days' })
    .int('Payment terms must be whole days')
    .min(0, 'Payment terms cannot be negative')
    .max(365, 'Payment terms must be at most 365 days')
    .describe('Whole days, 0–365, from the issue date to the due date of an invoice that names no due date.'),
  taxName: optionalText('Tax name', 40).describe('The tax’s name printed on invoices ("VAT"), at most 40 characters; blank: none.'),
  taxPercent: percentText('Tax rate')
    .transform((value) => value ?? '0')
    .describe('The tax rate new invoices take, in percent: 0–100 with at most 4 decimals; blank or omitted: 0 (no tax).'),
  taxAppliesTo: z
    .enum(TAX_APPLIES_TO, { error: 'Tax applies to must be fees, expenses or both' })
    .describe('What new invoices charge tax on: fees (fees and flat fees), expenses or both.'),
  invoiceApprovalRequired: z
    .boolean({ error: 'Approval required must be true or false' })
    .describe('True: a draft must be submitted and approved before it is issued or sent.'),
  billOfChargesClock: z
    .boolean({ error: 'Bill of charges clock must be true or false' })
    .describe('True: invoices show the date fees become recoverable, one month after delivery (Legal Practitioners Act s.16(2)).'),
  defaultPaymentInstructions: optionalMultilineText('Payment instructions', 5000).describe(
    'How to pay, put on an invoice that gives none (at most 5,000 characters); blank: none.',
  ),
  /** Optional (blank or omitted: none). */
  taxNumber: optionalText('Tax identification number', 50).describe(
    'The firm’s tax identification number, printed on its bills (at most 50 characters); blank or omitted: none.',
  ),
  invoiceAccentColour: accentColourInput.describe(
    'The colour of the bill’s heading rule and table headings, #RRGGBB ("#1F6FEB"); blank or omitted: the product’s own colours.',
  ),
  invoiceFooter: invoiceFooterInput.describe(
    'Text printed at the foot of every page of the bill, its public page and email (at most 500 characters); blank or omitted: none.',
  ),
  staleWorkDays: z.coerce
    .number({ error: 'Old work limit must be a number of days' })
    .int('Old work limit must be whole days')
    .min(1, 'Old work limit must be at least 1 day')
    .max(3650, 'Old work limit must be at most 3650 days')
    .optional()
    .describe('Pre-bill review flags work older than this many days (1–3650); omitted: unchanged (90 for a new firm).'),
});
export type InvoiceSettingsInput = z.input<typeof invoiceSettingsInputSchema>;

export const DEFAULT_INVOICE_NUMBER_PREFIX = 'INV-';
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
/** INV-00001: the prefix and the number padded to 5 digits (more digits once past 99,999). */
export function formatInvoiceNumber(prefix: string, value: number | bigint): string {
  return `${prefix}${String(value).padStart(5, '0')}`;
}
