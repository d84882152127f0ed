import { z } from 'zod';
import { bankAccountChoice } from '../accounting/bank-account-choice.ts';
import {
  firmScopeQuerySchema,
  isoDate,
  moneyText,
  optionalMultilineText,
  optionalText,
  optionalUuid,
  queryBoolean,
  requiredId,
  requiredIsoDate,
  requiredMultilineText,
  requiredText,
  sortTypeSchema,
  uuidField,
} from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';
import { IS_BILLABLE, type IsBillable } from '../time-entries/time-entry.schemas.ts';

/**
 * UTBMS expense codes (ABA / LEDES 1998B), for a firm's expense categories. A category may carry one
 * so that the invoice's LEDES file can code each expense line.
 */
export const UTBMS_EXPENSE_CODES = [
  { code: 'E101', label: 'Copying' },
  { code: 'E102', label: 'Outside printing' },
  { code: 'E103', label: 'Word processing' },
  { code: 'E104', label: 'Facsimile' },
  { code: 'E105', label: 'Telephone' },
  { code: 'E106', label: 'Online research' },
  { code: 'E107', label: 'Delivery services / messengers' },
  { code: 'E108', label: 'Postage' },
  { code: 'E109', label: 'Local travel' },
  { code: 'E110', label: 'Out-of-town travel' },
  { code: 'E111', label: 'Meals' },
  { code: 'E112', label: 'Court fees' },
  { code: 'E113', label: 'Subpoena fees' },
  { code: 'E114', label: 'Witness fees' },
  { code: 'E115', label: 'Deposition transcripts' },
  { code: 'E116', label: 'Trial transcripts' },
  { code: 'E117', label: 'Trial exhibits' },
  { code: 'E118', label: 'Litigation support vendors' },
  { code: 'E119', label: 'Experts' },
  { code: 'E120', label: 'Private investigators' },
  { code: 'E121', label: 'Arbitrators / mediators' },
  { code: 'E122', label: 'Local counsel' },
  { code: 'E123', label: 'Other professionals' },
  { code: 'E124', label: 'Other' },
] as const;
export const UTBMS_EXPENSE_CODE_VALUES = UTBMS_EXPENSE_CODES.map((entry) => entry.code) as [string, ...string[]];

/**
 * Approval: an expense entered by someone who may approve expenses is Approved at once; one entered
 * as a request (or by someone who may not approve) waits as Pending until an approver decides.
 * Only Approved expenses can be billed.
 */
export const EXPENSE_APPROVAL_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type ExpenseApprovalStatus = (typeof EXPENSE_APPROVAL_STATUSES)[number];
export const EXPENSE_APPROVAL_LABELS: Record<ExpenseApprovalStatus, string> = {
  Pending: 'Pending approval',
  Approved: 'Approved',
  Rejected: 'Rejected',
};

export const EXPENSE_PAYMENT_STATUSES = ['Unpaid', 'Paid'] as const;
export type ExpensePaymentStatus = (typeof EXPENSE_PAYMENT_STATUSES)[number];
export const EXPENSE_PAYMENT_METHODS = ['Bank transfer', 'Cash', 'Cheque', 'Card', 'Other'] as const;

/** Billed once an invoice takes it (set by the invoice module); a firm or non-billable expense is never billed. */
export const EXPENSE_BILLING_STATUSES = ['Unbilled', 'Billed', 'Not billable'] as const;
export type ExpenseBillingStatus = (typeof EXPENSE_BILLING_STATUSES)[number];

/** Receipts: PDF, JPEG, PNG or HEIC, checked by content, at most 10 MB each. */
export const EXPENSE_RECEIPT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic'] as const;
export const EXPENSE_RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

