import type { TimeEntryFormValues } from './time-entry-form-values.ts';

/** What a minimized timer entry keeps: everything but the duration, which the timer goes on counting. */
export type TimerDraft = Omit<TimeEntryFormValues, 'duration'>;

let draft: TimerDraft | null = null;

/**
 * 'Minimize popup' resumes the timer; what the user had typed waits here for the next Stop, so
 * minimizing never loses a description. Saving, cancelling or deleting the entry discards it.
 */
export const timerDraft = {
  keep(values: TimeEntryFormValues): void {
    const { duration: _duration, ...rest } = values;
    draft = rest;
  },
  read(): TimerDraft | null {
    return draft;
  },
  clear(): void {
    draft = null;
  },
};
