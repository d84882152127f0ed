import { z } from 'zod';
import { isoDate, moneyText, optionalText, queryBoolean, requiredId, requiredText, sortTypeSchema, uuidField } from '../common/fields.ts';
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

const optionalUuid = (label: string) =>
  z
    .union([z.uuid({ error: `${label} must be a valid id` }), z.literal('')])
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * POST …/create-expense and PUT …/update-expense/{id}. A client expense names a client and one of its
 * matters; a firm expense names neither and is never billable. The server computes amount =
 * quantity × unitCost (in the expense's currency) and its home-currency amount with the exchange
 * rate; an amount the client sends is accepted and ignored.
 */
export const expenseInputSchema = z
  .strictObject({
    isFirmExpense: z.boolean({ error: 'isFirmExpense must be true or false' }).default(false),
    /** Raise it as a request for approval (a fee earner asking to be paid or reimbursed). */
    isExpenseRequest: z.boolean().default(false),
    clientId: optionalUuid('Client'),
    matterId: optionalUuid('Matter'),
    expenseDate: z.string({ error: EXPENSE_MESSAGES.dateRequired }).trim().min(1, EXPENSE_MESSAGES.dateRequired).pipe(isoDate('Date')),
    description: requiredText('Description', 5000),
    categoryId: requiredId(EXPENSE_MESSAGES.categoryRequired),
    quantity: quantityText,
    unitCost: moneyText('Unit cost').refine((value) => Number(value) > 0, EXPENSE_MESSAGES.unitCostPositive),
    /** SPEC.md §9's 2 = not billable, 4 = billable, as time entries. A firm expense is always 2. */
    isBillable: z
      .union([z.literal(2), z.literal(4), z.literal('2'), z.literal('4')], { error: 'Billable must be 2 or 4' })
      .transform((value) => Number(value) as IsBillable)
      .default(IS_BILLABLE.billable),
    /** In a multicurrency firm, the currency the cost was paid in and its rate to the home currency. */
    foreignCurrencyId: z.coerce.number().int().positive().nullish(),
    exchangeRate: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((value) => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim()))
      .refine((value) => value === null || /^\d{1,10}(\.\d{1,8})?$/.test(value), 'Exchange Rate must be a number with at most 8 decimals')
      .refine((value) => value === null || Number(value) > 0, EXPENSE_MESSAGES.exchangeRatePositive),
    payee: optionalText('Payee', 200),
    reference: optionalText('Reference', 120),
    note: optionalText('Note', 2000),
    amount: z.union([z.string(), z.number()]).nullish(),
    adminUserId: z.string().nullish(),
    businessId: z.string().nullish(),
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
export const expenseRejectionSchema = z.strictObject({ reason: requiredText('Reason', 1000) });
/** POST …/approve-expense/{id}: an optional note to the requester. */
export const expenseApprovalSchema = z.strictObject({ note: optionalText('Note', 1000) });
/** POST …/mark-expense-paid/{id}. */
export const expensePaymentSchema = z.strictObject({
  paidDate: z
    .string({ error: EXPENSE_MESSAGES.paidDateRequired })
    .trim()
    .min(1, EXPENSE_MESSAGES.paidDateRequired)
    .pipe(isoDate('Paid date')),
  paymentMethod: z.enum(EXPENSE_PAYMENT_METHODS, { error: EXPENSE_MESSAGES.paymentMethodRequired }),
  paymentReference: optionalText('Payment reference', 120),
});
export type ExpensePaymentInput = z.input<typeof expensePaymentSchema>;

export const expenseReceiptSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  uploadedAt: z.string(),
  uploadedByUserName: z.string(),
});
export type ExpenseReceipt = z.infer<typeof expenseReceiptSchema>;
/** …/download-expense-receipt/{id}/{fileId} and …/delete-expense-receipt/{id}/{fileId}. */
export const expenseReceiptParamsSchema = z.object({ id: uuidField('Id'), fileId: uuidField('File') });

