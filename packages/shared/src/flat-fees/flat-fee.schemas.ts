import { z } from 'zod';
import {
  firmScopeQuerySchema,
  isoDate,
  moneyText,
  optionalMultilineText,
  queryBoolean,
  requiredId,
  requiredIsoDate,
  requiredMultilineText,
  sortTypeSchema,
} from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';

/** A flat fee is Unbilled until an invoice takes it, then Billed (and locked, as a billed time entry). */
export const FLAT_FEE_STATUSES = ['Unbilled', 'Billed'] as const;
export type FlatFeeStatus = (typeof FLAT_FEE_STATUSES)[number];

export const FLAT_FEE_MESSAGES = {
  clientRequired: 'Client is required',
  matterRequired: 'Matter is required',
  userRequired: 'User is required',
  dateRequired: 'Date is required',
  amountPositive: 'Amount must be greater than 0',
  matterNotOfClient: 'The matter does not belong to the chosen client',
  matterClosed: 'A flat fee cannot be added to a closed matter',
  locked: 'This flat fee is on an invoice and cannot change',
  lockedDelete: 'This flat fee is on an invoice and cannot be deleted',
} as const;

/**
 * POST …/create-flat-fee and PUT …/update-flat-fee/{id}: a fixed fee on a client's matter, for a
 * fee earner. The amount is in the firm's home currency; it is the fee itself, so the server keeps
 * it as given (exact decimal), where an expense's amount is computed from quantity × unit cost.
 */
export const flatFeeInputSchema = z.strictObject({
  clientId: requiredId(FLAT_FEE_MESSAGES.clientRequired).describe('The client the fee is billed to.'),
  matterId: requiredId(FLAT_FEE_MESSAGES.matterRequired).describe(
    'The client’s matter the fee is for (else 400); a closed matter is refused unless it is the fee’s matter already.',
  ),
  userId: requiredId(FLAT_FEE_MESSAGES.userRequired).describe(
    'The fee earner credited with the fee: an active user of the firm (one no longer active only if already the fee’s).',
  ),
  activityId: z
    .uuid({ error: 'Activity must be one of the firm’s activity types' })
    .nullish()
    .describe('One of the firm’s activity types, to classify the fee; null or omitted: none.'),
  flatFeeDate: requiredIsoDate('Date', FLAT_FEE_MESSAGES.dateRequired).describe(
    'The date of the fee (YYYY-MM-DD), as the invoice line shows it.',
  ),
  description: requiredMultilineText('Description', 5000).describe(
    'What the fee is for, printed on the invoice (required, at most 5,000 characters).',
  ),
  amount: moneyText('Amount')
    .refine((value) => Number(value) > 0, FLAT_FEE_MESSAGES.amountPositive)
    .describe('The fee in the firm’s home currency: an exact decimal above 0 with at most 2 decimals ("150000.00"), kept as given.'),
  note: optionalMultilineText('Note', 2000).describe(
    'An internal note, not printed on the invoice (at most 2,000 characters); blank: none.',
  ),
});
export type FlatFeeInput = z.input<typeof flatFeeInputSchema>;
export type FlatFeeInputParsed = z.output<typeof flatFeeInputSchema>;