export const EXPENSE_MESSAGES = {
  clientRequired: 'Client is required',
  matterRequired: 'Matter is required',
  dateRequired: 'Date is required',
  categoryRequired: 'Category is required',
  quantityRequired: 'Quantity is required',
  quantityPositive: 'Quantity must be greater than 0',
  quantityFormat: 'Quantity must be a number with at most 4 decimals',
  unitCostPositive: 'Unit cost must be greater than 0',
  exchangeRateRequired: 'Exchange Rate is required',
  exchangeRateNotSet:
    'Exchange Rate is required: no exchange rate is set for this currency (send exchangeRate, or set one under Currencies & exchange rates)',
  exchangeRatePositive: 'Exchange Rate must be greater than 0',
  matterNotOfClient: 'The matter does not belong to the chosen client',
  matterClosed: 'An expense cannot be added to a closed matter',
  firmExpenseHasClient: 'A firm expense has no client or matter',
  locked: 'This expense is on an invoice and cannot change',
  lockedDelete: 'This expense is on an invoice and cannot be deleted',
  notPending: 'Only an expense waiting for approval can be approved or rejected',
  ownRequest: 'You cannot approve or reject your own expense request',
  reasonRequired: 'Reason is required',
  alreadyPaid: 'This expense is already marked paid',
  notApprovedForPayment: 'Only an approved expense can be marked paid',
  categoryNameTaken: 'An expense category with this name already exists',
  paidDateRequired: 'Paid date is required',
  paymentMethodRequired: 'Payment method is required',
  receiptType: 'A receipt must be a PDF, JPEG, PNG or HEIC file',
  receiptTooLarge: 'A receipt must be at most 10 MB',
} as const;

const quantityText = z
  .union([z.string(), z.number()], { error: EXPENSE_MESSAGES.quantityRequired })
  .transform((value) => String(value).trim())
  .refine((value) => value !== '', EXPENSE_MESSAGES.quantityRequired)
  .refine((value) => value === '' || /^\d{1,8}(\.\d{1,4})?$/.test(value), EXPENSE_MESSAGES.quantityFormat)
  .refine((value) => !/^\d{1,8}(\.\d{1,4})?$/.test(value) || Number(value) > 0, EXPENSE_MESSAGES.quantityPositive);

/**
 * POST …/create-expense and PUT …/update-expense/{id}. A client expense names a client and one of its
 * matters; a firm expense names neither and is never billable. The server computes amount =
 * quantity × unitCost (in the expense's currency) and its home-currency amount with the exchange
 * rate; an amount the client sends is accepted and ignored.
 */
