import { z } from 'zod';
import { controlCharactersMessage, MULTILINE_PATTERN } from '../common/text-characters.ts';
import { isoDate, queryBoolean, sortTypeSchema, firmScopeQuerySchema } from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';

/** SPEC.md §9: isBillable 2 = not billable, 4 = billable. */
export const IS_BILLABLE = { notBillable: 2, billable: 4 } as const;
export type IsBillable = (typeof IS_BILLABLE)[keyof typeof IS_BILLABLE];
/** SPEC.md §9: a new entry's status is 3 (recorded, not yet on an invoice); 5 once billed on an invoice. */
export const TIME_ENTRY_STATUS = { unbilled: 3, billed: 5 } as const;
export const DEFAULT_EXCHANGE_RATE = '1';

/** GET /api/admin/time-entry/{id}: the form's fields plus what the popup shows beside them. */
export const timeEntrySchema = z.object({
  id: z.string().describe('The time entry’s id (a UUID).'),
  clientId: z.string().describe('The client the time is recorded for (a UUID).'),
  clientName: z.string().describe('The client’s name: a person’s full name or a company’s name.'),
  matterId: z.string().describe('The matter the time is recorded on (a UUID); it always belongs to clientId.'),
  matterName: z.string().describe('The matter’s name.'),
  matterNumber: z.string().nullable().describe('The matter’s number (MAT-00001), or null for a matter that has none.'),
  matterRate: z
    .string()
    .describe(
      'The matter’s billing type (SPEC’s matterRate): Hourly, Flat Rate, Contingency or Retainer; the popup warns on the last three.',
    ),
  activityId: z.string().describe('The activity type’s id (a UUID).'),
  activityType: z.string().describe('The activity type’s name, as the firm’s settings list it.'),
  activityCode: z.string().nullable().describe('The activity type’s UTBMS activity code (A101–A111), or null when it has none.'),
  isBillable: z.number().describe('4: billable (it can go on an invoice); 2: not billable (its rate and amounts are 0).'),
  timeEntryUserId: z.string().describe('The fee earner whose time it is (a user id, a UUID).'),
  timeEntryUserName: z.string().describe('The fee earner’s name.'),
  description: z.string().describe('What was done, as written (empty when none was given).'),
  timeEntryDate: z.string().describe('The day the work was done (YYYY-MM-DD).'),
  /** The hours billed: the recorded hours rounded up once, on the server, to the firm's billing increment. */
  duration: z
    .string()
    .describe(
      'The hours billed, as decimal text with 4 decimals ("1.5000"): the recorded hours rounded up once to the firm’s billing increment.',
    ),
  /** The hours as recorded (typed, or measured by the timer) before rounding. */
  recordedDuration: z
    .string()
    .describe('The hours as recorded, typed or measured by the timer, before rounding (decimal text with 4 decimals).'),
  userRate: z
    .string()
    .describe('The fee earner’s hourly rate in the home currency, an exact decimal string ("150.00"); "0.00" when not billable.'),
  foreignUserRate: z
    .string()
    .describe('The hourly rate in the billing currency (userRate ÷ exchangeRate), computed by the server; an exact decimal string.'),
  homeCurrencyId: z
    .number()
    .nullable()
    .describe('The firm’s home currency when the entry was saved (a currency id), or null if the firm had none.'),
  foreignCurrencyId: z
    .number()
    .nullable()
    .describe('The billing currency when it is not the home currency (a currency id); null: billed in the home currency.'),
  currencySymbol: z
    .string()
    .describe('The billing currency’s symbol (the home currency’s when foreignCurrencyId is null); empty when unknown.'),
  exchangeRate: z
    .string()
    .describe(
      'Home-currency units one unit of the billing currency buys, as decimal text without trailing zeros; "1" in the home currency.',
    ),
  totalAmount: z
    .string()
    .describe(
      'The value in the billing currency, userRate × duration ÷ exchangeRate, computed by the server; an exact decimal string, "0.00" when not billable.',
    ),
  foreignTotalAmount: z.string().describe('The same as totalAmount: SPEC’s name for the total in the billing currency.'),
  homeTotalAmount: z
    .string()
    .describe('userRate × duration in the home currency, before conversion (an exact decimal string): what reports and totals add up.'),
  status: z.number().describe('SPEC’s status: 3, recorded and not yet billed; 5, billed on an invoice.'),
  /** On an invoice: date, client, matter and duration cannot change, and it cannot be deleted. */
  isLocked: z.boolean().describe('True once on an invoice: its date, client, matter and duration cannot change, and it cannot be deleted.'),
  /**
   * The number of the invoice that billed it, once that invoice has left draft (null otherwise):
   * then nothing the invoice shows of it can change (billedLockMessage).
   */
  billedOnInvoiceNumber: z
    .string()
    .nullable()
    .describe(
      'The number of the invoice that billed it, once that invoice has left draft (nothing it shows can then change); null otherwise.',
    ),
  manualTimeEntry: z.boolean().describe('False when it was saved from the timer; true when typed in.'),
  utbmsTaskCode: z.string().nullable().describe('Its UTBMS litigation task code (L110–L530), or null when it has none.'),
  createdAt: z.string().describe('When it was recorded (ISO 8601, UTC).'),
  updatedAt: z.string().describe('When it last changed (ISO 8601, UTC).'),
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
  IsBillable: z
    .union([z.literal('2'), z.literal('4'), z.literal(2), z.literal(4)], { error: 'IsBillable must be 2 or 4' })
    .transform((value) => Number(value) as IsBillable)
    .optional()
    .describe('4: only billable entries; 2: only non-billable ones; left out: both.'),
  MatterId: z.uuid().optional().describe('Only this matter’s entries (a UUID).'),
  ClientId: z.uuid().optional().describe('Only this client’s entries (a UUID).'),
  TimeEntryUserId: z
    .uuid()
    .optional()
    .describe('Only this fee earner’s entries (a user id); without timeEntry.viewAll the list holds only the caller’s own entries anyway.'),
  FromTimeEntryDateCreated: isoDate('From date')
    .optional()
    .describe('Only entries whose date (timeEntryDate) is on or after this day (YYYY-MM-DD).'),
  ToTimeEntryDateCreated: isoDate('To date')
    .optional()
    .describe('Only entries whose date (timeEntryDate) is on or before this day (YYYY-MM-DD).'),
  SortBy: z
    .string()
    .trim()
    .regex(new RegExp(`^(${TIME_ENTRY_SORT_COLUMNS.join('|')})( (asc|desc))?$`), 'SortBy is not a column of the list')
    .optional()
    .describe(
      '"column", "column asc" or "column desc", column one of sortColumn’s values (ascending unless desc); wins over sortColumn and sortType.',
    ),
  sortColumn: z
    .enum(TIME_ENTRY_SORT_COLUMNS)
    .optional()
    .describe(
      'The column to sort by, in sortType’s direction, when SortBy is absent; with neither, newest date first, then newest recorded.',
    ),
  sortType: sortTypeSchema,
  GeneralSearchText: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe(
      'Entries whose description, or whose matter’s name, number, shelf location or client name, contains this text (any case; at most 200 characters).',
    ),
  IsDownlodCsv: queryBoolean.describe('true or 1: answer the whole filtered list as CSV instead of a page (SPEC’s spelling of the name).'),
  /** Also answer the filter's totals in the page (off by default: get-totals serves them beside it). */
  IncludeTotals: queryBoolean.describe(
    'true or 1: also answer the whole filter’s totals in the page (off by default: get-totals serves them).',
  ),
  ...firmScopeQuerySchema.shape,
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
  totalHours: z.string().describe('The hours billed (duration) of every matching entry added up, as decimal text with 4 decimals.'),
  billableHours: z.string().describe('The hours billed of the matching billable entries, as decimal text with 4 decimals.'),
  nonBillableHours: z.string().describe('The hours of the matching non-billable entries, as decimal text with 4 decimals.'),
  billableAmount: z
    .string()
    .describe('The matching billable entries’ homeTotalAmount added up: an exact decimal string in the home currency.'),
  unbilledAmount: z.string().describe('The part of billableAmount not yet on an invoice: an exact decimal string in the home currency.'),
});
export type TimeEntryTotals = z.infer<typeof timeEntryTotalsSchema>;

