import { fromCents, toCents, type InstalmentDraft } from '@matterhorn/shared';

/** The instalments as written: each amount to the cent, with the running total through it (the missed rule reads it). */
export function instalmentsWithRunningTotal(instalments: readonly InstalmentDraft[]) {
  let running = 0n;
  return instalments.map((instalment) => {
    running += toCents(instalment.amount);
    return { dueDate: instalment.dueDate, amount: fromCents(toCents(instalment.amount)), cumulativeAmount: fromCents(running) };
  });
}