export const expenseSchema = z.object({
  id: z.string(),
  isFirmExpense: z.boolean(),
  isExpenseRequest: z.boolean(),
  expenseDate: z.string(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  matterId: z.string().nullable(),
  matterName: z.string().nullable(),
  matterNumber: z.string().nullable(),
  categoryId: z.string(),
  categoryName: z.string(),
  utbmsExpenseCode: z.string().nullable(),
  description: z.string(),
  quantity: z.string(),
  unitCost: z.string(),
  /** quantity × unitCost in the expense's currency. */
  amount: z.string(),
  /** The amount in the firm's home currency (equal to amount unless a foreign currency was used). */
  homeAmount: z.string(),
  foreignCurrencyId: z.number().nullable(),
  currencySymbol: z.string(),
  exchangeRate: z.string(),
  isBillable: z.number(),
  payee: z.string().nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  approvalStatus: z.enum(EXPENSE_APPROVAL_STATUSES),
  decidedByUserName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  paymentStatus: z.enum(EXPENSE_PAYMENT_STATUSES),
  paidDate: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  paymentReference: z.string().nullable(),
  billingStatus: z.enum(EXPENSE_BILLING_STATUSES),
  /** On an invoice: it cannot change or be deleted. */
  isLocked: z.boolean(),
  /**
   * The number of the invoice that billed it, once that invoice has left draft (null otherwise):
   * then nothing the invoice shows of it can change (billedLockMessage).
   */
  billedOnInvoiceNumber: z.string().nullable(),
  addedByUserId: z.string(),
  addedByUserName: z.string(),
  receipts: z.array(expenseReceiptSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
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
  sortColumn: z.enum(EXPENSE_SORT_COLUMNS).optional(),
  sortType: sortTypeSchema,
  SortBy: z
    .string()
    .trim()
    .regex(new RegExp(`^(${EXPENSE_SORT_COLUMNS.join('|')})( (asc|desc))?$`), 'SortBy is not a column of the list')
    .optional(),
  GeneralSearchText: z.string().trim().max(200).optional(),
  AdminUserId: z.string().optional(),
  BusinessId: z.string().optional(),
  ClientId: z.uuid().optional(),
  MatterId: z.uuid().optional(),
  IsDownlodCsv: queryBoolean,
  Status: z.enum(EXPENSE_APPROVAL_STATUSES, { error: 'Status must be Pending, Approved or Rejected' }).optional(),
  paymentStatus: z.enum(EXPENSE_PAYMENT_STATUSES, { error: 'paymentStatus must be Unpaid or Paid' }).optional(),
  BillingStatus: z.enum(EXPENSE_BILLING_STATUSES, { error: 'BillingStatus must be Unbilled, Billed or Not billable' }).optional(),
  ExpenseAddedUserId: z.uuid().optional(),
  FromExpenseFlatFeesDateCreated: isoDate('From date').optional(),
  ToExpenseFlatFeesDateCreated: isoDate('To date').optional(),
  IsFirmExpense: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === undefined || value === true || value === 'true' || value === '1'),
  IsIncludeExpenseRequest: queryBoolean,
  /** Also answer the whole filter's totals (off by default: summing a large filter reads every match). */
  IncludeTotals: queryBoolean,
});
export type ExpenseListQuery = z.input<typeof expenseListQuerySchema>;

export const expenseListItemSchema = expenseSchema
  .omit({ note: true, updatedAt: true, receipts: true, billedOnInvoiceNumber: true })
  .extend({ receiptCount: z.number() });
export type ExpenseListItem = z.infer<typeof expenseListItemSchema>;

/** The whole filter's total and its unbilled billable part, in the home currency, when asked (IncludeTotals). */
export const expensePageSchema = pageSchema(expenseListItemSchema).extend({
  totals: z.object({ totalAmount: z.string(), unbilledAmount: z.string() }).optional(),
});
export type ExpensePage = z.infer<typeof expensePageSchema>;

/** Settings → Expense categories. */
export const expenseCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  utbmsExpenseCode: z.string().nullable(),
  expenseCount: z.number(),
});
export type ExpenseCategory = z.infer<typeof expenseCategorySchema>;
export const expenseCategoryInputSchema = z.strictObject({
  name: requiredText('Category', 120),
  utbmsExpenseCode: z.enum(UTBMS_EXPENSE_CODE_VALUES, { error: 'UTBMS code must be one of E101–E124' }).nullish(),
});
export type ExpenseCategoryInput = z.input<typeof expenseCategoryInputSchema>;