export const expenseInputSchema = z
  .strictObject({
    isFirmExpense: z
      .boolean({ error: 'isFirmExpense must be true or false' })
      .default(false)
      .describe('true for the firm’s own expense (no client or matter, never billable); false (the default) for a client’s.'),
    /** Raise it as a request for approval (a fee earner asking to be paid or reimbursed). */
    isExpenseRequest: z
      .boolean()
      .default(false)
      .describe(
        'Raise it as a request for approval (a member asking to be paid or reimbursed): it waits as Pending even when an approver enters it.',
      ),
    clientId: optionalUuid('Client').describe('The client, required for a client expense; null, blank or absent for a firm expense.'),
    matterId: optionalUuid('Matter').describe(
      'One of the client’s open matters, required for a client expense; null, blank or absent for a firm expense.',
    ),
    expenseDate: requiredIsoDate('Date', EXPENSE_MESSAGES.dateRequired).describe('The day the cost was incurred, YYYY-MM-DD.'),
    description: requiredMultilineText('Description', 5000).describe(
      'What the cost was for, at most 5,000 characters; shown on the invoice line.',
    ),
    categoryId: requiredId(EXPENSE_MESSAGES.categoryRequired).describe(
      'One of the firm’s live expense categories (get-expense-categories).',
    ),
    quantity: quantityText.describe('How many units, greater than 0, with at most 4 decimals (a string or a number, e.g. "2.5").'),
    unitCost: moneyText('Unit cost')
      .refine((value) => Number(value) > 0, EXPENSE_MESSAGES.unitCostPositive)
      .describe('The cost of one unit in the expense’s currency, greater than 0, at most 2 decimals (e.g. "12.50").'),
    /** SPEC.md §9's 2 = not billable, 4 = billable, as time entries. A firm expense is always 2. */
    isBillable: z
      .union([z.literal(2), z.literal(4), z.literal('2'), z.literal('4')], { error: 'Billable must be 2 or 4' })
      .transform((value) => Number(value) as IsBillable)
      .default(IS_BILLABLE.billable)
      .describe('4 = billable to the client (the default), 2 = not billable; a firm expense is always stored as 2.'),
    /** In a multicurrency firm, the currency the cost was paid in and its rate to the home currency. */
    foreignCurrencyId: z.coerce
      .number()
      .int()
      .positive()
      .nullish()
      .describe(
        'The currency the cost was paid in (a currency id); null, absent or the home currency for the home currency. Another currency needs the firm’s multicurrency setting.',
      ),
    exchangeRate: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((value) => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim()))
      .refine((value) => value === null || /^\d{1,10}(\.\d{1,8})?$/.test(value), 'Exchange Rate must be a number with at most 8 decimals')
      .refine((value) => value === null || Number(value) > 0, EXPENSE_MESSAGES.exchangeRatePositive)
      .describe(
        'Home-currency units one unit of foreignCurrencyId buys, greater than 0, at most 8 decimals. When absent (or null) for a foreign currency, the firm’s exchange rate for it effective today is taken, and 400 if it has none; 1 in the home currency.',
      ),
    payee: optionalText('Payee', 200).describe('Who was paid, at most 200 characters; null or blank for none.'),
    reference: optionalText('Reference', 120).describe('A receipt or invoice number, at most 120 characters; null or blank for none.'),
    note: optionalMultilineText('Note', 2000).describe('An internal note, at most 2,000 characters; null or blank for none.'),
    amount: z
      .union([z.string(), z.number()])
      .nullish()
      .describe('Accepted for compatibility and ignored: the server computes the amount as quantity × unitCost.'),
    adminUserId: z
      .string()
      .nullish()
      .describe('SPEC’s firm scope, kept for compatibility and ignored: the firm and the member come from the token.'),
    businessId: z.string().nullish().describe('SPEC’s firm scope, kept for compatibility and ignored: the firm comes from the token.'),
  })
  .superRefine((expense, context) => {
    if (expense.isFirmExpense) {
      if (expense.clientId || expense.matterId)
        context.addIssue({ code: 'custom', path: ['clientId'], message: EXPENSE_MESSAGES.firmExpenseHasClient });
      return;
    }
    if (!expense.clientId) context.addIssue({ code: 'custom', path: ['clientId'], message: EXPENSE_MESSAGES.clientRequired });
    if (!expense.matterId) context.addIssue({ code: 'custom', path: ['matterId'], message: EXPENSE_MESSAGES.matterRequired });
  });
export type ExpenseInput = z.input<typeof expenseInputSchema>;
export type ExpenseInputParsed = z.output<typeof expenseInputSchema>;

/** POST …/reject-expense/{id}: the reason is sent to the requester. */
export const expenseRejectionSchema = z.strictObject({
  reason: requiredMultilineText('Reason', 1000).describe('Why it is rejected, at most 1,000 characters; emailed to the requester.'),
});
/** POST …/approve-expense/{id}: an optional note to the requester. */
export const expenseApprovalSchema = z.strictObject({
  note: optionalMultilineText('Note', 1000).describe(
    'An optional note to the requester, at most 1,000 characters, sent with the approval email.',
  ),
});
/** POST …/mark-expense-paid/{id}. */
export const expensePaymentSchema = z.strictObject({
  paidDate: requiredIsoDate('Paid date', EXPENSE_MESSAGES.paidDateRequired).describe(
    'The day it was paid or reimbursed, YYYY-MM-DD; the payment is posted to the books on that date.',
  ),
  paymentMethod: z
    .enum(EXPENSE_PAYMENT_METHODS, { error: EXPENSE_MESSAGES.paymentMethodRequired })
    .describe('How it was paid: Bank transfer, Cash, Cheque, Card or Other.'),
  paymentReference: optionalText('Payment reference', 120).describe(
    'The payment’s reference (a cheque or transfer number), at most 120 characters; null or blank for none.',
  ),
  bankAccountId: bankAccountChoice,
});
export type ExpensePaymentInput = z.input<typeof expensePaymentSchema>;

