import { divideRounded, fromCents, toCents, toScaled } from '../common/money.ts';

/**
 * A write-down or write-up at pre-bill review, by an amount or a percentage of the line's recorded
 * amount (the item's: a second adjustment replaces the first, it does not compound).
 */
export const ADJUSTMENT_DIRECTIONS = ['down', 'up'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];
export const ADJUSTMENT_BASES = ['amount', 'percent'] as const;
export type AdjustmentBasis = (typeof ADJUSTMENT_BASES)[number];

export const LINE_ADJUSTMENT_MESSAGES = {
  belowZero: 'A write-down cannot be more than the line’s recorded amount',
  percentOver100: 'A write-down cannot be more than 100%',
} as const;

export type LineAdjustmentRequest = { direction: AdjustmentDirection; basis: AdjustmentBasis; value: string };

/**
 * What the line bills after the adjustment, exact to the cent: the recorded amount less (down) or
 * plus (up) the value, or that percentage of it rounded half-up. A refusal when a
 * write-down would bill less than nothing.
 */
export function adjustedLineAmount(itemAmount: string, request: LineAdjustmentRequest): { amount: string } | { refusal: string } {
  const recorded = toCents(itemAmount);
  const change = request.basis === 'amount' ? toCents(request.value) : divideRounded(recorded * toScaled(request.value, 4), 100n * 10_000n);
  if (request.direction === 'down' && request.basis === 'percent' && toScaled(request.value, 4) > 100n * 10_000n)
    return { refusal: LINE_ADJUSTMENT_MESSAGES.percentOver100 };
  const amount = request.direction === 'down' ? recorded - change : recorded + change;
  if (amount < 0n) return { refusal: LINE_ADJUSTMENT_MESSAGES.belowZero };
  return { amount: fromCents(amount) };
}
