import { z } from 'zod';
import { optionalMoneyText, optionalText } from '../common/fields.ts';
import { isMoneyText, toCents } from '../common/money.ts';

export const CONSULTATION_LENGTHS = [15, 30, 45, 60, 90, 120] as const;

const clockTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time (HH:MM)`);

export const workingHoursSchema = z
  .object({
    weekday: z.number().int().min(1).max(7).describe('The ISO weekday: 1 Monday … 7 Sunday.'),
    start: clockTime('Start').describe('When consultations may start that day, on the firm’s clock (HH:MM).'),
    end: clockTime('End').describe('When the last consultation must have ended that day (HH:MM), after the start.'),
  })
  .refine((day) => day.start < day.end, { message: 'The end must be after the start', path: ['end'] });

/** Whether a consultation fee is charged: an amount of at least one cent, compared exactly (never as a float). */
export const isConsultationFeeCharged = (amount: string | null | undefined): boolean =>
  typeof amount === 'string' && isMoneyText(amount) && toCents(amount) > 0n;

export const CONSULTATION_SETTINGS_MESSAGES = {
  saved: 'Consultation settings saved',
  duplicateDay: 'Each weekday may appear once',
  feeCurrency: 'Choose the fee’s currency',
  noGateway: 'No online payment gateway takes this currency: the fee cannot be required',
} as const;

/** PUT update-settings: how consultations are offered (the lead's assignee takes them). */
export const consultationSettingsInputSchema = z
  .strictObject({
    lengthMinutes: z
      .number({ error: 'Choose a length' })
      .int()
      .refine((value) => (CONSULTATION_LENGTHS as readonly number[]).includes(value), 'Choose a length')
      .describe('How long a consultation lasts, in minutes (15, 30, 45, 60, 90 or 120).'),
    workingHours: z
      .array(workingHoursSchema)
      .max(7)
      .refine((days) => new Set(days.map((day) => day.weekday)).size === days.length, CONSULTATION_SETTINGS_MESSAGES.duplicateDay)
      .describe('The hours consultations may take place on each weekday; a weekday left out takes none.'),
    noticeDays: z
      .number({ error: 'Notice must be a number of working days' })
      .int()
      .min(0, 'Notice must be 0 or more working days')
      .max(30, 'Notice must be at most 30 working days')
      .describe('The earliest slot, in working days from today: 0 later today, 1 the next working day.'),
    horizonDays: z
      .number({ error: 'How far ahead must be a number of days' })
      .int()
      .min(1, 'Offer at least 1 day ahead')
      .max(90, 'Offer at most 90 days ahead')
      .describe('How many days ahead slots are offered.'),
    feeAmount: optionalMoneyText('Fee').describe('The consultation fee, exact decimal text; null or blank: free.'),
    feeCurrency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Choose the fee’s currency')
      .nullish()
      .transform((value) => value ?? null)
      .describe('The fee’s ISO 4217 currency code; null when there is no fee.'),
    isFeeRequired: z.boolean().default(false).describe('true: the booking is confirmed only once the fee is paid online.'),
    officeAddress: optionalText('Office address', 300).describe('Where consultations in person take place; null: none.'),
    videoLink: z
      .union([z.url({ protocol: /^https$/, error: 'Video link must be an https:// address' }), z.literal('')])
      .nullish()
      .transform((value) => (value ? value : null))
      .describe('The https:// meeting room consultations take place in; null: in person at the office.'),
  })
  .refine((input) => input.feeAmount === null || input.feeCurrency !== null, {
    message: CONSULTATION_SETTINGS_MESSAGES.feeCurrency,
    path: ['feeCurrency'],
  });
export type ConsultationSettingsInput = z.input<typeof consultationSettingsInputSchema>;

export const consultationSettingsSchema = z.object({
  lengthMinutes: z.number().describe('How long a consultation lasts, in minutes.'),
  workingHours: z.array(workingHoursSchema).describe('Consultation hours per weekday, on the firm’s clock.'),
  noticeDays: z.number().describe('The earliest slot, in working days from today.'),
  horizonDays: z.number().describe('How many days ahead slots are offered.'),
  feeAmount: z.string().nullable().describe('The consultation fee as decimal text; null: free.'),
  feeCurrency: z.string().nullable().describe('The fee’s currency; null when free.'),
  isFeeRequired: z.boolean().describe('true: confirmed only once paid online.'),
  officeAddress: z.string().nullable().describe('The office address; null: none.'),
  videoLink: z.string().nullable().describe('The meeting room link; null: in person.'),
  timeZone: z.string().describe('The firm’s time zone (IANA), whose clock the hours are on.'),
  isNairaPayableOnline: z.boolean().describe('true: Paystack is set up, so a fee in NGN can be paid online.'),
  isOtherCurrencyPayableOnline: z.boolean().describe('true: Stripe is set up, so a fee in another currency can be paid online.'),
  isSaved: z.boolean().describe('false: the firm has not saved settings yet (these are the defaults).'),
});
export type ConsultationSettings = z.infer<typeof consultationSettingsSchema>;