export const expenseReceiptSchema = z.object({
  id: z.string().describe('The receipt’s id, the fileId of download-expense-receipt and delete-expense-receipt.'),
  fileName: z.string().describe('The file’s name as uploaded, ending in its content’s type: a PDF named x.html is x.html.pdf.'),
  contentType: z.string().describe('The MIME type read from its content: application/pdf, image/jpeg, image/png or image/heic.'),
  sizeBytes: z.number().describe('The file’s size in bytes (at most 10 MB).'),
  uploadedAt: z.string().describe('When it was uploaded (ISO 8601 UTC).'),
  uploadedByUserName: z.string().describe('The member who uploaded it.'),
});
export type ExpenseReceipt = z.infer<typeof expenseReceiptSchema>;
/** …/download-expense-receipt/{id}/{fileId} and …/delete-expense-receipt/{id}/{fileId}. */
export const expenseReceiptParamsSchema = z.object({
  id: uuidField('Id').describe('The expense’s id (a UUID).'),
  fileId: uuidField('File').describe('The receipt’s id (a UUID), from the expense’s receipts.'),
});

export const expenseSchema = z.object({
  id: z.string().describe('The expense’s id (a UUID).'),
  isFirmExpense: z.boolean().describe('The firm’s own expense (no client or matter, never billable) rather than a client’s.'),
  isExpenseRequest: z.boolean().describe('Raised as a request for approval (asked for, or entered by someone who may not approve).'),
  expenseDate: z.string().describe('The day the cost was incurred, YYYY-MM-DD.'),
  clientId: z.string().nullable().describe('The client; null for a firm expense.'),
  clientName: z.string().nullable().describe('The client’s name; null for a firm expense.'),
  matterId: z.string().nullable().describe('The matter; null for a firm expense.'),
  matterName: z.string().nullable().describe('The matter’s name; null for a firm expense.'),
  matterNumber: z.string().nullable().describe('The matter’s number; null for a firm expense or a matter without one.'),
  categoryId: z.string().describe('The expense category’s id.'),
  categoryName: z.string().describe('The category’s name (kept after the category is deleted).'),
  utbmsExpenseCode: z
    .string()
    .nullable()
    .describe('The category’s UTBMS expense code (E101–E124) for LEDES invoices; null when it has none.'),
  description: z.string().describe('What the cost was for.'),
  quantity: z.string().describe('How many units, as an exact decimal without trailing zeros (e.g. "2.5").'),
  unitCost: z.string().describe('The cost of one unit, an exact decimal string in the expense’s currency (e.g. "12.50").'),
  /** quantity × unitCost in the expense's currency. */
  amount: z.string().describe('quantity × unitCost, rounded half-up to 2 decimals: an exact decimal string in the expense’s currency.'),
  /** The amount in the firm's home currency (equal to amount unless a foreign currency was used). */
  homeAmount: z
    .string()
    .describe('amount × exchangeRate, rounded half-up to 2 decimals, in the firm’s home currency (equal to amount in the home currency).'),
  foreignCurrencyId: z.number().nullable().describe('The currency it was paid in when not the home currency; null in the home currency.'),
  currencySymbol: z.string().describe('The symbol of the expense’s currency (the foreign one, else the home one).'),
  exchangeRate: z
    .string()
    .describe('Home-currency units one unit of the expense’s currency buys, without trailing zeros; "1" in the home currency.'),
  isBillable: z.number().describe('4 = billable to the client, 2 = not billable (always 2 for a firm expense).'),
  payee: z.string().nullable().describe('Who was paid; null when not given.'),
  reference: z.string().nullable().describe('A receipt or invoice number; null when not given.'),
  note: z.string().nullable().describe('An internal note; null when none.'),
  approvalStatus: z
    .enum(EXPENSE_APPROVAL_STATUSES)
    .describe(
      'Pending: waits for an approver; Approved: may be billed and paid; Rejected: refused (see rejectionReason), resubmitted by changing it.',
    ),
  decidedByUserName: z
    .string()
    .nullable()
    .describe('The approver who approved or rejected it (the member who entered it when approved at once); null while pending.'),
  decidedAt: z.string().nullable().describe('When it was approved or rejected (ISO 8601 UTC); null while pending.'),
  rejectionReason: z.string().nullable().describe('Why it was rejected; null unless rejected.'),
  paymentStatus: z.enum(EXPENSE_PAYMENT_STATUSES).describe('Unpaid, or Paid once marked paid (reimbursed or settled).'),
  paidDate: z.string().nullable().describe('The day it was paid, YYYY-MM-DD; null while unpaid.'),
  paymentMethod: z.string().nullable().describe('How it was paid (Bank transfer, Cash, Cheque, Card or Other); null while unpaid.'),
  paymentReference: z.string().nullable().describe('The payment’s reference; null when none.'),
  billingStatus: z
    .enum(EXPENSE_BILLING_STATUSES)
    .describe('Derived: Not billable for a firm or non-billable expense; Billed once an invoice has taken it; Unbilled otherwise.'),
  /** On an invoice: it cannot change or be deleted. */
  isLocked: z.boolean().describe('On an invoice (draft or issued): it cannot change, be deleted or lose a receipt.'),
  /**
   * The number of the invoice that billed it, once that invoice has left draft (null otherwise):
   * then nothing the invoice shows of it can change (billedLockMessage).
   */
  billedOnInvoiceNumber: z
    .string()
    .nullable()
    .describe('The number of the invoice that billed it, once that invoice has left draft; null otherwise.'),
  addedByUserId: z.string().describe('The member who entered it (the requester of a request).'),
  addedByUserName: z.string().describe('That member’s name.'),
  receipts: z.array(expenseReceiptSchema).describe('Its receipts, oldest first.'),
  createdAt: z.string().describe('When it was entered (ISO 8601 UTC).'),
  updatedAt: z.string().describe('When it last changed (ISO 8601 UTC).'),
});
export type Expense = z.infer<typeof expenseSchema>;

