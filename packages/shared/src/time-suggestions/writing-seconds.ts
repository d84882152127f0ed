import { z } from 'zod';

// A module of its own: the note, court update and message forms send it without loading the rest of Suggested time.
/** Writing a note is counted from the form's opening to its saving, at most this long. */
export const WRITING_MAX_SECONDS = 7200;

/** Seconds from opening a form to saving it, sent with what it saves, for Suggested time (optional, at most 2 hours). */
export const writingSeconds = z
  .number({ error: 'Writing time must be a whole number of seconds' })
  .int('Writing time must be a whole number of seconds')
  .min(0, 'Writing time cannot be negative')
  .max(WRITING_MAX_SECONDS, `Writing time is at most ${WRITING_MAX_SECONDS} seconds`)
  .optional();
