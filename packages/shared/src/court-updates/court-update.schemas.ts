import { z } from 'zod';
import { writingSeconds } from '../time-suggestions/writing-seconds.ts';
import {
  firmScopeQuerySchema,
  isoDate,
  optionalMultilineText,
  optionalText,
  queryBoolean,
  requiredId,
  requiredIsoDate,
  requiredMultilineText,
  requiredText,
  sortTypeSchema,
} from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';

export const COURT_UPDATE_MESSAGES = {
  matterRequired: 'Matter is required',
  courtRequired: 'Court is required',
  hearingDateRequired: 'Hearing date is required',
  matterNotOfClient: 'The matter does not belong to the chosen client',
  nextDateBeforeHearing: 'Next adjourned date cannot be before the hearing date',
  nextTimeWithoutDate: 'Enter the next adjourned date for its time',
  nextPurposeWithoutDate: 'Enter the next adjourned date for its purpose',
} as const;

/** Blank, null or left out is none; the rest must match, by a pattern the API document states. */
const time = z
  .union([
    z.literal(''),
    z
      .string({ error: 'Time must be HH:MM' })
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM (24-hour)'),
  ])
  .nullish()
  .transform((value) => (value ? value : null));

const optionalIsoDate = (label: string) =>
  z
    .union([z.literal(''), isoDate(label)])
    .nullish()
    .transform((value) => (value ? value : null));

/** POST …/create-court-update and PUT …/update-court-update/{id}. */
export const courtUpdateInputSchema = z
  .strictObject({
    clientId: z
      .uuid({ error: 'Client must be one of the firm’s clients' })
      .nullish()
      .describe('Optional check: when given it must be the matter’s client (400 otherwise); the stored client is always the matter’s.'),
    matterId: requiredId(COURT_UPDATE_MESSAGES.matterRequired).describe(
      'The matter heard: a live matter of the firm (one the update already has may stay after it is deleted).',
    ),
    courtId: requiredId(COURT_UPDATE_MESSAGES.courtRequired).describe(
      'The court it was heard in, from the firm’s courts (one the update already has may stay after it is deleted).',
    ),
    suitNumber: requiredText('Suit number', 100).describe('The suit number, 1 to 100 characters.'),
    judge: optionalText('Judge', 200).describe('The judge, up to 200 characters; blank or left out: none.'),
    hearingDate: requiredIsoDate('Hearing date', COURT_UPDATE_MESSAGES.hearingDateRequired).describe(
      'The date of the hearing this update records (YYYY-MM-DD).',
    ),
    /** Fee earners who appeared. */
    appearanceUserIds: z
      .array(z.uuid({ error: 'Appearance must be the firm’s fee earners' }))
      .max(50)
      .default([])
      .describe('The firm’s users who appeared, at most 50; new ones must be active. On update they replace those recorded.'),
    outcome: requiredMultilineText('What happened', 20_000).describe('What happened at the hearing, 1 to 20,000 characters.'),
    nextAdjournedDate: optionalIsoDate('Next adjourned date').describe(
      'When the matter is next in court (YYYY-MM-DD), not before hearingDate; it puts the hearing on the calendar and its reminders. Blank or left out: none.',
    ),
    nextAdjournedTime: time.describe(
      'The next hearing’s time (HH:MM, 24-hour, in the firm’s time zone); only with nextAdjournedDate. Blank or left out: none.',
    ),
    nextAdjournedPurpose: optionalMultilineText('Purpose', 500).describe(
      'What the next hearing is for, up to 500 characters; only with nextAdjournedDate. Blank or left out: none.',
    ),
    nextSteps: optionalMultilineText('Next steps', 20_000).describe('What happens next, up to 20,000 characters; blank or left out: none.'),
    writingSeconds: writingSeconds.describe('Seconds from opening the form to saving it: the author’s suggested time (optional, 0–7200).'),
    isSharedWithClient: z
      .boolean()
      .default(false)
      .describe('Whether the client sees the update (and its next date) in the portal and their calendar link; left out: false.'),
  })
  .check((ctx) => {
    const value = ctx.value;
    if (value.nextAdjournedDate && value.nextAdjournedDate < value.hearingDate)
      ctx.issues.push({ code: 'custom', input: value, path: ['nextAdjournedDate'], message: COURT_UPDATE_MESSAGES.nextDateBeforeHearing });
    if (!value.nextAdjournedDate && value.nextAdjournedTime)
      ctx.issues.push({ code: 'custom', input: value, path: ['nextAdjournedTime'], message: COURT_UPDATE_MESSAGES.nextTimeWithoutDate });
    if (!value.nextAdjournedDate && value.nextAdjournedPurpose)
      ctx.issues.push({
        code: 'custom',
        input: value,
        path: ['nextAdjournedPurpose'],
        message: COURT_UPDATE_MESSAGES.nextPurposeWithoutDate,
      });
  });
export type CourtUpdateInput = z.input<typeof courtUpdateInputSchema>;
export type CourtUpdateInputParsed = z.output<typeof courtUpdateInputSchema>;