export const EXPENSE_SORT_COLUMNS = [
  'expenseDate',
  'clientName',
  'matterName',
  'categoryName',
  'addedByUserName',
  'homeAmount',
  'approvalStatus',
  'paymentStatus',
  'createdAt',
] as const;

/**
 * GET …/get-expenses-list: SPEC.md §7's parameters (names as SPEC.md spells them). IsFirmExpense
 * defaults to true (the firm tab) unless the page asks for the client tab. Without
 * IsIncludeExpenseRequest the list shows approved expenses only; with it, pending and rejected
 * requests too.
 */
export const expenseListQuerySchema = pageQuerySchema.extend({
  sortColumn: z
    .enum(EXPENSE_SORT_COLUMNS)
    .optional()
    .describe('The column to sort by, in sortType’s direction; newest expense date first when neither this nor SortBy is given.'),
  sortType: sortTypeSchema,
  SortBy: z
    .string()
    .trim()
    .regex(new RegExp(`^(${EXPENSE_SORT_COLUMNS.join('|')})( (asc|desc))?$`), 'SortBy is not a column of the list')
    .optional()
    .describe('SPEC’s sort: "column" or "column asc|desc" (ascending when no direction is given); wins over sortColumn.'),
  GeneralSearchText: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Text to find in the description, the payee, or the matter’s name, number or client’s name.'),
  ...firmScopeQuerySchema.shape,
  ClientId: z.uuid().optional().describe('Only this client’s expenses.'),
  MatterId: z.uuid().optional().describe('Only this matter’s expenses.'),
  IsDownlodCsv: queryBoolean.describe(
    'true (or 1): answer the whole filtered list as a text/csv download instead of a page (SPEC’s spelling).',
  ),
  Status: z
    .enum(EXPENSE_APPROVAL_STATUSES, { error: 'Status must be Pending, Approved or Rejected' })
    .optional()
    .describe('Only expenses in this approval state; wins over IsIncludeExpenseRequest.'),
  paymentStatus: z
    .enum(EXPENSE_PAYMENT_STATUSES, { error: 'paymentStatus must be Unpaid or Paid' })
    .optional()
    .describe('Only Unpaid or only Paid expenses.'),
  BillingStatus: z
    .enum(EXPENSE_BILLING_STATUSES, { error: 'BillingStatus must be Unbilled, Billed or Not billable' })
    .optional()
    .describe('Only Unbilled, Billed or Not billable expenses.'),
  ExpenseAddedUserId: z.uuid().optional().describe('Only expenses entered by this member.'),
  FromExpenseFlatFeesDateCreated: isoDate('From date')
    .optional()
    .describe('Only expenses dated on or after this day (the expense date), YYYY-MM-DD.'),
  ToExpenseFlatFeesDateCreated: isoDate('To date')
    .optional()
    .describe('Only expenses dated on or before this day (the expense date), YYYY-MM-DD.'),
  IsFirmExpense: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === undefined || value === true || value === 'true' || value === '1')
    .describe('true (or 1, or absent): the firm’s own expenses; any other value: client expenses.'),
  IsIncludeExpenseRequest: queryBoolean.describe(
    'true (or 1): list pending and rejected requests too; otherwise approved expenses only (unless Status is given).',
  ),
  /** Also answer the whole filter's totals (off by default: summing a large filter reads every match). */
  IncludeTotals: queryBoolean.describe(
    'true (or 1): also answer totals, the sums over the whole filter (off by default: it reads every match).',
  ),
});
export type ExpenseListQuery = z.input<typeof expenseListQuerySchema>;

