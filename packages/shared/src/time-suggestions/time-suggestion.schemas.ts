import { z } from 'zod';
import { isoDate, requiredId } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import { BARE_NUMBER_UNITS } from '../time-entries/quick-duration.ts';
import { timeEntryInputSchema } from '../time-entries/time-entry-input.schemas.ts';
import { documentReadingContract } from './document-reading.schemas.ts';
import { TIME_SUGGESTIONS_BASE, timeSuggestionCountContract } from './suggestion-count.schemas.ts';
import { WORK_ACTIVITY_KINDS } from './work-activity.ts';

/** The days one request may look at: a month. */
export const SUGGESTION_MAX_DAYS = 31;
/** Suggestions of a matter merged into one entry, at most. */
export const MERGE_MAX_MATTERS = 5;

export const TIME_SUGGESTION_MESSAGES = {
  nothingLeft: 'This suggestion has already been recorded or dismissed',
  offForFirm: 'Suggested time is off for the firm',
  offForUser: 'Suggested time is off for you: switch it on in My account',
  range: `Choose at most ${SUGGESTION_MAX_DAYS} days, from the earlier date`,
  documentWithoutMatter: 'Only a document on a matter counts towards suggested time',
  mergeOtherMatter: 'Only suggestions on the same matter can be merged: one matter’s work never goes on another’s entry',
  mergeNoneAlike: 'Nothing else this day is on this matter: suggestions merge only within one matter',
} as const;

/**
 * Whether two suggestions may become one entry: only on the same matter, so a narrative naming one
 * client never lands on another client's bill (issue 64). The server refuses anything else; the web
 * says why a card cannot be merged.
 */
export const canMergeSuggestions = (a: { matterId: string }, b: { matterId: string }) => a.matterId === b.matterId;

/** Why a card cannot be picked to merge with the rest of its day, or null when it can. */
export function mergeBlockedReason(suggestion: TimeSuggestion, day: TimeSuggestion[]): string | null {
  const others = day.filter((other) => other !== suggestion && other.workDate === suggestion.workDate);
  return others.some((other) => canMergeSuggestions(suggestion, other)) ? null : TIME_SUGGESTION_MESSAGES.mergeNoneAlike;
}

export const workActionSchema = z.object({
  kind: z.enum(WORK_ACTIVITY_KINDS).describe('What was done.'),
  subject: z.string().describe('What it was done to: a file name, a note’s first words, whom a call was with.'),
  seconds: z.number().int().describe('How long it counts for, in seconds.'),
});

export const timeSuggestionSchema = z.object({
  workDate: z.string().describe('The day (YYYY-MM-DD, the firm’s calendar).'),
  matterId: z.string().describe('The matter worked on.'),
  matterName: z.string().describe('The matter’s name.'),
  matterNumber: z.string().describe('The matter’s number.'),
  clientId: z.string().describe('The matter’s client.'),
  clientName: z.string().describe('The client’s name.'),
  workedHours: z.string().describe('Decimal hours of work seen that day on the matter and not yet settled.'),
  recordedHours: z.string().describe('Decimal hours already recorded as time that day on the matter by this member: subtracted.'),
  proposedHours: z.string().describe('What is proposed: worked less recorded, rounded up to the firm’s billing increment (4 decimals).'),
  activityId: z.string().nullable().describe('The firm’s activity type the work most likely is, or null when none fits.'),
  activityName: z.string().nullable().describe('That activity type’s name.'),
  narrative: z.string().describe('A description built from the actions, in the order first done.'),
  actions: z.array(workActionSchema).describe('The actions the suggestion is made of.'),
});
export type TimeSuggestion = z.infer<typeof timeSuggestionSchema>;

export const timeSuggestionRangeSchema = z
  .object({
    from: isoDate('From').describe('The first day (YYYY-MM-DD).'),
    to: isoDate('To').describe('The last day (YYYY-MM-DD), at most 31 days after from.'),
  })
  .refine(({ from, to }) => from <= to && Date.parse(to) - Date.parse(from) < SUGGESTION_MAX_DAYS * 86_400_000, {
    message: TIME_SUGGESTION_MESSAGES.range,
  });

