import { documentReadingContract, READING_BEAT_MAX_SECONDS, READING_IDLE_SECONDS } from '@matterhorn/shared';
import { useEffect } from 'react';
import { callContract } from '../api/call-contract.ts';

/** How often the reading is counted, and how often what was counted is sent. */
const TICK_SECONDS = 15;
const SEND_EVERY_TICKS = 4;
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

/**
 * Counts the time a member spends on a document for Suggested time (issue 44): only while the tab is
 * visible and they have touched the page in the last 5 minutes. What was counted goes to the server
 * once a minute and when the page is left or hidden; a beat that fails is dropped, never retried.
 */
export function useReadingBeats(documentId: string | null) {
  useEffect(() => {
    if (!documentId) return;
    let lastInputAt = Date.now();
    let counted = 0;
    let ticks = 0;
    const noteInput = () => {
      lastInputAt = Date.now();
    };
    const send = () => {
      const seconds = Math.min(counted, READING_BEAT_MAX_SECONDS);
      counted = 0;
      if (seconds > 0)
        void callContract(documentReadingContract, { body: { documentId, seconds } }, { auth: 'firm', silent: true }).catch(
          () => undefined,
        );
    };
    const tick = () => {
      const isActive = document.visibilityState === 'visible' && Date.now() - lastInputAt < READING_IDLE_SECONDS * 1000;
      if (isActive) counted += TICK_SECONDS;
      ticks += 1;
      if (ticks % SEND_EVERY_TICKS === 0) send();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') send();
      else noteInput();
    };
    const timer = window.setInterval(tick, TICK_SECONDS * 1000);
    for (const name of INPUT_EVENTS) window.addEventListener(name, noteInput, { passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, noteInput);
      document.removeEventListener('visibilitychange', onVisibility);
      send();
    };
  }, [documentId]);
}
