import { readQuickDuration, QUICK_DURATION_EXAMPLES, type BareNumberUnit } from './quick-duration.ts';
import { MAX_DURATION_HOURS } from './time-entry-amounts.ts';
import { TIME_ENTRY_RULE_MESSAGES } from './time-entry-input.schemas.ts';

/** What Quick add on /time-entries takes: the time, the matter's name or number, then what was done. */
export const QUICK_LINE_EXAMPLE = '1h20m Adeyemi v Bello drafted statement of claim';
/** Words after the duration, at most: the matter's words are found among the first of them. */
export const QUICK_LINE_MAX_LENGTH = 500;

export const QUICK_LINE_MESSAGES = {
  empty: `Type the time, the matter and what was done, e.g. ${QUICK_LINE_EXAMPLE}`,
  noMatterWords: 'After the time, name the matter (its name or number) and what was done',
  tooLong: `Keep the line to at most ${QUICK_LINE_MAX_LENGTH} characters`,
} as const;

export const noDurationMessage = (first: string) =>
  `Start with the time spent (${QUICK_DURATION_EXAMPLES}): "${first}" cannot be read as a duration`;

/** "2 hours 5 minutes" is the longest duration people type: four words. */
const MAX_DURATION_WORDS = 4;

export type QuickLine = {
  /** The words read as the duration, as typed ("1h 20"). */
  durationText: string;
  /** Exact decimal hours, as readQuickDuration reads them. */
  hours: string;
  isShorthand: boolean;
  /** The matter's words and the narrative, as typed. */
  rest: string;
};

export type QuickLineReading = { isRead: true; line: QuickLine } | { isRead: false; message: string };

/** SPEC's duration rules (more than 0, at most a day, 4 decimals), so the line fails here rather than in the popup. */
function durationRuleBroken(hours: string): string | null {
  if (Number(hours) <= 0) return TIME_ENTRY_RULE_MESSAGES.durationPositive;
  if (Number(hours) > MAX_DURATION_HOURS) return TIME_ENTRY_RULE_MESSAGES.durationTooLong;
  if (/\.\d{5,}$/.test(hours)) return TIME_ENTRY_RULE_MESSAGES.durationDecimals;
  return null;
}

/**
 * Splits a quick-add line into its duration (the longest run of leading words the quick-duration
 * parser reads: "1h 20" before "1h") and the rest. Longest first, because "1h 20 Adeyemi" means an
 * hour and twenty minutes to anyone who types it so; the reading is shown before anything is used.
 */
export function readQuickLine(text: string, bareNumberUnit: BareNumberUnit = 'hours'): QuickLineReading {
  const typed = text.trim();
  if (typed === '') return { isRead: false, message: QUICK_LINE_MESSAGES.empty };
  if (typed.length > QUICK_LINE_MAX_LENGTH) return { isRead: false, message: QUICK_LINE_MESSAGES.tooLong };
  const words = typed.split(/\s+/);
  for (let count = Math.min(MAX_DURATION_WORDS, words.length); count >= 1; count--) {
    const durationText = words.slice(0, count).join(' ');
    const read = readQuickDuration(durationText, bareNumberUnit);
    if (!read) continue;
    const broken = durationRuleBroken(read.hours);
    if (broken) return { isRead: false, message: broken };
    const rest = words.slice(count).join(' ');
    if (rest === '') return { isRead: false, message: QUICK_LINE_MESSAGES.noMatterWords };
    return { isRead: true, line: { durationText, hours: read.hours, isShorthand: read.isShorthand, rest } };
  }
  return { isRead: false, message: noDurationMessage(words[0] ?? typed) };
}

/** Punctuation around a word ("(MAT-00012),", "Bello:") is not part of it. */
const stripPunctuation = (word: string) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
const MATTER_NUMBER = /^mat-?(\d{1,9})$/i;

/** "MAT-00012", "mat-12" and "MAT00012" name matter MAT-00012 (the firm's numbering: MAT- and 5 digits). */
export function matterNumberOf(word: string): string | null {
  const digits = MATTER_NUMBER.exec(stripPunctuation(word))?.[1];
  return digits === undefined ? null : `MAT-${digits.padStart(5, '0')}`;
}

/** The first matter number in the words (and the word as typed), and the words without it; null when there is none. */
export function findMatterNumber(text: string): { matterNumber: string; typed: string; remainingText: string } | null {
  const words = splitWords(text);
  const index = words.findIndex((word) => matterNumberOf(word) !== null);
  if (index < 0) return null;
  const typed = words[index]!;
  return { matterNumber: matterNumberOf(typed)!, typed, remainingText: words.filter((_, at) => at !== index).join(' ') };
}

const splitWords = (text: string) => text.trim().split(/\s+/).filter(Boolean);

/**
 * The words a matter is matched by: the line's words with letters or digits, lower-case and without
 * their punctuation ("–" and "-" are left out), each with where it stands in the line.
 */
export function matchableWords(text: string, limit: number): { word: string; at: number }[] {
  return splitWords(text)
    .map((word, at) => ({ word: stripPunctuation(word).toLowerCase(), at }))
    .filter(({ word }) => word !== '')
    .slice(0, limit);
}

/**
 * What is left once the first `matchedCount` matchable words are taken as the matter's: the
 * narrative, as typed, without the dash or colon that parted it from the matter ("Bello – drafted").
 */
export function narrativeAfter(text: string, matchedCount: number): { matterWords: string; narrative: string } {
  const words = splitWords(text);
  const matchable = matchableWords(text, Number.MAX_SAFE_INTEGER);
  const cut = matchedCount <= 0 ? 0 : (matchable[Math.min(matchedCount, matchable.length) - 1]?.at ?? -1) + 1;
  const narrative = words
    .slice(cut)
    .join(' ')
    .replace(/^[^\p{L}\p{N}("'“‘]+/u, '');
  return { matterWords: words.slice(0, cut).join(' '), narrative };
}

/** A second matter scoring within this of the first matches it equally: the member chooses. */
export const QUICK_LINE_CLEAR_MARGIN = 0.05;

/** How many candidates (best first) match as well as the best, within the margin. */
export function countMatchingEqually(candidates: { score: number }[]): number {
  const best = candidates[0];
  return best ? candidates.filter((candidate) => best.score - candidate.score < QUICK_LINE_CLEAR_MARGIN).length : 0;
}

/**
 * The best candidate is proposed only when no other comes near it: two matters that hold the typed
 * words equally ("Adeyemi v Bello" and "Adeyemi v Bello (appeal)") are for the member to tell apart.
 */
export const isClearWinner = (candidates: { score: number }[]): boolean => countMatchingEqually(candidates) === 1;
