import { MAX_TIMERS_PER_USER, TIMER_MESSAGES, type AddTimerInput, type Timer } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { addTimer, findTimers, isLiveMatter, removeTimer, switchTimer } from './timers.repository.ts';

export type TimerService = ReturnType<typeof createTimerService>;

/**
 * A member's several timers (issue 44): each change in one transaction under the member's lock,
 * answering their timers as they now stand. Another member's or firm's timer is not found.
 */
export function createTimerService(database: Database) {
  const change = (principal: FirmPrincipal, write: (tx: Tx) => Promise<void>): Promise<Timer[]> =>
    database.withFirm(principal.firmId, async (tx) => {
      await write(tx);
      return findTimers(tx, principal.firmId, principal.userId);
    });

  return {
    list: (principal: FirmPrincipal) => database.withFirm(principal.firmId, (tx) => findTimers(tx, principal.firmId, principal.userId)),

    add: (principal: FirmPrincipal, input: AddTimerInput) =>
      change(principal, async (tx) => {
        if (!(await isLiveMatter(tx, principal.firmId, input.matterId))) throw notFound('Matter');
        const subject = { matterId: input.matterId, description: input.description ?? '' };
        const outcome = await addTimer(tx, principal.firmId, principal.userId, subject, MAX_TIMERS_PER_USER);
        if (outcome === 'at-cap') throw conflict(TIMER_MESSAGES.atCap);
      }),

    switchTo: (principal: FirmPrincipal, timerId: string) =>
      change(principal, async (tx) => {
        if (!(await switchTimer(tx, principal.firmId, principal.userId, timerId))) throw notFound('Timer');
      }),

    remove: (principal: FirmPrincipal, timerId: string) =>
      change(principal, async (tx) => {
        if (!(await removeTimer(tx, principal.firmId, principal.userId, timerId))) throw notFound('Timer');
      }),
  };
}
