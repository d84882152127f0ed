import { z } from 'zod';
import { isoDate, optionalText, queryBoolean, requiredId, requiredText, sortTypeSchema } from '../common/fields.ts';
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

const time = z
  .string({ error: 'Time must be HH:MM' })
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), 'Time must be HH:MM (24-hour)');

const optionalIsoDate = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(isoDate(label).nullable());

/** POST …/create-court-update and PUT …/update-court-update/{id}. */
export const courtUpdateInputSchema = z
  .strictObject({
    clientId: z.uuid({ error: 'Client must be one of the firm’s clients' }).nullish(),
    matterId: requiredId(COURT_UPDATE_MESSAGES.matterRequired),
    courtId: requiredId(COURT_UPDATE_MESSAGES.courtRequired),
    suitNumber: requiredText('Suit number', 100),
    judge: optionalText('Judge', 200),
    hearingDate: z
      .string({ error: COURT_UPDATE_MESSAGES.hearingDateRequired })
      .trim()
      .min(1, COURT_UPDATE_MESSAGES.hearingDateRequired)
      .pipe(isoDate('Hearing date')),
    /** Fee earners who appeared. */
    appearanceUserIds: z
      .array(z.uuid({ error: 'Appearance must be the firm’s fee earners' }))
      .max(50)
      .default([]),
    outcome: requiredText('What happened', 20_000),
    nextAdjournedDate: optionalIsoDate('Next adjourned date'),
    nextAdjournedTime: time,
    nextAdjournedPurpose: optionalText('Purpose', 500),
    nextSteps: optionalText('Next steps', 20_000),
    isSharedWithClient: z.boolean().default(false),
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
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  matterId: z.string(),
  matterName: z.string(),
  matterNumber: z.string().nullable(),
  courtId: z.string(),
  courtName: z.string(),
  courtDivision: z.string().nullable(),
  suitNumber: z.string(),
  judge: z.string().nullable(),
  hearingDate: z.string(),
  appearances: z.array(z.object({ userId: z.string(), name: z.string() })),
  outcome: z.string(),
  nextAdjournedDate: z.string().nullable(),
  /** HH:MM, in the firm's time zone. */
  nextAdjournedTime: z.string().nullable(),
  nextAdjournedPurpose: z.string().nullable(),
  nextSteps: z.string().nullable(),
  isSharedWithClient: z.boolean(),
  addedByUserId: z.string(),
  addedByUserName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
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
  sortColumn: z.enum(COURT_UPDATE_SORT_COLUMNS).default('hearingDate'),
  sortType: sortTypeSchema,
  GeneralSearchText: z.string().trim().max(200).optional(),
  AdminUserId: z.string().optional(),
  BusinessId: z.string().optional(),
  ClientId: z.uuid().optional(),
  MatterId: z.uuid().optional(),
  CourtId: z.uuid().optional(),
  FromHearingDate: isoDate('From hearing date').optional(),
  ToHearingDate: isoDate('To hearing date').optional(),
  FromNextAdjournedDate: isoDate('From next adjourned date').optional(),
  ToNextAdjournedDate: isoDate('To next adjourned date').optional(),
  IsDownlodCsv: queryBoolean,
});
export type CourtUpdateListQuery = z.input<typeof courtUpdateListQuerySchema>;

export const courtUpdateListItemSchema = courtUpdateSchema.omit({ nextSteps: true, updatedAt: true, appearances: true }).extend({
  /** The first line of what happened, for the list. */
  outcome: z.string(),
});
export type CourtUpdateListItem = z.infer<typeof courtUpdateListItemSchema>;

export const courtUpdatePageSchema = pageSchema(courtUpdateListItemSchema);
export type CourtUpdatePage = z.infer<typeof courtUpdatePageSchema>;

/** The firm's courts: GET/POST /api/admin/progress-update/courts, PUT …/courts/{id}. */
export const courtInputSchema = z.strictObject({
  name: requiredText('Court name', 200),
  division: optionalText('Division', 200),
  address: optionalText('Address', 500),
});
export type CourtInput = z.input<typeof courtInputSchema>;

export const courtSchema = z.object({ id: z.string(), name: z.string(), division: z.string().nullable(), address: z.string().nullable() });
export type Court = z.infer<typeof courtSchema>;
