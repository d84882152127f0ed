import { z } from 'zod';
import { isoDate, optionalText, queryBoolean, requiredId, requiredText, sortTypeSchema } from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';
import { expenseListItemSchema } from '../expenses/expense.schemas.ts';
import { flatFeeListItemSchema } from '../flat-fees/flat-fee.schemas.ts';
import { timeEntryListItemSchema } from '../time-entries/time-entry.schemas.ts';
import { DISCOUNT_TYPES, INVOICE_LINE_TYPES, TAX_APPLIES_TO } from './invoice-amounts.ts';

/**
 * Draft → AwaitingApproval (when the firm requires approval) → Approved → Sent → PartlyPaid → Paid;
 * AwaitingApproval → Draft when an approver rejects it (with a reason; it keeps its number);
 * or Void (with a reason; its items return to unbilled; the number stays used).
 * docs/adr/ has the whole state machine.
 */
export const INVOICE_STATUSES = ['Draft', 'AwaitingApproval', 'Approved', 'Sent', 'PartlyPaid', 'Paid', 'Void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
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
  nothingDue: 'Nothing is due on this invoice',
  amountPositive: 'Amount must be greater than 0',
  paymentNotFound: 'Payment not found',
  paymentReversed: 'This payment has already been reversed',
  trustPaymentReversal: 'A payment from trust is reversed from its trust account record, which restores the client’s trust funds',
  writeOffTooLarge: 'The write-off is more than the balance due',
  reasonRequired: 'Reason is required',
  discountTooLarge: 'The discount cannot be more than the subtotal',
  percentRange: 'Percent must be between 0 and 100',
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

const requiredAmount = (label: string) =>
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
  ClientId: requiredId(INVOICE_MESSAGES.clientRequired),
  /** One matter, or several as MatterId=a&MatterId=b. */
  MatterId: z
    .union([z.uuid(), z.array(z.uuid())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
  From: isoDate('From date').optional(),
  To: isoDate('To date').optional(),
});
export type UnbilledItemsQuery = z.input<typeof unbilledItemsQuerySchema>;

export const unbilledItemsSchema = z.object({
  timeEntries: z.array(timeEntryListItemSchema),
  expenses: z.array(expenseListItemSchema),
  flatFees: z.array(flatFeeListItemSchema),
});
export type UnbilledItems = z.infer<typeof unbilledItemsSchema>;

// ---------------------------------------------------------------------------------------------
// Create / update (Draft only)

export const lineAdjustmentSchema = z.strictObject({
  itemType: z.enum(INVOICE_LINE_TYPES, { error: 'itemType must be fee, expense or flatFee' }),
  itemId: z.uuid({ error: 'itemId must be a valid id' }),
  /** The amount to bill for the line instead of the item's (write down or up); the item is unchanged. */
  adjustedAmount: z
    .union([z.string(), z.number()], { error: 'Adjusted amount is required' })
    .transform((value) => String(value).trim())
    .refine((value) => /^\d{1,12}(\.\d{1,2})?$/.test(value), 'Adjusted amount must be an amount with at most 2 decimals'),
  reason: requiredText('Reason', 500),
});
export type LineAdjustmentInput = z.input<typeof lineAdjustmentSchema>;

const invoiceFields = {
  clientId: requiredId(INVOICE_MESSAGES.clientRequired),
  /** The matters the invoice covers (empty: whichever the chosen items belong to). */
  matterIds: idList('Matters'),
  timeEntryIds: idList('Time entries'),
  expenseIds: idList('Expenses'),
  flatFeeIds: idList('Flat fees'),
  lineAdjustments: z.array(lineAdjustmentSchema).max(5000).default([]),
  discountType: z.enum(DISCOUNT_TYPES, { error: 'discountType must be amount or percent' }).nullish(),
  discountValue: amountText('Discount'),
  /** Omitted: the firm's tax rate. 0 for no tax. */
  taxPercent: percentText('Tax'),
  /** Omitted: what the firm's tax applies to. */
  taxAppliesTo: z.enum(TAX_APPLIES_TO, { error: 'taxAppliesTo must be fees, expenses or both' }).nullish(),
  /** Omitted: today (firm's time zone). */
  issueDate: isoDate('Issue date').nullish(),
  /** Omitted: issue date + the firm's payment terms. */
  dueDate: isoDate('Due date').nullish(),
  notes: optionalText('Notes', 5000),
  paymentInstructions: optionalText('Payment instructions', 5000),
  /** Totals the client sends are accepted and ignored: the server computes every figure. */
  subtotal: z.unknown().optional(),
  total: z.unknown().optional(),
  discountAmount: z.unknown().optional(),
  taxAmount: z.unknown().optional(),
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
  id: z.string(),
  itemType: z.enum(INVOICE_LINE_TYPES),
  /** The time entry, expense or flat fee the line bills. */
  itemId: z.string(),
  lineDate: z.string(),
  matterId: z.string(),
  matterName: z.string(),
  matterNumber: z.string().nullable(),
  /** The fee earner (time entries, flat fees); expenses: who added it. */
  feeEarnerId: z.string().nullable(),
  feeEarnerName: z.string().nullable(),
  description: z.string(),
  /** Time entries: billed hours (4 decimals); else null. */
  hours: z.string().nullable(),
  /** Time entries: hourly rate; expenses: unit cost; flat fees: the fee. */
  rate: z.string().nullable(),
  /** Expenses: quantity (4 decimals); time entries: null (hours); flat fees: '1'. */
  quantity: z.string().nullable(),
  /** The item's own amount when invoiced (home currency). */
  itemAmount: z.string(),
  /** The billed amount: adjustedAmount when adjusted, else itemAmount. */
  amount: z.string(),
  /** amount − itemAmount ('0.00' when not adjusted); LEDES LINE_ITEM_ADJUSTMENT_AMOUNT. */
  adjustment: z.string(),
  adjustmentReason: z.string().nullable(),
  /** UTBMS task (L110…), activity (A101…) and expense (E101…) codes when the item has them. */
  utbmsTaskCode: z.string().nullable(),
  utbmsActivityCode: z.string().nullable(),
  utbmsExpenseCode: z.string().nullable(),
  sortOrder: z.number(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceTotalsSchema = z.object({
  feesSubtotal: z.string(),
  expensesSubtotal: z.string(),
  flatFeesSubtotal: z.string(),
  subtotal: z.string(),
  discountAmount: z.string(),
  taxableAmount: z.string(),
  taxAmount: z.string(),
  total: z.string(),
  paidAmount: z.string(),
  writtenOffAmount: z.string(),
  balanceDue: z.string(),
});
export type InvoiceTotalsView = z.infer<typeof invoiceTotalsSchema>;

export const invoicePaymentSchema = z.object({
  id: z.string(),
  receiptNumber: z.string(),
  amount: z.string(),
  paymentDate: z.string(),
  method: z.string(),
  reference: z.string().nullable(),
  /** A reversal is a second, negative entry naming the payment it reverses. */
  isReversal: z.boolean(),
  reversesPaymentId: z.string().nullable(),
  reversedByPaymentId: z.string().nullable(),
  reason: z.string().nullable(),
  recordedByUserName: z.string(),
  createdAt: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

export const invoiceStatusHistoryItemSchema = z.object({
  status: z.enum(INVOICE_STATUSES),
  /** What happened: created, submitted, approved, sent, delivered, payment, void, write-off… */
  action: z.string(),
  note: z.string().nullable(),
  byUserName: z.string(),
  at: z.string(),
});
export type InvoiceStatusHistoryItem = z.infer<typeof invoiceStatusHistoryItemSchema>;

/** The last time an approver sent the invoice back to Draft: why, who and when (null if never). */
export const invoiceRejectionSchema = z.object({
  reason: z.string(),
  byUserName: z.string(),
  at: z.string(),
});
export type InvoiceRejection = z.infer<typeof invoiceRejectionSchema>;

export const invoiceWriteOffSchema = z.object({
  id: z.string(),
  amount: z.string(),
  reason: z.string(),
  writeOffDate: z.string(),
  byUserName: z.string(),
  createdAt: z.string(),
});

export const invoiceSchema = z.object({
  id: z.string(),
  /**
   * INV-00001: null while a draft (numbers are given when the invoice leaves draft); a draft that
   * was rejected after submission keeps the number it took.
   */
  invoiceNumber: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  statusLabel: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  clientAddress: z.string().nullable(),
  matters: z.array(z.object({ id: z.string(), name: z.string(), matterNumber: z.string().nullable() })),
  issueDate: z.string(),
  dueDate: z.string(),
  isOverdue: z.boolean(),
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  discountValue: z.string().nullable(),
  taxName: z.string().nullable(),
  taxPercent: z.string(),
  taxAppliesTo: z.enum(TAX_APPLIES_TO),
  notes: z.string().nullable(),
  paymentInstructions: z.string().nullable(),
  currencySymbol: z.string(),
  currencyCode: z.string().nullable(),
  /** Lines grouped as on the bill. */
  fees: z.array(invoiceLineSchema),
  expenses: z.array(invoiceLineSchema),
  flatFees: z.array(invoiceLineSchema),
  totals: invoiceTotalsSchema,
  payments: z.array(invoicePaymentSchema),
  writeOffs: z.array(invoiceWriteOffSchema),
  statusHistory: z.array(invoiceStatusHistoryItemSchema),
  /** Bill of charges (Legal Practitioners Act s.16(2)): the date the bill was delivered… */
  deliveredDate: z.string().nullable(),
  deliveryMethod: z.enum(['email', 'hand']).nullable(),
  /** …and the date fees become recoverable by action (one month after delivery), when the firm's clock is on. */
  recoverableFromDate: z.string().nullable(),
  billOfChargesClock: z.boolean(),
  sentAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedByUserName: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** The last rejection back to Draft (shown on a draft so the fee earner sees why). */
  lastRejection: invoiceRejectionSchema.nullable(),
  createdByUserName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the principal may do next (the server still checks every call). */
  canEdit: z.boolean(),
  needsApproval: z.boolean(),
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
  sortColumn: z.enum(INVOICE_SORT_COLUMNS).optional(),
  sortType: sortTypeSchema,
  GeneralSearchText: z.string().trim().max(200).optional(),
  /** A status tab ('All' or absent: every status). */
  Status: z.enum(INVOICE_STATUS_TABS, { error: `Status must be one of ${INVOICE_STATUS_TABS.join(', ')}` }).optional(),
  ClientId: z.uuid().optional(),
  MatterId: z.uuid().optional(),
  /** Issue date range. */
  From: isoDate('From date').optional(),
  To: isoDate('To date').optional(),
  /** Issued, not void, balance due > 0 and due date before today. */
  IsOverdue: queryBoolean,
  IsDownlodCsv: queryBoolean,
  IncludeTotals: queryBoolean,
  AdminUserId: z.string().optional(),
  BusinessId: z.string().optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const invoiceListItemSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  statusLabel: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  matterNames: z.array(z.string()),
  issueDate: z.string(),
  dueDate: z.string(),
  isOverdue: z.boolean(),
  total: z.string(),
  paidAmount: z.string(),
  balanceDue: z.string(),
  currencySymbol: z.string(),
  deliveredDate: z.string().nullable(),
  createdAt: z.string(),
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
  currency: z.string(),
  currencySymbol: z.string(),
  /** Draft or awaiting approval: how many, and what they would bill. */
  draftCount: z.number(),
  draftTotal: z.string(),
  /** Issued (approved, sent, partly paid, paid): their totals… */
  billed: z.string(),
  /** …what was received for them (net of reversals)… */
  paidAmount: z.string(),
  /** …what was written off… */
  writtenOff: z.string(),
  /** …and what is still owed: the sum of open balances. */
  outstanding: z.string(),
});
export type InvoiceCurrencyTotals = z.infer<typeof invoiceCurrencyTotalsSchema>;
/** The summary per currency, home currency first: no figure ever adds two currencies (issue 33 §3). */
export const invoiceListTotalsSchema = z.array(invoiceCurrencyTotalsSchema);
export type InvoiceListTotals = z.infer<typeof invoiceListTotalsSchema>;
export const invoicePageSchema = pageSchema(invoiceListItemSchema).extend({ totals: invoiceListTotalsSchema.optional() });
export type InvoicePage = z.infer<typeof invoicePageSchema>;

// ---------------------------------------------------------------------------------------------
// Transitions and payments

/** POST …/record-payment/{id}: partial payments allowed, never more than the balance due. */
export const recordPaymentSchema = z.strictObject({
  amount: requiredAmount('Amount'),
  paymentDate: z.string({ error: 'Payment date is required' }).trim().min(1, 'Payment date is required').pipe(isoDate('Payment date')),
  method: z.enum(INVOICE_PAYMENT_METHODS, { error: 'Payment method is required' }),
  reference: optionalText('Reference', 120),
});
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

/** POST …/reverse-payment/{id}/{paymentId}. */
export const reversePaymentSchema = z.strictObject({ reason: requiredText('Reason', 1000) });
/** POST …/void-invoice/{id}. */
export const voidInvoiceSchema = z.strictObject({ reason: requiredText('Reason', 1000) });
export type VoidInvoiceInput = z.input<typeof voidInvoiceSchema>;
/** POST …/write-off/{id}. */
export const writeOffSchema = z.strictObject({
  amount: requiredAmount('Amount'),
  reason: requiredText('Reason', 1000),
  writeOffDate: isoDate('Write-off date').nullish(),
});
/** POST …/reject-invoice/{id}: AwaitingApproval → Draft, with the approver's reason. */
export const rejectInvoiceSchema = z.strictObject({ reason: requiredText('Reason', 500) });
export type RejectInvoiceInput = z.input<typeof rejectInvoiceSchema>;
/** POST …/approve-invoice/{id} and submit-for-approval/{id}: an optional note. */
export const invoiceTransitionNoteSchema = z.strictObject({ note: optionalText('Note', 1000) });
/** POST …/send-invoice/{id}: the delivery date defaults to today. */
export const sendInvoiceSchema = z.strictObject({
  sentDate: isoDate('Sent date').nullish(),
  /** For the email helper: who to send to (default: the client's email). */
  toEmail: z.email({ error: 'Enter a valid email' }).nullish(),
  message: optionalText('Message', 5000),
});
export type SendInvoiceInput = z.input<typeof sendInvoiceSchema>;
/** POST …/mark-delivered/{id}: delivered by hand on that date. */
export const markDeliveredSchema = z.strictObject({
  deliveredDate: z
    .string({ error: 'Delivered date is required' })
    .trim()
    .min(1, 'Delivered date is required')
    .pipe(isoDate('Delivered date')),
});

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
  AsOf: isoDate('As of date').optional(),
  ClientId: z.uuid().optional(),
  IsDownlodCsv: queryBoolean,
});
const agingAmounts = {
  current: z.string(),
  days1To30: z.string(),
  days31To60: z.string(),
  days61To90: z.string(),
  days90Plus: z.string(),
  total: z.string(),
};
const agingCurrency = { currencyCode: z.string(), currencySymbol: z.string() };
/** A row per client and currency, and totals per currency (the home currency first): two currencies are never added. */
export const agedReceivablesSchema = z.object({
  asOf: z.string(),
  clients: z.array(z.object({ clientId: z.string(), clientName: z.string(), invoiceCount: z.number(), ...agingCurrency, ...agingAmounts })),
  totals: z.array(z.object({ ...agingCurrency, ...agingAmounts })),
});
export type AgedReceivables = z.infer<typeof agedReceivablesSchema>;

// ---------------------------------------------------------------------------------------------
// Firm invoice settings

export const invoiceSettingsSchema = z.object({
  invoiceNumberPrefix: z.string(),
  paymentTermsDays: z.number(),
  taxName: z.string().nullable(),
  taxPercent: z.string(),
  taxAppliesTo: z.enum(TAX_APPLIES_TO),
  invoiceApprovalRequired: z.boolean(),
  billOfChargesClock: z.boolean(),
  defaultPaymentInstructions: z.string().nullable(),
  /** The firm's tax identification number, printed on its bills; null when it has none. */
  taxNumber: z.string().nullable(),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

/** PUT /api/admin/invoice/update-invoice-settings. */
export const invoiceSettingsInputSchema = z.strictObject({
  invoiceNumberPrefix: z
    .string({ error: 'Invoice number prefix is required' })
    .trim()
    .max(12, 'Invoice number prefix must be at most 12 characters')
    .regex(/^[A-Za-z0-9/_-]*$/, 'Invoice number prefix may hold letters, digits, - / and _ only'),
  paymentTermsDays: z.coerce
    .number({ error: 'Payment terms must be a number of days' })
    .int('Payment terms must be whole days')
    .min(0, 'Payment terms cannot be negative')
    .max(365, 'Payment terms must be at most 365 days'),
  taxName: optionalText('Tax name', 40),
  taxPercent: percentText('Tax rate').transform((value) => value ?? '0'),
  taxAppliesTo: z.enum(TAX_APPLIES_TO, { error: 'Tax applies to must be fees, expenses or both' }),
  invoiceApprovalRequired: z.boolean({ error: 'Approval required must be true or false' }),
  billOfChargesClock: z.boolean({ error: 'Bill of charges clock must be true or false' }),
  defaultPaymentInstructions: optionalText('Payment instructions', 5000),
  /** Optional (blank or omitted: none). */
  taxNumber: optionalText('Tax identification number', 50),
});
export type InvoiceSettingsInput = z.input<typeof invoiceSettingsInputSchema>;

export const DEFAULT_INVOICE_NUMBER_PREFIX = 'INV-';
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
/** INV-00001: the prefix and the number padded to 5 digits (more digits once past 99,999). */
export function formatInvoiceNumber(prefix: string, value: number | bigint): string {
  return `${prefix}${String(value).padStart(5, '0')}`;
}