export const expenseListItemSchema = expenseSchema
  .omit({ note: true, updatedAt: true, receipts: true, billedOnInvoiceNumber: true })
  .extend({ receiptCount: z.number().describe('How many receipts it has.') });
export type ExpenseListItem = z.infer<typeof expenseListItemSchema>;

/** The whole filter's total and its unbilled billable part, in the home currency, when asked (IncludeTotals). */
export const expensePageSchema = pageSchema(expenseListItemSchema).extend({
  totals: z
    .object({
      totalAmount: z.string().describe('The sum of homeAmount over the whole filter, an exact decimal string in the home currency.'),
      unbilledAmount: z
        .string()
        .describe('The part of that sum an invoice may still take (approved, billable, client, not on an invoice), in the home currency.'),
    })
    .optional()
    .describe('The whole filter’s sums; only with IncludeTotals=true.'),
});
export type ExpensePage = z.infer<typeof expensePageSchema>;

/** Settings → Expense categories. */
export const expenseCategorySchema = z.object({
  id: z.string().describe('The category’s id (a UUID).'),
  name: z.string().describe('The category’s name, unique among the firm’s live categories.'),
  utbmsExpenseCode: z
    .string()
    .nullable()
    .describe('Its UTBMS expense code (E101–E124), which codes its expenses on LEDES invoices; null when none.'),
  expenseCount: z.number().describe('How many live expenses use it.'),
});
export type ExpenseCategory = z.infer<typeof expenseCategorySchema>;
export const expenseCategoryInputSchema = z.strictObject({
  name: requiredText('Category', 120).describe(
    'The category’s name, at most 120 characters, unique among the firm’s live categories (409 otherwise).',
  ),
  utbmsExpenseCode: z
    .enum(UTBMS_EXPENSE_CODE_VALUES, { error: 'UTBMS code must be one of E101–E124' })
    .nullish()
    .describe('A UTBMS expense code, E101 (Copying) to E124 (Other), for LEDES invoices; null or absent for none.'),
});
export type ExpenseCategoryInput = z.input<typeof expenseCategoryInputSchema>;
