import { z } from 'zod';
import { isoDate, queryBoolean, requiredId, sortTypeSchema } from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';
import { MAX_DURATION_HOURS } from './time-entry-amounts.ts';
import { UTBMS_TASK_CODE_VALUES } from './utbms-task-codes.ts';

/** SPEC.md §9: isBillable 2 = not billable, 4 = billable. */
export const IS_BILLABLE = { notBillable: 2, billable: 4 } as const;
export type IsBillable = (typeof IS_BILLABLE)[keyof typeof IS_BILLABLE];
/** SPEC.md §9: a new entry's status is 3 (recorded, not yet on an invoice); 5 once billed on an invoice. */
export const TIME_ENTRY_STATUS = { unbilled: 3, billed: 5 } as const;
export const DEFAULT_EXCHANGE_RATE = '1';

/** SPEC.md §5's messages, word for word. */
export const TIME_ENTRY_MESSAGES = {
  clientRequired: 'Client is required',
  matterRequired: 'Matter is required',
  activityRequired: 'Activity is required',
  userRequired: 'User is required',
  dateRequired: 'Date is required',
  durationRequired: 'Duration is required',
  durationNumber: 'Duration must be number',
  rateRequired: 'Rate is required',
  exchangeRateRequired: 'Exchange Rate is required',
  exchangeRateNumber: 'Exchange Rate must be number',
} as const;

/** Messages of rules SPEC.md does not word; the server and the popup both use them. */
export const TIME_ENTRY_RULE_MESSAGES = {
  durationPositive: 'Duration must be greater than 0',
  durationTooLong: `Duration must be at most ${MAX_DURATION_HOURS} hours`,
  durationDecimals: 'Duration can have at most 4 decimals',
  exchangeRatePositive: 'Exchange Rate must be greater than 0',
  rateFormat: 'Rate must be an amount with at most 2 decimals',
  locked: 'This time entry is on an invoice: its date, client, matter and duration cannot change',
  lockedDelete: 'This time entry is on an invoice and cannot be deleted',
  currencyLocked: 'Billing currency can only change when multicurrency is on for the firm',
  matterNotOfClient: 'The matter does not belong to the chosen client',
  matterClosed: 'Time cannot be recorded on a closed matter',
  notAssigned: 'You can only record time for yourself',
} as const;

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/** A required decimal field: "X is required" when blank, "X must be number" when not a number. */
const decimalField = (required: string, notNumber: string) =>
  z
    .union([z.string(), z.number()], { error: required })
    .nullish()
    .superRefine((value, context) => {
      if (blank(value)) context.addIssue({ code: 'custom', message: required });
      else if (!/^\d+(\.\d+)?$/.test(String(value).trim())) context.addIssue({ code: 'custom', message: notNumber });
    })
    .transform((value) => String(value ?? '').trim());

/**
 * POST /api/admin/time-entry and PUT /api/admin/time-entry/{id}: SPEC.md §3's form fields. The
 * server computes totalAmount and foreignTotalAmount itself; what the client sends for them is
 * accepted (the form sends them) and ignored.
 */
