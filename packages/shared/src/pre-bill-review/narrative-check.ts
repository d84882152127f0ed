import { addDays, isoToDisplayDate } from '../common/dates.ts';
import { toScaled } from '../common/money.ts';
import { sumHours } from '../time-entries/time-entry-amounts.ts';

/**
 * The narrative check of pre-bill review: what a reviewer should look at on a draft's lines before
 * it goes to the client. It only flags; the reviewer may still approve.
 */

export const NARRATIVE_FLAG_CODES = ['empty', 'short', 'blockBilling', 'duplicate', 'overTenHours', 'oldWork'] as const;
export type NarrativeFlagCode = (typeof NARRATIVE_FLAG_CODES)[number];
export type NarrativeFlag = { code: NarrativeFlagCode; message: string };

/** A narrative of fewer words than this is flagged as very short. */
export const NARRATIVE_MIN_WORDS = 3;
/** One person's hours on one day above this are flagged. */
export const DAY_HOURS_LIMIT = '10';
/** The firm's limit on the age of work on a draft when it has not set one. */
export const DEFAULT_STALE_WORK_DAYS = 90;

/**
 * Task verbs as a fee earner writes them in a narrative, by stem: a word counts as a task when it
 * is one of these stems in its past (-ed) or -ing form ("drafted", "reviewing"), so a noun such as
 * "email" or "call" alone is not a task. Telephoning and calling are one task.
 */
const TASK_STEMS: readonly (readonly [RegExp, string])[] = [
  [/^(draft)(ed|ing)$/, 'draft'],
  [/^(review)(ed|ing)$/, 'review'],
  [/^(revis)(ed|ing)$/, 'revise'],
  [/^(attend)(ed|ing)$/, 'attend'],
  [/^(call|telephon|phon)(ed|ing)$/, 'call'],
  [/^(e-?mail)(ed|ing)$/, 'email'],
  [/^(research)(ed|ing)$/, 'research'],
  [/^(prepar)(ed|ing)$/, 'prepare'],
  [/^(confer)(red|ring)$/, 'confer'],
  [/^(meeting|met)$/, 'meet'],
  [/^(fil)(ed|ing)$/, 'file'],
  [/^(negotiat)(ed|ing)$/, 'negotiate'],
  [/^(advis)(ed|ing)$/, 'advise'],
  [/^(analy[sz])(ed|ing)$/, 'analyse'],
  [/^(amend)(ed|ing)$/, 'amend'],
  [/^(correspond)(ed|ing)$/, 'correspond'],
  [/^(travel)(l?ed|l?ing)$/, 'travel'],
  [/^(appear)(ed|ing)$/, 'appear'],
  [/^(discuss)(ed|ing)$/, 'discuss'],
  [/^(wrote|writing)$/, 'write'],
  [/^(instruct)(ed|ing)$/, 'instruct'],
  [/^(sign)(ed|ing)$/, 'sign'],
];

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu) ?? [];

/** The distinct tasks a narrative names (by their verbs). */
export function tasksIn(narrative: string): string[] {
  const tasks = new Set<string>();
  for (const word of wordsOf(narrative)) {
    const stem = TASK_STEMS.find(([pattern]) => pattern.test(word));
    if (stem) tasks.add(stem[1]);
  }
  return [...tasks];
}

/**
 * Block billing (several tasks in one line, one time for all): the narrative has two or more parts
 * with words in them separated by ';' or a line break, or names two or more distinct tasks.
 */
export function isBlockBilled(narrative: string): boolean {
  const parts = narrative.split(/[;\n]/).filter((part) => wordsOf(part).length > 0);
  return parts.length >= 2 || tasksIn(narrative).length >= 2;
}

/** What the check reads of a line. */
export type CheckedLine = {
  id: string;
  itemType: 'fee' | 'expense' | 'flatFee';
  matterId: string;
  lineDate: string;
  feeEarnerId: string | null;
  description: string;
  /** Decimal hours (time entries); null for expenses and flat fees. */
  hours: string | null;
};

export type NarrativeCheckOptions = {
  /** The firm's today (YYYY-MM-DD). */
  today: string;
  /** The firm's limit: work dated more than this many days before today is old. */
  staleWorkDays: number;
};

const trimHours = (hours: string) => (hours.includes('.') ? hours.replace(/0+$/, '').replace(/\.$/, '') : hours);

const sameNarrative = (text: string) => wordsOf(text).join(' ');

/** Every line's flags (an empty list when it passes), by line id, in the order of the rules above. */
export function checkNarratives(lines: readonly CheckedLine[], options: NarrativeCheckOptions): Map<string, NarrativeFlag[]> {
  const flags = new Map<string, NarrativeFlag[]>(lines.map((line) => [line.id, []]));
  const add = (line: CheckedLine, flag: NarrativeFlag) => flags.get(line.id)!.push(flag);

  const duplicates = new Map<string, CheckedLine[]>();
  const days = new Map<string, CheckedLine[]>();
  for (const line of lines) {
    const words = wordsOf(line.description);
    if (words.length === 0) add(line, { code: 'empty', message: 'No narrative' });
    else if (words.length < NARRATIVE_MIN_WORDS)
      add(line, { code: 'short', message: `Very short narrative: fewer than ${NARRATIVE_MIN_WORDS} words` });
    if (line.itemType === 'fee' && isBlockBilled(line.description))
      add(line, { code: 'blockBilling', message: 'Block billing: several tasks in one line; split them or describe one task' });
    if (words.length > 0) {
      const key = [line.itemType, line.matterId, line.lineDate, line.feeEarnerId ?? '', sameNarrative(line.description)].join('|');
      duplicates.set(key, [...(duplicates.get(key) ?? []), line]);
    }
    if (line.itemType === 'fee' && line.hours !== null && line.feeEarnerId) {
      const key = `${line.feeEarnerId}|${line.lineDate}`;
      days.set(key, [...(days.get(key) ?? []), line]);
    }
  }
  for (const group of duplicates.values())
    if (group.length > 1)
      for (const line of group)
        add(line, { code: 'duplicate', message: 'Duplicate: same matter, date, person and narrative as another line' });
  for (const group of days.values()) {
    const total = sumHours(group.map((line) => line.hours!));
    if (toScaled(total, 4) > toScaled(DAY_HOURS_LIMIT, 4))
      for (const line of group)
        add(line, {
          code: 'overTenHours',
          message: `${trimHours(total)} hours by one person on ${isoToDisplayDate(group[0]!.lineDate)}: over ${DAY_HOURS_LIMIT} in a day`,
        });
  }
  const oldest = addDays(options.today, -options.staleWorkDays);
  for (const line of lines)
    if (line.lineDate < oldest)
      add(line, { code: 'oldWork', message: `Work older than the firm’s limit of ${options.staleWorkDays} days` });
  return flags;
}
