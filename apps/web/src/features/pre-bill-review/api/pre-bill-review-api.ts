import {
  preBillReviewContracts as calls,
  type AdjustLineInput,
  type BatchOutcome,
  type HeldItem,
  type Invoice,
  type ReviewDraft,
  type ReviewDraftSummary,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Pre-bill review's calls; one key factory, so a change refreshes the drafts, the draft and the holds. */
export const reviewKeys = {
  all: () => ['pre-bill-review'] as const,
  drafts: (scope: 'mine' | 'all') => ['pre-bill-review', 'drafts', scope] as const,
  draft: (invoiceId: string) => ['pre-bill-review', 'draft', invoiceId] as const,
  holds: () => ['pre-bill-review', 'holds'] as const,
};

export const reviewDraftsQuery = (scope: 'mine' | 'all') =>
  queryOptions({
    queryKey: reviewKeys.drafts(scope),
    queryFn: async (): Promise<ReviewDraftSummary[]> =>
      (await callContract(calls.drafts, { query: { Scope: scope } }, { auth: 'firm' })).data,
  });

export const reviewDraftQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: reviewKeys.draft(invoiceId),
    queryFn: async (): Promise<ReviewDraft> => (await callContract(calls.draft, { params: { id: invoiceId } }, { auth: 'firm' })).data,
  });

export const heldItemsQuery = queryOptions({
  queryKey: reviewKeys.holds(),
  queryFn: async (): Promise<HeldItem[]> => (await callContract(calls.heldItems, {}, { auth: 'firm' })).data,
});

const line = (invoiceId: string, lineId: string) => ({ id: invoiceId, lineId });
const toast = { auth: 'firm', toastSuccess: true } as const;

export async function adjustLine(invoiceId: string, lineId: string, body: AdjustLineInput): Promise<ReviewDraft> {
  return (await callContract(calls.adjustLine, { params: line(invoiceId, lineId), body }, toast)).data;
}
export async function moveLine(invoiceId: string, lineId: string, matterId: string): Promise<ReviewDraft> {
  return (await callContract(calls.moveLine, { params: line(invoiceId, lineId), body: { matterId } }, toast)).data;
}
export async function holdLine(invoiceId: string, lineId: string, reason: string): Promise<ReviewDraft> {
  return (await callContract(calls.holdLine, { params: line(invoiceId, lineId), body: { reason } }, toast)).data;
}
export async function correctNarrative(invoiceId: string, lineId: string, description: string): Promise<ReviewDraft> {
  return (await callContract(calls.correctNarrative, { params: line(invoiceId, lineId), body: { description } }, toast)).data;
}
export async function approveDraft(invoiceId: string): Promise<Invoice> {
  return (await callContract(calls.approve, { params: { id: invoiceId }, body: {} }, toast)).data;
}
/** One Idempotency-Key per batch the user confirms: a retried request sends nothing twice. */
export async function approveAndSend(invoiceIds: string[], idempotencyKey: string): Promise<BatchOutcome[]> {
  return (await callContract(calls.approveAndSend, { body: { invoiceIds } }, { auth: 'firm', idempotencyKey })).data.results;
}
export async function releaseHold(holdId: string): Promise<null> {
  return (await callContract(calls.releaseHold, { params: { id: holdId } }, toast)).data;
}
