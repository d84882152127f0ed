import type { z } from 'zod';
import {
  adjustedLineAmount,
  PRE_BILL_REVIEW_MESSAGES as MESSAGES,
  type adjustLineSchema,
  type BatchOutcome,
  type CreateInvoiceParsed,
  type HeldItem,
  type Invoice,
  type ReviewDraft,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { moveUnbilledExpense } from '../expenses/expenses.api.ts';
import {
  approveAndSendIn,
  approveReviewedIn,
  reviseDraftIn,
  viewOf,
  type DraftRevision,
  type DraftUnderReview,
  type InvoiceSendHook,
} from '../invoices/invoices.api.ts';
import { reviseUnbilledTimeEntry } from '../time-entries/time-entries.api.ts';
import { findLiveHolds, findLiveMatter, insertHold, releaseHold } from './pre-bill-review.repository.ts';
import { reviewDraftOf, reviewDraftsOf } from './review-view.ts';

export const REVIEW_REFUSALS = {
  noEmail: 'The client has no email address: send this invoice from its page with an address',
  failed: 'This invoice could not be approved and sent',
  matterClosed: 'A line can only move to an open matter',
} as const;

type Line = DraftUnderReview['lines'][number];

const lineOf = (draft: DraftUnderReview, lineId: string): Line => {
  const line = draft.lines.find((candidate) => candidate.id === lineId);
  if (!line) throw notFound('Line');
  return line;
};

/** The draft's input without the line's item (and its adjustment): it leaves the draft. */
function withoutItem(input: CreateInvoiceParsed, line: Line): CreateInvoiceParsed {
  if (input.timeEntryIds.length + input.expenseIds.length + input.flatFeeIds.length <= 1) throw badRequest(MESSAGES.lastLine);
  const keep = (ids: string[]) => ids.filter((id) => id !== line.itemId);
  return {
    ...input,
    timeEntryIds: keep(input.timeEntryIds),
    expenseIds: keep(input.expenseIds),
    flatFeeIds: keep(input.flatFeeIds),
    lineAdjustments: input.lineAdjustments.filter((adjustment) => adjustment.itemId !== line.itemId),
  };
}

const lineDetails = (line: Line) => ({ lineId: line.id, itemType: line.itemType, itemId: line.itemId, amount: line.amount });

/**
 * Pre-bill review (issue 44 §3): each change rebuilds the draft through the invoices module's
 * draft path (reviseDraftIn), in one transaction with the change to its item, and is audited.
 */
export function createPreBillReview(database: Database, hooks: { onSend?: InvoiceSendHook }) {
  const revise = (principal: FirmPrincipal, invoiceId: string, change: (tx: Tx, draft: DraftUnderReview) => Promise<DraftRevision>) =>
    database.withFirm(principal.firmId, async (tx): Promise<ReviewDraft> => {
      const invoice = await reviseDraftIn(tx, principal, invoiceId, change);
      return reviewDraftOf(tx, principal, invoice);
    });

  return {
    drafts: (principal: FirmPrincipal, scope: 'mine' | 'all') =>
      database.withFirm(principal.firmId, (tx) => reviewDraftsOf(tx, principal, scope === 'mine'), READ_ONLY),

    draft: (principal: FirmPrincipal, invoiceId: string) =>
      database.withFirm(principal.firmId, async (tx) => reviewDraftOf(tx, principal, await viewOf(tx, principal, invoiceId)), READ_ONLY),

    /** A write-down or up by an amount or a percentage of what the line recorded, with its reason (the realisation report's). */
    adjustLine: (principal: FirmPrincipal, invoiceId: string, lineId: string, input: z.output<typeof adjustLineSchema>) =>
      revise(principal, invoiceId, async (_tx, draft) => {
        const line = lineOf(draft, lineId);
        const adjusted = adjustedLineAmount(line.itemAmount, input);
        if ('refusal' in adjusted) throw badRequest(adjusted.refusal, { value: adjusted.refusal });
        const others = draft.input.lineAdjustments.filter((adjustment) => adjustment.itemId !== line.itemId);
        const adjustment = { itemType: line.itemType as 'fee', itemId: line.itemId, adjustedAmount: adjusted.amount, reason: input.reason };
        return {
          input: { ...draft.input, lineAdjustments: [...others, adjustment] },
          event: 'invoice.lineAdjusted',
          details: { ...lineDetails(line), recorded: line.itemAmount, billed: adjusted.amount, reason: input.reason },
        };
      }),

    /** The item leaves the draft as unbilled work of another open matter of the same client (not onto that matter's draft). */
    moveLine: (principal: FirmPrincipal, invoiceId: string, lineId: string, matterId: string) =>
      revise(principal, invoiceId, async (tx, draft) => {
        const line = lineOf(draft, lineId);
        if (line.itemType === 'flatFee') throw badRequest(MESSAGES.moveKinds);
        const matter = await findLiveMatter(tx, principal.firmId, matterId);
        if (!matter) throw notFound('Matter');
        if (matter.clientId !== draft.invoice.clientId)
          throw badRequest(MESSAGES.matterNotOfClient, { matterId: MESSAGES.matterNotOfClient });
        if (matter.id === line.matterId) throw badRequest(MESSAGES.sameMatter, { matterId: MESSAGES.sameMatter });
        if (matter.status !== 'Open') throw badRequest(REVIEW_REFUSALS.matterClosed, { matterId: REVIEW_REFUSALS.matterClosed });
        const input = withoutItem(draft.input, line);
        const moved =
          line.itemType === 'fee'
            ? await reviseUnbilledTimeEntry(tx, principal.firmId, line.itemId, invoiceId, { matterId })
            : await moveUnbilledExpense(tx, principal.firmId, line.itemId, invoiceId, matterId);
        if (!moved) throw notFound('Line');
        await recordAuditEvent(tx, principal, line.itemType === 'fee' ? 'timeEntry.updated' : 'expense.updated', line.itemId, {
          before: { matterId: line.matterId },
          after: { matterId },
          from: 'pre-bill review',
        });
        return { input, event: 'invoice.lineMoved', details: { ...lineDetails(line), fromMatterId: line.matterId, toMatterId: matterId } };
      }),

    /** The item leaves the draft and stays unbilled, held: no draft or bill run takes it until the hold is released. */
    holdLine: (principal: FirmPrincipal, invoiceId: string, lineId: string, reason: string) =>
      revise(principal, invoiceId, async (tx, draft) => {
        const line = lineOf(draft, lineId);
        const input = withoutItem(draft.input, line);
        const holdId = await insertHold(tx, {
          firmId: principal.firmId,
          itemType: line.itemType,
          itemId: line.itemId,
          clientId: draft.invoice.clientId,
          matterId: line.matterId,
          fromInvoiceId: invoiceId,
          reason,
          heldByUserId: principal.userId,
        });
        return { input, event: 'invoice.lineHeld', details: { ...lineDetails(line), holdId, reason } };
      }),

    /** The time entry's narrative corrected: the line bills the corrected words. */
    correctNarrative: (principal: FirmPrincipal, invoiceId: string, lineId: string, description: string) =>
      revise(principal, invoiceId, async (tx, draft) => {
        const line = lineOf(draft, lineId);
        if (line.itemType !== 'fee') throw badRequest(MESSAGES.narrativeKinds);
        const before = await reviseUnbilledTimeEntry(tx, principal.firmId, line.itemId, invoiceId, { description });
        if (!before) throw notFound('Line');
        await recordAuditEvent(tx, principal, 'timeEntry.updated', line.itemId, {
          before: { description: before.description },
          after: { description },
          from: 'pre-bill review',
        });
        return {
          input: draft.input,
          event: 'invoice.narrativeCorrected',
          details: { ...lineDetails(line), before: before.description, after: description },
        };
      }),

    approve: (principal: FirmPrincipal, invoiceId: string, note: string | null): Promise<Invoice> =>
      database.withFirm(principal.firmId, (tx) => approveReviewedIn(tx, principal, invoiceId, note)),

    /**
     * Each invoice approved and emailed in a savepoint of its own, so one refusal is that invoice's
     * result and the others go; one already sent is not sent again.
     */
    approveAndSend: (principal: FirmPrincipal, invoiceIds: string[]): Promise<BatchOutcome[]> =>
      database.withFirm(principal.firmId, async (tx) => {
        const results: BatchOutcome[] = [];
        for (const invoiceId of [...new Set(invoiceIds)]) {
          try {
            const { outcome, invoice } = await tx.transaction((savepoint) =>
              approveAndSendIn(savepoint, hooks, principal, invoiceId, REVIEW_REFUSALS),
            );
            results.push({
              invoiceId,
              invoiceNumber: invoice.invoiceNumber,
              clientName: invoice.clientName,
              outcome,
              message: outcome === 'sent' ? `Approved and emailed to ${invoice.clientEmail}` : 'Already sent: not sent again',
            });
          } catch (error) {
            results.push({
              invoiceId,
              invoiceNumber: null,
              clientName: null,
              outcome: 'failed',
              message: error instanceof AppError ? error.message : REVIEW_REFUSALS.failed,
            });
          }
        }
        return results;
      }),

    heldItems: (principal: FirmPrincipal): Promise<HeldItem[]> =>
      database.withFirm(
        principal.firmId,
        async (tx) =>
          (await findLiveHolds(tx, principal.firmId)).map((hold) => ({
            ...hold,
            itemType: hold.itemType as HeldItem['itemType'],
            heldAt: hold.heldAt.toISOString(),
          })),
        READ_ONLY,
      ),

    /** The item can be billed again; releasing a released hold changes nothing. */
    releaseHold: (principal: FirmPrincipal, holdId: string): Promise<null> =>
      database.withFirm(principal.firmId, async (tx) => {
        const released = await releaseHold(tx, principal.firmId, holdId, principal.userId);
        if (!released) throw notFound('Hold');
        if (released.wasLive)
          await recordAuditEvent(tx, principal, 'invoice.holdReleased', released.hold.fromInvoiceId ?? released.hold.id, {
            holdId,
            itemType: released.hold.itemType,
            itemId: released.hold.itemId,
          });
        return null;
      }),
  };
}
