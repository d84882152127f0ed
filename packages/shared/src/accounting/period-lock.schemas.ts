import { z } from 'zod';
import { addDays, isoToDisplayDate } from '../common/dates.ts';
import { isoDate } from '../common/fields.ts';

/** The period lock's words (issue 36): the refusal every module answers, and the setting's own. */
export const PERIOD_LOCK_MESSAGES = {
  /** What a posting dated on or before the lock is refused with, whichever module posts it. */
  booksClosed: (closedThrough: string) =>
    `The books are closed through ${isoToDisplayDate(closedThrough)}: date this after that day, in an open period`,
  notBeforeToday: 'Close the books through a day before today: today’s payments and postings are still coming in',
  /** What a change did, in the firm's date format, for the answer and the toast: closing names the day, reopening what it reopened. */
  changed: (before: string | null, after: string | null): string => {
    if (after === null)
      return before === null
        ? 'Every period is open'
        : `Every period reopened: the books were closed through ${isoToDisplayDate(before)}; postings may be dated on any day`;
    if (before !== null && after < before)
      return `Reopened ${isoToDisplayDate(addDays(after, 1))} to ${isoToDisplayDate(before)}: books closed through ${isoToDisplayDate(after)}`;
    return `Books closed through ${isoToDisplayDate(after)}`;
  },
} as const;

/** GET get-books-closed-through. */
export const booksClosedThroughSchema = z.object({
  booksClosedThrough: z
    .string()
    .nullable()
    .describe(
      'The last day of the closed period (YYYY-MM-DD): no journal entry, from any module, may be dated on or before it; null: every period is open.',
    ),
  firstOpenDate: z
    .string()
    .nullable()
    .describe('The first day a posting may be dated (the day after booksClosedThrough, YYYY-MM-DD); null: every period is open.'),
});
export type BooksClosedThrough = z.infer<typeof booksClosedThroughSchema>;

/** POST set-books-closed-through: a later day closes more, an earlier day (or null) reopens. */
export const setBooksClosedThroughSchema = z.strictObject({
  booksClosedThrough: isoDate('Books closed through')
    .nullable()
    .describe(
      'Close the books through this day (YYYY-MM-DD, before today in the firm’s time zone); an earlier day than the current one reopens the days after it; null reopens every period.',
    ),
});
export type SetBooksClosedThroughInput = z.input<typeof setBooksClosedThroughSchema>;
