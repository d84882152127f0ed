import { WRITING_MAX_SECONDS } from '@matterhorn/shared';
import { useRef } from 'react';

/**
 * How long a member has been writing something (Suggested time, issue 44): from the form's opening,
 * or from the first keystroke of a message, to its saving; at most 2 hours (a form left open
 * overnight is not a night's work).
 */
export function useWritingClock(startsOpen = true) {
  const startedAt = useRef<number | null>(startsOpen ? Date.now() : null);
  return {
    /** The first keystroke of a draft starts the clock, once. */
    start: () => {
      startedAt.current ??= Date.now();
    },
    /** Seconds written so far (0 when nothing has been typed). */
    seconds: () => (startedAt.current === null ? 0 : Math.min(WRITING_MAX_SECONDS, Math.round((Date.now() - startedAt.current) / 1000))),
    /** Sent: the next draft starts its own clock. */
    reset: () => {
      startedAt.current = startsOpen ? Date.now() : null;
    },
  };
}
