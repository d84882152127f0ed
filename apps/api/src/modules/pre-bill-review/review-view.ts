import {
  checkNarratives,
  type Invoice,
  type ReviewDraft,
  type ReviewDraftSummary,
  type CheckedLine,
  type NarrativeFlag,
} from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findCheckedLines, findOpenMattersOfClient, findReviewDrafts, findReviewSettings } from './pre-bill-review.repository.ts';

// What the reviewer sees: the drafts awaiting review with how many lines the narrative check flags,
// and one draft with its lines' flags and the client's matters a line may move to.

const checkedOf = (line: Omit<CheckedLine, 'itemType'> & { itemType: string }): CheckedLine => ({
  ...line,
  itemType: line.itemType as CheckedLine['itemType'],
});

export async function reviewDraftsOf(tx: Tx, principal: FirmPrincipal, onlyMine: boolean): Promise<ReviewDraftSummary[]> {
  const settings = await findReviewSettings(tx, principal.firmId);
  const drafts = await findReviewDrafts(tx, principal.firmId, principal.userId, onlyMine);
  const lines = await findCheckedLines(
    tx,
    principal.firmId,
    drafts.map((draft) => draft.id),
  );
  return drafts.map((draft) => {
    const own = lines.filter((line) => line.invoiceId === draft.id).map(checkedOf);
    const flags = checkNarratives(own, settings);
    return {
      ...draft,
      lineCount: own.length,
      flaggedLineCount: [...flags.values()].filter((list) => list.length > 0).length,
    };
  });
}

export async function reviewDraftOf(tx: Tx, principal: FirmPrincipal, invoice: Invoice): Promise<ReviewDraft> {
  const settings = await findReviewSettings(tx, principal.firmId);
  const lines = [...invoice.fees, ...invoice.expenses, ...invoice.flatFees];
  const checked = checkNarratives(lines.map(checkedOf), settings);
  const flags: Record<string, NarrativeFlag[]> = {};
  for (const [lineId, list] of checked) flags[lineId] = list;
  return {
    invoice,
    flags,
    clientMatters: await findOpenMattersOfClient(tx, principal.firmId, invoice.clientId),
    staleWorkDays: settings.staleWorkDays,
  };
}