/**
 * The list's page. `totals` only when asked with IncludeTotals=true: summing a large filter reads
 * every matching row, so the page stays fast and the web loads get-totals beside it.
 */
export const timeEntryPageSchema = pageSchema(timeEntryListItemSchema).extend({
  totals: timeEntryTotalsSchema.optional().describe('The whole filter’s totals, not only the page’s; only with IncludeTotals=true.'),
});
export type TimeEntryPage = z.infer<typeof timeEntryPageSchema>;

export const matterRateSchema = z.object({
  amount: z
    .string()
    .describe(
      'The hourly rate to fill in, in the home currency: the fee earner’s rate on the matter, else their default rate, else the matter’s own; "0.00" when none is set.',
    ),
});

/** The body of the four time-entry-log calls (SPEC.md §7); any other field is refused like on every other call. */
export const timerRequestSchema = z.strictObject({
  matterId: z
    .uuid({ error: 'Matter must be a valid id' })
    .optional()
    .describe(
      'start-entry only, "bill this" (a task or an event): the matter the time is for, filled in when the timer stops; when the current timer holds time, a new timer starts for it (409 at 10 timers).',
    ),
  description: z
    .string()
    .trim()
    .max(5000, 'Description must be at most 5000 characters')
    .regex(MULTILINE_PATTERN, controlCharactersMessage('Description'))
    .optional()
    .describe('start-entry only, with matterId: the words the time entry is filled in with (the task’s or event’s title).'),
  adminUserId: z
    .string()
    .nullish()
    .describe(
      'SPEC’s firm scope, kept for compatibility: when sent it must be the firm owner’s user id (else 403); the firm is always the caller’s own.',
    ),
  businessId: z
    .string()
    .nullish()
    .describe(
      'SPEC’s firm scope, kept for compatibility: when sent it must be the caller’s firm id (else 403); the firm is always the caller’s own.',
    ),
});
/** SPEC.md §3 Timer log response. */
export const timerTotalSchema = z.object({
  totalTime: z
    .string()
    .describe('The time on the caller’s timer across all its logs: hh:mm:ss, or d.hh:mm:ss from a day on ("00:00:00" when idle).'),
  totalTimeInDouble: z.number().describe('The same time in decimal hours, to 4 decimals: what the popup fills in as the duration.'),
  isStarted: z.boolean().describe('True while the timer runs; false when paused or idle.'),
  subject: z
    .object({
      matterId: z.string().describe('The matter the time is for.'),
      matterName: z.string().describe('Its name.'),
      clientId: z.string().describe('Its client.'),
      description: z.string().describe('The words the time entry is filled in with.'),
    })
    .optional()
    .describe('What the timer runs for when it was started from a task or an event ("bill this"); absent otherwise.'),
});
export type TimerTotal = z.infer<typeof timerTotalSchema>;
