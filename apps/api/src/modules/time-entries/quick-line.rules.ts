import type { QuickLineCandidate } from '@matterhorn/shared';

/** A second matter scoring within this of the first matches it equally: the member chooses. */
export const CLEAR_WINNER_MARGIN = 0.05;
/** Matters offered for one line, at most. */
export const QUICK_LINE_CANDIDATES = 5;
/** The matter's words are looked for among the line's first words only. */
export const QUICK_LINE_MATTER_WORDS = 8;

/**
 * The best candidate is proposed only when no other comes near it: two matters that hold the typed
 * words equally ("Adeyemi v Bello" and "Adeyemi v Bello (appeal)") are for the member to tell apart.
 */
export function isClearWinner(candidates: Pick<QuickLineCandidate, 'score'>[]): boolean {
  const [best, second] = candidates;
  if (!best) return false;
  return !second || best.score - second.score >= CLEAR_WINNER_MARGIN;
}
