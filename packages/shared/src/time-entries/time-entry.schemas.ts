import { z } from 'zod';
import { isoDate, queryBoolean, sortTypeSchema } from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';

/** SPEC.md §9: isBillable 2 = not billable, 4 = billable. */
export const IS_BILLABLE = { notBillable: 2, billable: 4 } as const;
export type IsBillable = (typeof IS_BILLABLE)[keyof typeof IS_BILLABLE];
/** SPEC.md §9: a new entry's status is 3 (recorded, not yet on an invoice); 5 once billed on an invoice. */
export const TIME_ENTRY_STATUS = { unbilled: 3, billed: 5 } as const;
export const DEFAULT_EXCHANGE_RATE = '1';

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
