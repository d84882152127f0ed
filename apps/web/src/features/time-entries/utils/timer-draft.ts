import type { TimeEntryFormValues } from './time-entry-form-values.ts';

/** What a minimized timer entry keeps: everything but the duration, which the timer goes on counting. */
export type TimerDraft = Omit<TimeEntryFormValues, 'duration'>;

let draft: TimerDraft | null = null;
/** Drafts of the member's other timers, by timer id, while another one is current. */
const waiting = new Map<string, TimerDraft>();

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
  /**
   * Another timer becomes current (several timers): what was typed for the one left waits with it,
   * and the one switched to brings back its own (a new timer has none).
   */
  switchTimer(fromTimerId: string | null, toTimerId: string | null): void {
    if (fromTimerId === toTimerId) return;
    if (fromTimerId !== null && draft) waiting.set(fromTimerId, draft);
    draft = toTimerId === null ? null : (waiting.get(toTimerId) ?? null);
    if (toTimerId !== null) waiting.delete(toTimerId);
  },
};
