import { hasPermissions, secondsToHours, SPEC_MESSAGES } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { timerTotalQuery } from '../api/timer.ts';
import { durationFromTotal, secondsOfTotal, timerStatusOf } from '../utils/timer-clock.ts';
import { useTimerActions } from './use-timer-actions.ts';
import { useTimers } from './use-timers.ts';

export const TIMER_PERMISSION = 'timeEntry.create';
/** How often a running clock redraws; the time itself comes from the server's total. */
const TICK_MS = 500;

/**
 * SPEC.md §4 Timer: idle → running (Start Timer), running → paused (Pause, then the total is
 * reloaded), paused → running (Continue), Stop pauses and opens the popup with the duration. The
 * server holds the timer, so the total is loaded on mount and whenever the tab becomes visible.
 */
export function useHeaderTimer() {
  const { permissions, workingUser } = useSession();
  const actions = useTimerActions();
  const canTime = hasPermissions(permissions, [TIMER_PERMISSION]);
  // Without timeEntry.create the server refuses timer calls, so the clock stays idle without asking.
  const isEnabled = workingUser !== null && canTime;
  const total = useQuery({ ...timerTotalQuery(actions.scope), enabled: isEnabled });
  const timers = useTimers(isEnabled);
  const status = timerStatusOf(total.data);
  const [now, setNow] = useState(() => Date.now());
  const [isBusy, setIsBusy] = useState(false);
  const busy = useRef(false);
  const { refetch } = total;

  useEffect(() => {
    if (!isEnabled) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [isEnabled, refetch]);

  useEffect(() => {
    if (status !== 'running') return;
    setNow(Date.now());
    const interval = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(interval);
  }, [status, total.dataUpdatedAt]);

  const elapsed = status === 'running' ? Math.max(0, Math.floor((now - total.dataUpdatedAt) / 1000)) : 0;
  const seconds = secondsOfTotal(total.data) + elapsed;

  /** One call at a time (a double click never sends two); every action needs timeEntry.create. */
  const run = (action: () => Promise<void>) => async () => {
    if (!canTime) {
      toast.alert(SPEC_MESSAGES.noPermission);
      return;
    }
    if (busy.current) return;
    busy.current = true;
    setIsBusy(true);
    try {
      await action();
    } finally {
      busy.current = false;
      setIsBusy(false);
    }
  };

  const stop = async () => {
    const shownSeconds = seconds;
    const paused = await actions.pause();
    // A pause the server did not confirm still stops here, at the time the clock showed.
    const duration = paused && !paused.isStarted ? durationFromTotal(paused) : secondsToHours(shownSeconds);
    // Started from a task or an event ("bill this"): its matter and words fill the entry.
    const subject = paused?.subject;
    timeEntryPopup.open({
      fromTimer: true,
      duration,
      ...(subject ? { clientId: subject.clientId, matterId: subject.matterId, description: subject.description } : {}),
    });
  };

  return {
    status,
    seconds,
    isBusy,
    /** The member's other timers, offered only to those who may run one. */
    canTime: isEnabled,
    timers,
    switchTo: (id: string) => run(() => timers.switchTo(id))(),
    start: run(actions.start),
    pause: run(async () => {
      await actions.pause();
    }),
    resume: run(actions.start),
    stop: run(stop),
  };
}
