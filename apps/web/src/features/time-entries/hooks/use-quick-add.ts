import {
  countMatchingEqually,
  describeHours,
  readQuickLine,
  type QuickLine,
  type QuickLineCandidate,
  type QuickLineMatch,
} from '@matterhorn/shared';
import { useRef, useState } from 'react';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { matchQuickLine } from '../api/quick-add-match.ts';
import { formatShortHours } from '../utils/time-entry-display.ts';

export const QUICK_ADD_MESSAGES = {
  chooseMatter: 'Choose the matter this time is for',
  unreachable: 'The matters could not be searched just now: try again',
} as const;

/** What a read line proposes: its duration, the matters it names and its narrative. */
export type QuickAddReading = { line: QuickLine; match: QuickLineMatch };

/** "1 h 20 min = 1.3333 h": the duration as read, to check against what was typed. */
export const durationReading = (hours: string) => `${describeHours(hours)} = ${formatShortHours(hours)} h`;

/** What the line's reading says of its matter, under the select. */
export function matterProposalText({ line, match }: QuickAddReading): string {
  if (match.isClearWinner) {
    return match.matchedBy === 'number' ? `Found by its number, ${match.matterNumber}` : `Proposed for "${match.matterWords}": check it`;
  }
  if (match.candidates.length === 0) {
    return match.matterNumber
      ? `No open matter is numbered ${match.matterNumber}: choose one`
      : `No matter matches "${line.rest}": choose one`;
  }
  const equal = countMatchingEqually(match.candidates);
  return `${equal === 2 ? 'Two' : equal} matters match equally: choose one`;
}

/**
 * Quick add on /time-entries: a line is read (duration here, matter and narrative by the server),
 * the member confirms or chooses the matter, and Add opens the time-entry popup filled in, whose
 * rules (activity, rate, billable, increment) apply and whose Save records it. Without a matter,
 * Add opens nothing.
 */
export function useQuickAdd() {
  const { workingUser } = useSession();
  const [text, setText] = useState('');
  const [lineError, setLineError] = useState<string | null>(null);
  const [reading, setReading] = useState<QuickAddReading | null>(null);
  const [matter, setMatter] = useState<QuickLineCandidate | null>(null);
  const [narrative, setNarrative] = useState('');
  const [matterError, setMatterError] = useState<string | null>(null);
  const [isReading, setIsReading] = useState(false);
  // A line edited while its matters were asked for answers the new line, not the old.
  const readCount = useRef(0);

  const clear = () => {
    readCount.current += 1;
    setText('');
    setLineError(null);
    setReading(null);
    setMatter(null);
    setNarrative('');
    setMatterError(null);
    setIsReading(false);
  };

  return {
    text,
    lineError,
    reading,
    matter,
    narrative,
    matterError,
    isReading,
    changeText(next: string) {
      readCount.current += 1;
      setText(next);
      setLineError(null);
      setReading(null);
      setMatter(null);
      setMatterError(null);
      setIsReading(false);
    },
    async read() {
      const parsed = readQuickLine(text, workingUser?.bareNumberUnit ?? 'hours');
      if (!parsed.isRead) {
        setLineError(parsed.message);
        return;
      }
      const count = ++readCount.current;
      setIsReading(true);
      try {
        const match = await matchQuickLine(parsed.line.rest);
        if (count !== readCount.current) return;
        setReading({ line: parsed.line, match });
        setMatter(match.isClearWinner ? (match.candidates[0] ?? null) : null);
        setNarrative(match.narrative);
        setMatterError(null);
      } catch (error) {
        if (count === readCount.current)
          setLineError(error instanceof Error && error.message ? error.message : QUICK_ADD_MESSAGES.unreachable);
      } finally {
        if (count === readCount.current) setIsReading(false);
      }
    },
    chooseMatter(next: QuickLineCandidate) {
      setMatter(next);
      setMatterError(null);
    },
    changeNarrative: setNarrative,
    /** Opens the popup with the line's entry; nothing without a confirmed matter. */
    add(): boolean {
      if (!reading) return false;
      if (!matter) {
        setMatterError(QUICK_ADD_MESSAGES.chooseMatter);
        return false;
      }
      timeEntryPopup.open({ clientId: matter.clientId, matterId: matter.id, duration: reading.line.hours, description: narrative.trim() });
      clear();
      return true;
    },
    clear,
  };
}

export type QuickAddState = ReturnType<typeof useQuickAdd>;
