import { z } from 'zod';
import { controlCharactersMessage, MULTILINE_PATTERN } from '../common/text-characters.ts';
import { requiredId, requiredIsoDate } from '../common/fields.ts';
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
  /** A billable entry sent without a rate when neither the fee earner nor the matter has one to fall back on. */
  rateUnknown: 'Rate is required: neither this fee earner nor this matter has an hourly rate set',
  locked: 'This time entry is on an invoice: its date, client, matter and duration cannot change',
  lockedDelete: 'This time entry is on an invoice and cannot be deleted',
  currencyLocked: 'Billing currency can only change when multicurrency is on for the firm',
  matterNotOfClient: 'The matter does not belong to the chosen client',
  matterClosed: 'Time cannot be recorded on a closed matter',
  notAssigned: 'You can only record time for yourself',
} as const;

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/**
 * A required decimal field: "X is required" when blank or left out, "X must be number" when not a
 * number. Not nullish, so the API document lists it as required, as the server treats it.
 */
const decimalField = (required: string, notNumber: string) =>
  z
    .union([z.string(), z.number()], { error: required })
    .superRefine((value, context) => {
      if (blank(value)) context.addIssue({ code: 'custom', message: required });
      else if (!/^\d+(\.\d+)?$/.test(String(value).trim())) context.addIssue({ code: 'custom', message: notNumber });
    })
    .transform((value) => String(value).trim());

/**
 * POST /api/admin/time-entry and PUT /api/admin/time-entry/{id}: SPEC.md §3's form fields. The
 * server computes totalAmount and foreignTotalAmount itself; what the client sends for them is
 * accepted (the form sends them) and ignored.
 */
export const timeEntryInputSchema = z.strictObject({
  id: z.string().nullish().describe('The entry’s id when editing, as the form sends it; ignored (the path names the entry).'),
  clientId: requiredId(TIME_ENTRY_MESSAGES.clientRequired).describe('The client the time is for (a UUID of a live client of the firm).'),
  matterId: requiredId(TIME_ENTRY_MESSAGES.matterRequired).describe(
    'The matter (a UUID): it must belong to clientId, and a closed matter takes no new time.',
  ),
  activityId: requiredId(TIME_ENTRY_MESSAGES.activityRequired).describe('The activity type (a UUID from get-activity-type).'),
  isBillable: z
    .union([z.literal(2), z.literal(4), z.literal('2'), z.literal('4')], { error: 'Billable must be 2 or 4' })
    .transform(Number)
    .describe('4 (or "4"): billable, valued at userRate; 2: not billable, saved with rate and amounts 0.'),
  timeEntryUserId: requiredId(TIME_ENTRY_MESSAGES.userRequired).describe(
    'The fee earner whose time it is (an active member’s id); without timeEntry.viewAll only the caller’s own id is accepted (else 403).',
  ),
  description: z
    .string()
    .trim()
    .max(5000, 'Description must be at most 5000 characters')
    .regex(MULTILINE_PATTERN, controlCharactersMessage('Description'))
    .nullish()
    .transform((value) => value ?? '')
    .describe('What was done (at most 5000 characters); left out or null, empty.'),
  timeEntryDate: requiredIsoDate('Date', TIME_ENTRY_MESSAGES.dateRequired).describe('The day the work was done (YYYY-MM-DD).'),
  duration: decimalField(TIME_ENTRY_MESSAGES.durationRequired, TIME_ENTRY_MESSAGES.durationNumber)
    .refine((value) => value === '' || Number(value) > 0, TIME_ENTRY_RULE_MESSAGES.durationPositive)
    .refine((value) => value === '' || Number(value) <= MAX_DURATION_HOURS, TIME_ENTRY_RULE_MESSAGES.durationTooLong)
    .refine((value) => !/\.\d{5,}$/.test(value), TIME_ENTRY_RULE_MESSAGES.durationDecimals)
    .describe(
      'The hours worked, as decimal hours (text or number, more than 0, at most 24, up to 4 decimals); the server rounds them up to the firm’s billing increment.',
    ),
  userRate: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (blank(value) ? '0' : String(value).trim()))
    .refine((value) => /^\d{1,12}(\.\d{1,2})?$/.test(value), TIME_ENTRY_RULE_MESSAGES.rateFormat)
    .describe(
      'The hourly rate in the home currency, at most 2 decimals ("150.00"); ignored when not billable. Blank, left out or 0 on a billable entry: the fee earner’s rate for the matter (400 when none is set).',
    ),
  foreignUserRate: z
    .union([z.string(), z.number()])
    .nullish()
    .describe('Accepted as the form sends it and ignored: the server computes it.'),
  homeCurrencyId: z.coerce
    .number()
    .int()
    .positive()
    .nullish()
    .describe('Accepted as the form sends it and ignored: the firm’s home currency is used.'),
  foreignCurrencyId: z.coerce
    .number()
    .int()
    .positive()
    .nullish()
    .describe(
      'The billing currency (a currency id); null, left out or the home currency: billed in the home currency. Another one needs multicurrency on.',
    ),
  exchangeRate: decimalField(TIME_ENTRY_MESSAGES.exchangeRateRequired, TIME_ENTRY_MESSAGES.exchangeRateNumber)
    .refine((value) => value === '' || Number(value) > 0, TIME_ENTRY_RULE_MESSAGES.exchangeRatePositive)
    .refine((value) => !/\.\d{9,}$/.test(value), 'Exchange Rate can have at most 8 decimals')
    .describe(
      'Home-currency units one unit of the billing currency buys (more than 0, up to 8 decimals); the server uses 1 when billing in the home currency.',
    ),
  totalAmount: z
    .union([z.string(), z.number()])
    .nullish()
    .describe('Accepted as the form sends it and ignored: the server computes the total.'),
  foreignTotalAmount: z
    .union([z.string(), z.number()])
    .nullish()
    .describe('Accepted as the form sends it and ignored: the server computes the total.'),
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
  status: z.coerce
    .number()
    .int()
    .nullish()
    .describe('Accepted as the form sends it (SPEC’s 3) and ignored: billing an entry on an invoice sets its status.'),
  ManualTimeEntry: z
    .boolean()
    .nullish()
    .describe(
      'False when saved from the timer: the caller’s timer is then reset in the same transaction. Left out: true (typed in); on update, ignored.',
    ),
  utbmsTaskCode: z
    .enum(UTBMS_TASK_CODE_VALUES, { error: 'UTBMS task code must be one of L110–L530' })
    .nullish()
    .describe('A UTBMS litigation task code (L110–L530) for LEDES invoices; null or left out: none.'),
});
export type TimeEntryInput = z.input<typeof timeEntryInputSchema>;
export type TimeEntryInputParsed = z.output<typeof timeEntryInputSchema>;

/** GET /api/admin/time-entry/get-time-entry-matter-rate */
export const matterRateQuerySchema = z.object({
  matterId: z.uuid({ error: TIME_ENTRY_MESSAGES.matterRequired }).describe('The matter (a UUID of a live matter of the firm).'),
  UserId: z
    .uuid({ error: TIME_ENTRY_MESSAGES.userRequired })
    .describe('The fee earner (a user id); without timeEntry.viewAll only the caller’s own id is accepted (else 403).'),
  adminUserId: z
    .string()
    .optional()
    .describe(
      'SPEC’s firm scope, kept for compatibility: when sent it must be the firm owner’s user id (else 403); the firm is always the caller’s own.',
    ),
  businessId: z
    .string()
    .optional()
    .describe(
      'SPEC’s firm scope, kept for compatibility: when sent it must be the caller’s firm id (else 403); the firm is always the caller’s own.',
    ),
});