export const flatFeeSchema = z.object({
  id: z.string().describe('The flat fee’s id.'),
  flatFeeDate: z.string().describe('The date of the fee (YYYY-MM-DD).'),
  clientId: z.string().describe('The client the fee is billed to.'),
  clientName: z.string().describe('The client’s name.'),
  matterId: z.string().describe('The matter the fee is for.'),
  matterName: z.string().describe('The matter’s name.'),
  matterNumber: z.string().nullable().describe('The matter’s number; null when it has none.'),
  userId: z.string().describe('The fee earner credited with the fee.'),
  userName: z.string().describe('The fee earner’s name.'),
  activityId: z.string().nullable().describe('The activity type classifying the fee; null when none.'),
  activityType: z.string().nullable().describe('That activity type’s name; null when none.'),
  description: z.string().describe('What the fee is for, as printed on the invoice.'),
  note: z.string().nullable().describe('The internal note; null when none.'),
  amount: z.string().describe('The fee, an exact decimal in the firm’s home currency ("150000.00").'),
  currencySymbol: z.string().describe('The symbol of the fee’s currency ("₦"), for display; empty when none is recorded.'),
  status: z
    .enum(FLAT_FEE_STATUSES)
    .describe('Unbilled, or Billed once an invoice (even a draft) holds it; void or deleted invoices release it.'),
  /** On an invoice: it cannot change or be deleted. */
  isLocked: z.boolean().describe('True while an invoice holds it: then it cannot change or be deleted (409).'),
  /**
   * The number of the invoice that billed it, once that invoice has left draft (null otherwise):
   * then nothing the invoice shows of it can change (billedLockMessage).
   */
  billedOnInvoiceNumber: z
    .string()
    .nullable()
    .describe('The number of the invoice that billed it, once that invoice has left draft; null otherwise.'),
  addedByUserId: z.string().describe('Who recorded the fee.'),
  addedByUserName: z.string().describe('That user’s name.'),
  createdAt: z.string().describe('When it was recorded (ISO 8601 UTC).'),
  updatedAt: z.string().describe('When it last changed (ISO 8601 UTC).'),
});
export type FlatFee = z.infer<typeof flatFeeSchema>;

export const FLAT_FEE_SORT_COLUMNS = ['flatFeeDate', 'clientName', 'matterName', 'userName', 'amount', 'status', 'createdAt'] as const;

/** GET …/get-flat-fees-list: SPEC.md §7's parameters (names as SPEC.md spells them). */
export const flatFeeListQuerySchema = pageQuerySchema.extend({
  sortColumn: z
    .enum(FLAT_FEE_SORT_COLUMNS)
    .default('flatFeeDate')
    .describe('The column to sort by; default flatFeeDate (then newest recorded).'),
  sortType: sortTypeSchema,
  GeneralSearchText: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe(
      'Keeps fees whose description, or whose matter’s name, number or client’s name, contains this text in any case (at most 200 characters).',
    ),
  ...firmScopeQuerySchema.shape,
  ClientId: z.uuid().optional().describe('Only this client’s flat fees.'),
  IsDownlodCsv: queryBoolean.describe('true or 1: answer the whole filter as a text/csv file instead of a page (SPEC’s spelling).'),
  status: z
    .enum(FLAT_FEE_STATUSES, { error: 'status must be Unbilled or Billed' })
    .optional()
    .describe('Unbilled (on no invoice) or Billed (on an invoice, even a draft); omitted: both.'),
  MatterId: z.uuid().optional().describe('Only this matter’s flat fees.'),
  ExpenseAddedUserId: z.uuid().optional().describe('Only flat fees recorded by this user (addedByUserId; SPEC’s name).'),
  FromExpenseFlatFeesDateCreated: isoDate('From date')
    .optional()
    .describe('Only fees dated on or after this day (flatFeeDate, YYYY-MM-DD).'),
  ToExpenseFlatFeesDateCreated: isoDate('To date').optional().describe('Only fees dated on or before this day (flatFeeDate, YYYY-MM-DD).'),
  /** Also answer the whole filter's totals (off by default: summing a large filter reads every match). */
  IncludeTotals: queryBoolean.describe('true or 1: also answer totals for the whole filter (reads every match).'),
});
export type FlatFeeListQuery = z.input<typeof flatFeeListQuerySchema>;

export const flatFeeListItemSchema = flatFeeSchema.omit({ note: true, updatedAt: true, billedOnInvoiceNumber: true });
export type FlatFeeListItem = z.infer<typeof flatFeeListItemSchema>;

/** The whole filter's total and its unbilled part, in the home currency, when asked (IncludeTotals). */
export const flatFeePageSchema = pageSchema(flatFeeListItemSchema).extend({
  totals: z
    .object({
      totalAmount: z.string().describe('Every matching fee added up, an exact decimal in the firm’s home currency.'),
      unbilledAmount: z.string().describe('The unbilled part of that total (exact decimal).'),
    })
    .optional()
    .describe('Only with IncludeTotals=true: the whole filter’s total and its unbilled part.'),
});
export type FlatFeePage = z.infer<typeof flatFeePageSchema>;