export const courtUpdateSchema = z.object({
  id: z.string().describe('The court update’s id.'),
  clientId: z.string().describe('The matter’s client.'),
  clientName: z.string().describe('The client’s name.'),
  matterId: z.string().describe('The matter heard.'),
  matterName: z.string().describe('The matter’s name.'),
  matterNumber: z.string().nullable().describe('The matter’s number; null when it has none.'),
  courtId: z.string().describe('The court it was heard in.'),
  courtName: z.string().describe('The court’s name (kept after the court is deleted).'),
  courtDivision: z.string().nullable().describe('The court’s division; null when it has none.'),
  suitNumber: z.string().describe('The suit number.'),
  judge: z.string().nullable().describe('The judge; null when not recorded.'),
  hearingDate: z.string().describe('The date of the hearing recorded (YYYY-MM-DD).'),
  appearances: z
    .array(
      z.object({
        userId: z.string().describe('The user’s id.'),
        name: z.string().describe('The user’s name.'),
      }),
    )
    .describe('The firm’s users who appeared.'),
  outcome: z.string().describe('What happened at the hearing, in full.'),
  nextAdjournedDate: z.string().nullable().describe('When the matter is next in court (YYYY-MM-DD); null when no date was set.'),
  /** HH:MM, in the firm's time zone. */
  nextAdjournedTime: z
    .string()
    .nullable()
    .describe('The next hearing’s time (HH:MM, 24-hour, in the firm’s time zone); null when not given.'),
  nextAdjournedPurpose: z.string().nullable().describe('What the next hearing is for; null when not given.'),
  nextSteps: z.string().nullable().describe('What happens next; null when not given.'),
  isSharedWithClient: z.boolean().describe('Whether the client sees the update in the portal.'),
  addedByUserId: z.string().describe('The user who recorded it.'),
  addedByUserName: z.string().describe('That user’s name.'),
  createdAt: z.string().describe('When it was recorded (ISO 8601, UTC).'),
  updatedAt: z.string().describe('When it was last changed (ISO 8601, UTC).'),
});
export type CourtUpdate = z.infer<typeof courtUpdateSchema>;

export const COURT_UPDATE_SORT_COLUMNS = [
  'hearingDate',
  'nextAdjournedDate',
  'suitNumber',
  'courtName',
  'clientName',
  'matterName',
  'createdAt',
] as const;

/** GET …/get-court-updates. */
export const courtUpdateListQuerySchema = pageQuerySchema.extend({
  sortColumn: z
    .enum(COURT_UPDATE_SORT_COLUMNS)
    .default('hearingDate')
    .describe('What to sort by (default hearingDate, which with the default sortType lists the latest hearing first).'),
  sortType: sortTypeSchema,
  GeneralSearchText: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe(
      'Words to find in the suit number, judge, what happened, purpose or next steps (not in names: filter by client, matter or court instead).',
    ),
  ...firmScopeQuerySchema.shape,
  ClientId: z.uuid().optional().describe('Only this client’s court updates.'),
  MatterId: z.uuid().optional().describe('Only this matter’s court updates.'),
  CourtId: z.uuid().optional().describe('Only court updates heard in this court.'),
  FromHearingDate: isoDate('From hearing date').optional().describe('Only hearings on or after this date (YYYY-MM-DD).'),
  ToHearingDate: isoDate('To hearing date').optional().describe('Only hearings on or before this date (YYYY-MM-DD).'),
  FromNextAdjournedDate: isoDate('From next adjourned date')
    .optional()
    .describe('Only updates whose next adjourned date is on or after this date (YYYY-MM-DD).'),
  ToNextAdjournedDate: isoDate('To next adjourned date')
    .optional()
    .describe('Only updates whose next adjourned date is on or before this date (YYYY-MM-DD).'),
  IsDownlodCsv: queryBoolean.describe(
    'true or 1: answer the whole filtered list as a text/csv download instead of the JSON page (SPEC’s spelling).',
  ),
});
export type CourtUpdateListQuery = z.input<typeof courtUpdateListQuerySchema>;

export const courtUpdateListItemSchema = courtUpdateSchema.omit({ nextSteps: true, updatedAt: true, appearances: true }).extend({
  /** The first line of what happened, for the list. */
  outcome: z.string().describe('The first line of what happened, at most 200 characters (the whole is on get-court-update).'),
});
export type CourtUpdateListItem = z.infer<typeof courtUpdateListItemSchema>;

export const courtUpdatePageSchema = pageSchema(courtUpdateListItemSchema);
export type CourtUpdatePage = z.infer<typeof courtUpdatePageSchema>;

/** The firm's courts: GET/POST /api/admin/progress-update/courts, PUT …/courts/{id}. */
export const courtInputSchema = z.strictObject({
  name: requiredText('Court name', 200).describe(
    'The court’s name, 1 to 200 characters; unique per division in the firm, ignoring case (409 otherwise).',
  ),
  division: optionalText('Division', 200).describe('The court’s division, up to 200 characters; blank or left out: none.'),
  address: optionalMultilineText('Address', 500).describe('The court’s address, up to 500 characters; blank or left out: none.'),
});
export type CourtInput = z.input<typeof courtInputSchema>;

export const courtSchema = z.object({
  id: z.string().describe('The court’s id.'),
  name: z.string().describe('The court’s name.'),
  division: z.string().nullable().describe('The court’s division; null when it has none.'),
  address: z.string().nullable().describe('The court’s address; null when not recorded.'),
});
export type Court = z.infer<typeof courtSchema>;
