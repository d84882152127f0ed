import { z } from 'zod';
import { isoDate, moneyText, optionalText, queryBoolean, requiredId, requiredText, sortTypeSchema } from '../common/fields.ts';
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
  clientId: requiredId(FLAT_FEE_MESSAGES.clientRequired),
  matterId: requiredId(FLAT_FEE_MESSAGES.matterRequired),
  userId: requiredId(FLAT_FEE_MESSAGES.userRequired),
  activityId: z.uuid({ error: 'Activity must be one of the firm’s activity types' }).nullish(),
  flatFeeDate: z.string({ error: FLAT_FEE_MESSAGES.dateRequired }).trim().min(1, FLAT_FEE_MESSAGES.dateRequired).pipe(isoDate('Date')),
  description: requiredText('Description', 5000),
  amount: moneyText('Amount').refine((value) => Number(value) > 0, FLAT_FEE_MESSAGES.amountPositive),
  note: optionalText('Note', 2000),
});
export type FlatFeeInput = z.input<typeof flatFeeInputSchema>;
export type FlatFeeInputParsed = z.output<typeof flatFeeInputSchema>;

export const flatFeeSchema = z.object({
  id: z.string(),
  flatFeeDate: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  matterId: z.string(),
  matterName: z.string(),
  matterNumber: z.string().nullable(),
  userId: z.string(),
  userName: z.string(),
  activityId: z.string().nullable(),
  activityType: z.string().nullable(),
  description: z.string(),
  note: z.string().nullable(),
  amount: z.string(),
  currencySymbol: z.string(),
  status: z.enum(FLAT_FEE_STATUSES),
  /** On an invoice: it cannot change or be deleted. */
  isLocked: z.boolean(),
  /**
   * The number of the invoice that billed it, once that invoice has left draft (null otherwise):
   * then nothing the invoice shows of it can change (billedLockMessage).
   */
  billedOnInvoiceNumber: z.string().nullable(),
  addedByUserId: z.string(),
  addedByUserName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FlatFee = z.infer<typeof flatFeeSchema>;

export const FLAT_FEE_SORT_COLUMNS = ['flatFeeDate', 'clientName', 'matterName', 'userName', 'amount', 'status', 'createdAt'] as const;

/** GET …/get-flat-fees-list: SPEC.md §7's parameters (names as SPEC.md spells them). */
export const flatFeeListQuerySchema = pageQuerySchema.extend({
  sortColumn: z.enum(FLAT_FEE_SORT_COLUMNS).default('flatFeeDate'),
  sortType: sortTypeSchema,
  GeneralSearchText: z.string().trim().max(200).optional(),
  AdminUserId: z.string().optional(),
  BusinessId: z.string().optional(),
  ClientId: z.uuid().optional(),
  IsDownlodCsv: queryBoolean,
  status: z.enum(FLAT_FEE_STATUSES, { error: 'status must be Unbilled or Billed' }).optional(),
  MatterId: z.uuid().optional(),
  ExpenseAddedUserId: z.uuid().optional(),
  FromExpenseFlatFeesDateCreated: isoDate('From date').optional(),
  ToExpenseFlatFeesDateCreated: isoDate('To date').optional(),
  /** Also answer the whole filter's totals (off by default: summing a large filter reads every match). */
  IncludeTotals: queryBoolean,
});
export type FlatFeeListQuery = z.input<typeof flatFeeListQuerySchema>;

export const flatFeeListItemSchema = flatFeeSchema.omit({ note: true, updatedAt: true, billedOnInvoiceNumber: true });
export type FlatFeeListItem = z.infer<typeof flatFeeListItemSchema>;

/** The whole filter's total and its unbilled part, in the home currency, when asked (IncludeTotals). */
export const flatFeePageSchema = pageSchema(flatFeeListItemSchema).extend({
  totals: z.object({ totalAmount: z.string(), unbilledAmount: z.string() }).optional(),
});
export type FlatFeePage = z.infer<typeof flatFeePageSchema>;
