import { z } from 'zod';
import { isoDate, requiredId } from '../common/fields.ts';
import { MAX_DURATION_HOURS } from './time-entry-amounts.ts';
import { UTBMS_TASK_CODE_VALUES } from './utbms-task-codes.ts';
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

/** GET /api/admin/time-entry/get-time-entry-matter-rate */
export const matterRateQuerySchema = z.object({
  matterId: z.uuid({ error: TIME_ENTRY_MESSAGES.matterRequired }),
  UserId: z.uuid({ error: TIME_ENTRY_MESSAGES.userRequired }),
  adminUserId: z.string().optional(),
  businessId: z.string().optional(),
});