export const timeEntryInputSchema = z.strictObject({
  id: z.string().nullish(),
  clientId: requiredId(TIME_ENTRY_MESSAGES.clientRequired),
  matterId: requiredId(TIME_ENTRY_MESSAGES.matterRequired),
  activityId: requiredId(TIME_ENTRY_MESSAGES.activityRequired),
  isBillable: z.union([z.literal(2), z.literal(4), z.literal('2'), z.literal('4')], { error: 'Billable must be 2 or 4' }).transform(Number),
  timeEntryUserId: requiredId(TIME_ENTRY_MESSAGES.userRequired),
  description: z
    .string()
    .trim()
    .max(5000, 'Description must be at most 5000 characters')
    .nullish()
    .transform((value) => value ?? ''),
  timeEntryDate: z
    .string({ error: TIME_ENTRY_MESSAGES.dateRequired })
    .trim()
    .min(1, TIME_ENTRY_MESSAGES.dateRequired)
    .pipe(isoDate('Date')),
  duration: decimalField(TIME_ENTRY_MESSAGES.durationRequired, TIME_ENTRY_MESSAGES.durationNumber)
    .refine((value) => value === '' || Number(value) > 0, TIME_ENTRY_RULE_MESSAGES.durationPositive)
    .refine((value) => value === '' || Number(value) <= MAX_DURATION_HOURS, TIME_ENTRY_RULE_MESSAGES.durationTooLong)
    .refine((value) => !/\.\d{5,}$/.test(value), TIME_ENTRY_RULE_MESSAGES.durationDecimals),
  userRate: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (blank(value) ? '0' : String(value).trim()))
    .refine((value) => /^\d{1,12}(\.\d{1,2})?$/.test(value), TIME_ENTRY_RULE_MESSAGES.rateFormat),
  foreignUserRate: z.union([z.string(), z.number()]).nullish(),
  homeCurrencyId: z.coerce.number().int().positive().nullish(),
  foreignCurrencyId: z.coerce.number().int().positive().nullish(),
  exchangeRate: decimalField(TIME_ENTRY_MESSAGES.exchangeRateRequired, TIME_ENTRY_MESSAGES.exchangeRateNumber)
    .refine((value) => value === '' || Number(value) > 0, TIME_ENTRY_RULE_MESSAGES.exchangeRatePositive)
    .refine((value) => !/\.\d{9,}$/.test(value), 'Exchange Rate can have at most 8 decimals'),
  totalAmount: z.union([z.string(), z.number()]).nullish(),
  foreignTotalAmount: z.union([z.string(), z.number()]).nullish(),
  adminUserId: z.string().nullish(),
  businessId: z.string().nullish(),
  status: z.coerce.number().int().nullish(),
  ManualTimeEntry: z.boolean().nullish(),
  utbmsTaskCode: z.enum(UTBMS_TASK_CODE_VALUES, { error: 'UTBMS task code must be one of L110–L530' }).nullish(),
});
export type TimeEntryInput = z.input<typeof timeEntryInputSchema>;
export type TimeEntryInputParsed = z.output<typeof timeEntryInputSchema>;

/** GET /api/admin/time-entry/{id}: the form's fields plus what the popup shows beside them. */
export const timeEntrySchema = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  matterId: z.string(),
  matterName: z.string(),
  matterNumber: z.string().nullable(),
  matterRate: z.string(),
  activityId: z.string(),
  activityType: z.string(),
  activityCode: z.string().nullable(),
  isBillable: z.number(),
  timeEntryUserId: z.string(),
  timeEntryUserName: z.string(),
  description: z.string(),
  timeEntryDate: z.string(),
  /** The hours billed: the recorded hours rounded up once, on the server, to the firm's billing increment. */
  duration: z.string(),
  /** The hours as recorded (typed, or measured by the timer) before rounding. */
  recordedDuration: z.string(),
  userRate: z.string(),
  foreignUserRate: z.string(),
  homeCurrencyId: z.number().nullable(),
  foreignCurrencyId: z.number().nullable(),
  currencySymbol: z.string(),
  exchangeRate: z.string(),
  totalAmount: z.string(),
  foreignTotalAmount: z.string(),
  homeTotalAmount: z.string(),
  status: z.number(),
  /** On an invoice: date, client, matter and duration cannot change, and it cannot be deleted. */
  isLocked: z.boolean(),
  /**
   * The number of the invoice that billed it, once that invoice has left draft (null otherwise):
   * then nothing the invoice shows of it can change (billedLockMessage).
   */
  billedOnInvoiceNumber: z.string().nullable(),
  manualTimeEntry: z.boolean(),
  utbmsTaskCode: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const TIME_ENTRY_SORT_COLUMNS = [
  'timeEntryDate',
  'clientName',
  'matterName',
  'timeEntryUserName',
  'activityType',
  'duration',
  'totalAmount',
  'createdAt',
] as const;