/** Accept one day's suggestion for a matter, as proposed or edited; what is merged into it must be on the same matter. */
export const acceptSuggestionSchema = z
  .strictObject({
    workDate: isoDate('Date').describe('The suggestion’s day (YYYY-MM-DD).'),
    matterId: requiredId('Matter is required').describe('The matter the entry is recorded on.'),
    mergedMatterIds: z
      .array(z.uuid({ error: 'Each merged matter must be a matter id' }))
      .max(MERGE_MAX_MATTERS, `Merge at most ${MERGE_MAX_MATTERS} suggestions`)
      .default([])
      .describe(
        'Suggestions of the same day folded into this one entry, by matter: only the entry’s own matter is accepted (400 for any other), so no client’s work lands on another’s bill.',
      ),
    duration: timeEntryInputSchema.shape.duration
      .optional()
      .describe('Decimal hours to record; left out: the proposal (merged ones added).'),
    description: timeEntryInputSchema.shape.description.describe('The narrative; left out or blank: the one built from the actions.'),
    activityId: z
      .uuid({ error: 'Activity is required' })
      .optional()
      .describe('The activity type; left out: the likely one (400 when none fits).'),
  })
  .refine((input) => input.mergedMatterIds.every((id) => canMergeSuggestions({ matterId: id }, input)), {
    message: TIME_SUGGESTION_MESSAGES.mergeOtherMatter,
    path: ['mergedMatterIds'],
  });
export type AcceptSuggestionInput = z.input<typeof acceptSuggestionSchema>;

export const dismissSuggestionSchema = z.strictObject({
  workDate: isoDate('Date').describe('The suggestion’s day (YYYY-MM-DD).'),
  matterId: requiredId('Matter is required').describe('The matter whose suggestion is dismissed.'),
});

export const acceptDaySchema = z.strictObject({
  workDate: isoDate('Date').describe('The day whose suggestions are all accepted as proposed (YYYY-MM-DD).'),
});

export const acceptedSchema = z.object({
  timeEntryIds: z.array(z.string()).describe('The time entries created, one per suggestion accepted.'),
  skipped: z
    .array(
      z.object({
        matterId: z.string().describe('The matter whose suggestion was not accepted.'),
        reason: z.string().describe('Why, in words.'),
      }),
    )
    .describe('Suggestions not accepted (no activity type fits, the matter is closed…), with the reason.'),
});

export const timeRecordingPreferencesSchema = z.object({
  bareNumberUnit: z.enum(BARE_NUMBER_UNITS).describe('How a whole number typed as a Duration reads: hours or minutes.'),
  suggestsTime: z.boolean().describe('False: this member’s work is not recorded and no time is suggested to them.'),
  firmSuggestsTime: z.boolean().describe('The firm’s switch (Settings › General): off, no one’s work is recorded.'),
});
export const timeRecordingPreferencesInputSchema = z.strictObject({
  bareNumberUnit: z
    .enum(BARE_NUMBER_UNITS, { error: 'Whole numbers must read as hours or minutes' })
    .optional()
    .describe('"hours" or "minutes"; left out: unchanged.'),
  suggestsTime: z
    .boolean({ error: 'Suggested time must be on or off' })
    .optional()
    .describe('False opts out (and deletes what was recorded); left out: unchanged.'),
});

const base = TIME_SUGGESTIONS_BASE;

/** Suggested time (issue 44): each call acts on the signed-in member's own work only. */
export const timeSuggestionContracts = {
  list: defineRoute({
    method: 'GET',
    path: `${base}/get-suggestions`,
    query: timeSuggestionRangeSchema,
    response: z.array(timeSuggestionSchema),
  }),
  count: timeSuggestionCountContract,
  accept: defineRoute({ method: 'POST', path: `${base}/accept`, body: acceptSuggestionSchema, response: acceptedSchema, status: 201 }),
  acceptDay: defineRoute({ method: 'POST', path: `${base}/accept-day`, body: acceptDaySchema, response: acceptedSchema, status: 201 }),
  dismiss: defineRoute({ method: 'POST', path: `${base}/dismiss`, body: dismissSuggestionSchema, response: z.null() }),
  documentReading: documentReadingContract,
  preferences: defineRoute({ method: 'GET', path: `${base}/get-preferences`, response: timeRecordingPreferencesSchema }),
  updatePreferences: defineRoute({
    method: 'PUT',
    path: `${base}/update-preferences`,
    body: timeRecordingPreferencesInputSchema,
    response: timeRecordingPreferencesSchema,
  }),
};
