import { findMatterNumber, isClearWinner, matchableWords, narrativeAfter, type QuickLineMatch } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findOpenMatterByNumber, findOpenMattersHolding, isHeldByAnOpenMatter, QUICK_LINE_SETTINGS } from './quick-line.repository.ts';
import { QUICK_LINE_CANDIDATES, QUICK_LINE_MATTER_WORDS } from './quick-line.rules.ts';

/**
 * How many of the line's leading words some open matter holds together: the matter's words, the
 * rest being the narrative. Holding is monotonic (a matter holding four words holds the first
 * three), so a binary search asks the index about three prefixes of eight words, not eight.
 */
async function countMatterWords(tx: Tx, firmId: string, words: string[]): Promise<number> {
  let held = 0;
  let notHeld = words.length + 1;
  while (notHeld - held > 1) {
    const middle = Math.ceil((held + notHeld) / 2);
    if (await isHeldByAnOpenMatter(tx, firmId, words.slice(0, middle))) held = middle;
    else notHeld = middle;
  }
  return held;
}

/**
 * Quick add (issue 44): which of the firm's open matters a line names, and what is left of it as
 * the narrative. A read in one transaction; what is recorded is for the popup to save.
 */
export function createQuickLineService(database: Database) {
  return {
    match(principal: FirmPrincipal, text: string): Promise<QuickLineMatch> {
      const { firmId } = principal;
      return database.withFirm(
        firmId,
        async (tx) => {
          // A matter number is exact: it names one matter, or none that takes time.
          const numbered = findMatterNumber(text);
          if (numbered) {
            const matter = await findOpenMatterByNumber(tx, firmId, numbered.matterNumber);
            return {
              candidates: matter ? [matter] : [],
              isClearWinner: matter !== null,
              matchedBy: matter ? 'number' : null,
              matterNumber: numbered.matterNumber,
              matterWords: numbered.typed,
              narrative: narrativeAfter(numbered.remainingText, 0).narrative,
            };
          }
          const words = matchableWords(text, QUICK_LINE_MATTER_WORDS).map(({ word }) => word);
          const held = await countMatterWords(tx, firmId, words);
          const candidates = held === 0 ? [] : await findOpenMattersHolding(tx, firmId, words.slice(0, held), QUICK_LINE_CANDIDATES);
          return {
            candidates,
            isClearWinner: isClearWinner(candidates),
            matchedBy: candidates.length > 0 ? 'name' : null,
            matterNumber: null,
            ...narrativeAfter(text, held),
          };
        },
        { readOnly: true, settings: QUICK_LINE_SETTINGS },
      );
    },
  };
}
