import type { CreateInvoiceParsed, Invoice } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { approveLockedInvoice } from './approve-invoice.ts';
import { auditInvoice, changeInvoiceIn } from './invoice-change.ts';
import { releaseItems, saveDraft } from './invoice-draft.ts';
import { assertInvoiceAction } from './invoice-transitions.ts';
import { viewOf } from './invoice-view.ts';
import {
  findInvoiceCurrencyAndMatters,
  insertEvent,
  lockInvoice,
  type InvoiceRow,
  type InvoiceSettingsRow,
} from './invoices.repository.ts';
import { findDraftLines, type DraftLineRow } from './review-draft.repository.ts';
import { sendLockedInvoice, type InvoiceSendHook } from './send-invoice.ts';
import { submitLockedInvoice } from './submit-invoice.ts';

// Pre-bill review's changes to a draft, whatever drafted it: each rebuilds the draft through the
// same path as its edit (saveDraft: items locked, lines snapshotted, figures computed), so its totals
// are what an edit would give; a draft posts nothing to the ledger until it is approved.

export type DraftUnderReview = { invoice: InvoiceRow; lines: DraftLineRow[]; input: CreateInvoiceParsed; settings: InvoiceSettingsRow };
export type DraftRevision = { input: CreateInvoiceParsed; event: AuditEvent; details: Record<string, unknown> };

const idsOf = (lines: DraftLineRow[], type: string) => lines.filter((line) => line.itemType === type).map((line) => line.itemId);

/** The draft as its edit would take it: its items, write-downs and ups with their reasons, terms and dates. */
function inputOf(invoice: InvoiceRow, lines: DraftLineRow[], matterIds: string[]): CreateInvoiceParsed {
  return {
    clientId: invoice.clientId,
    matterIds,
    timeEntryIds: idsOf(lines, 'fee'),
    expenseIds: idsOf(lines, 'expense'),
    flatFeeIds: idsOf(lines, 'flatFee'),
    lineAdjustments: lines
      .filter((line) => line.adjustmentReason !== null || Number(line.adjustment) !== 0)
      .map((line) => ({
        itemType: line.itemType as 'fee',
        itemId: line.itemId,
        adjustedAmount: line.amount,
        reason: line.adjustmentReason ?? '',
      })),
    discountType: invoice.discountType as CreateInvoiceParsed['discountType'],
    discountValue: invoice.discountValue,
    taxPercent: invoice.taxPercent,
    taxAppliesTo: invoice.taxAppliesTo as CreateInvoiceParsed['taxAppliesTo'],
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    notes: invoice.notes,
    paymentInstructions: invoice.paymentInstructions,
  } as CreateInvoiceParsed;
}

/**
 * Changes a draft of the firm (404 when not the firm's, 400 when no longer a draft): `revise` reads
 * it, makes its changes to the items (a move, a hold, a narrative) and answers the draft's new input;
 * the draft is saved from it, with an event in its history and an audit event.
 */
export const reviseDraftIn = (
  tx: Tx,
  principal: FirmPrincipal,
  invoiceId: string,
  revise: (tx: Tx, draft: DraftUnderReview) => Promise<DraftRevision>,
): Promise<Invoice> =>
  changeInvoiceIn(tx, principal, invoiceId, async (tx, invoice, settings) => {
    assertInvoiceAction('edit', invoice, settings);
    const lines = await findDraftLines(tx, principal.firmId, invoiceId);
    const covered = (await findInvoiceCurrencyAndMatters(tx, principal.firmId, invoiceId))?.matterIds ?? [];
    const revision = await revise(tx, { invoice, lines, input: inputOf(invoice, lines, covered), settings });
    // A matter the draft billed only through lines taken off it is no longer covered.
    const left = new Set([...revision.input.timeEntryIds, ...revision.input.expenseIds, ...revision.input.flatFeeIds]);
    const matterIds = covered.filter(
      (matterId) =>
        !lines.some((line) => line.matterId === matterId) || lines.some((line) => line.matterId === matterId && left.has(line.itemId)),
    );
    await releaseItems(tx, principal.firmId, invoiceId);
    const saved = await saveDraft(tx, principal, invoiceId, { ...revision.input, matterIds }, settings);
    await insertEvent(tx, principal.firmId, invoiceId, principal.userId, 'Draft', 'updated');
    await auditInvoice(tx, principal, revision.event, invoice, {
      ...revision.details,
      before: { total: invoice.total },
      after: { total: saved.total },
    });
    return viewOf(tx, principal, invoiceId);
  });

/** Approves a reviewed draft: a firm that needs approval has it submitted and approved in one step by the approver. */
export const approveReviewedIn = (tx: Tx, principal: FirmPrincipal, invoiceId: string, note: string | null): Promise<Invoice> =>
  changeInvoiceIn(tx, principal, invoiceId, async (tx, invoice, settings) => {
    await approveLocked(tx, principal, invoice, settings, note);
    return viewOf(tx, principal, invoiceId);
  });

async function approveLocked(tx: Tx, principal: FirmPrincipal, invoice: InvoiceRow, settings: InvoiceSettingsRow, note: string | null) {
  let current = invoice;
  if (current.status === 'Draft' && settings.invoiceApprovalRequired) {
    await submitLockedInvoice(tx, principal, current, settings, note);
    current = (await lockInvoice(tx, principal.firmId, invoice.id))!;
  }
  return approveLockedInvoice(tx, principal, current, settings, note);
}

export type ApproveAndSendOutcome = { outcome: 'sent' | 'alreadySent'; invoice: Invoice };

/**
 * One invoice of a batch: approved when still a draft or awaiting approval, then sent by email
 * through the send path (its hook queues the email in the outbox). One sent before is not sent
 * again; a client without an email address is refused before anything changes.
 */
export const approveAndSendIn = (
  tx: Tx,
  hooks: { onSend?: InvoiceSendHook },
  principal: FirmPrincipal,
  invoiceId: string,
  refusals: { noEmail: string },
): Promise<ApproveAndSendOutcome> =>
  changeInvoiceIn(tx, principal, invoiceId, async (tx, invoice, settings) => {
    if (invoice.sentAt !== null) return { outcome: 'alreadySent' as const, invoice: await viewOf(tx, principal, invoiceId) };
    const before = await viewOf(tx, principal, invoiceId);
    if (!before.clientEmail) throw badRequest(refusals.noEmail);
    let current = invoice;
    if (current.status === 'Draft' || current.status === 'AwaitingApproval') {
      await approveLocked(tx, principal, current, settings, null);
      current = (await lockInvoice(tx, principal.firmId, invoiceId))!;
    }
    await sendLockedInvoice(tx, hooks, principal, current, settings, { sentDate: null, toEmail: null, message: null });
    return { outcome: 'sent' as const, invoice: await viewOf(tx, principal, invoiceId) };
  });