/** GET /api/admin/time-entry: SPEC.md §3's list filters, paging and SortBy ("column" or "column desc"). */
export const timeEntryListQuerySchema = pageQuerySchema.extend({
  IsBillable: z.coerce
    .number()
    .pipe(z.union([z.literal(2), z.literal(4)], { error: 'IsBillable must be 2 or 4' }))
    .optional(),
  MatterId: z.uuid().optional(),
  ClientId: z.uuid().optional(),
  TimeEntryUserId: z.uuid().optional(),
  FromTimeEntryDateCreated: isoDate('From date').optional(),
  ToTimeEntryDateCreated: isoDate('To date').optional(),
  SortBy: z
    .string()
    .trim()
    .regex(new RegExp(`^(${TIME_ENTRY_SORT_COLUMNS.join('|')})( (asc|desc))?$`), 'SortBy is not a column of the list')
    .optional(),
  sortColumn: z.enum(TIME_ENTRY_SORT_COLUMNS).optional(),
  sortType: sortTypeSchema,
  GeneralSearchText: z.string().trim().max(200).optional(),
  IsDownlodCsv: queryBoolean,
  /** Also answer the filter's totals in the page (off by default: get-totals serves them beside it). */
  IncludeTotals: queryBoolean,
  AdminUserId: z.string().optional(),
  BusinessId: z.string().optional(),
});
export type TimeEntryListQuery = z.input<typeof timeEntryListQuerySchema>;

export const timeEntryListItemSchema = timeEntrySchema.pick({
  id: true,
  timeEntryDate: true,
  clientId: true,
  clientName: true,
  matterId: true,
  matterName: true,
  matterNumber: true,
  activityId: true,
  activityType: true,
  description: true,
  duration: true,
  recordedDuration: true,
  isBillable: true,
  timeEntryUserId: true,
  timeEntryUserName: true,
  userRate: true,
  totalAmount: true,
  homeTotalAmount: true,
  currencySymbol: true,
  status: true,
  isLocked: true,
  utbmsTaskCode: true,
  createdAt: true,
});
export type TimeEntryListItem = z.infer<typeof timeEntryListItemSchema>;

/** The whole filter's totals, not only the page's: hours as 4-decimal text, money in the home currency. */
export const timeEntryTotalsSchema = z.object({
  totalHours: z.string(),
  billableHours: z.string(),
  nonBillableHours: z.string(),
  billableAmount: z.string(),
  unbilledAmount: z.string(),
});
export type TimeEntryTotals = z.infer<typeof timeEntryTotalsSchema>;

/**
 * The list's page. `totals` only when asked with IncludeTotals=true: summing a large filter reads
 * every matching row, so the page stays fast and the web loads get-totals beside it.
 */
export const timeEntryPageSchema = pageSchema(timeEntryListItemSchema).extend({ totals: timeEntryTotalsSchema.optional() });
export type TimeEntryPage = z.infer<typeof timeEntryPageSchema>;

/** GET /api/admin/time-entry/get-time-entry-matter-rate */
export const matterRateQuerySchema = z.object({
  matterId: z.uuid({ error: TIME_ENTRY_MESSAGES.matterRequired }),
  UserId: z.uuid({ error: TIME_ENTRY_MESSAGES.userRequired }),
  adminUserId: z.string().optional(),
  businessId: z.string().optional(),
});
export const matterRateSchema = z.object({ amount: z.string() });

/** The body of the four time-entry-log calls (SPEC.md §7); any other field is refused like on every other call. */
export const timerRequestSchema = z.strictObject({
  adminUserId: z.string().nullish(),
  businessId: z.string().nullish(),
});
/** SPEC.md §3 Timer log response. */
export const timerTotalSchema = z.object({
  totalTime: z.string(),
  totalTimeInDouble: z.number(),
  isStarted: z.boolean(),
});
export type TimerTotal = z.infer<typeof timerTotalSchema>;
