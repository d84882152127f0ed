import { TRUST_MESSAGES, type TrustMovementResult, type TrustTransaction } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { type AuditEvent, recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { postInvoicePaymentFromTrust } from './pay-invoice-from-trust.ts';
import { postDisbursement } from './pay-out-of-trust.ts';
import { type DisburseInput, inTrustTransaction, type PayInvoiceInput, type RefundInput } from './trust-movement-steps.ts';
import {
  findMovementRequests,
  findTrustSettings,
  insertMovementRequest,
  lockMovementRequest,
  updateMovementRequest,
} from './trust.repository.ts';
import { needsSecondPerson } from './trust.rules.ts';
import { movementRequestView } from './trust.views.ts';

/**
 * Above the firm's threshold a movement out of trust waits for a second person: it is checked now
 * (the funds must be there when asked) and again when approved.
 */
export async function requestOrPost(
  database: Database,
  principal: FirmPrincipal,
  kind: 'disbursement' | 'refund' | 'invoice-payment',
  input: DisburseInput | RefundInput | PayInvoiceInput,
  post: (tx: Tx) => Promise<TrustTransaction>,
): Promise<TrustMovementResult> {
  return inTrustTransaction(database, principal, async (tx) => {
    const settings = await findTrustSettings(tx, principal.firmId);
    if (!needsSecondPerson(input.amount, settings.approvalThreshold)) {
      return { status: 'Posted' as const, transaction: await post(tx), movementRequest: null };
    }
    // Validate as posting would, without posting: a savepoint rolled back after the checks.
    const checked = await checkWithoutPosting(tx, () => post(tx));
    const id = await insertMovementRequest(tx, {
      firmId: principal.firmId,
      kind,
      trustAccountId: input.trustAccountId,
      clientId: checked.clientId,
      matterId: checked.matterId,
      amount: input.amount,
      payload: { ...input, invoiceNumber: checked.invoiceNumber ?? undefined },
      requestedByUserId: principal.userId,
    });
    await recordAuditEvent(tx, principal, 'trustMovementRequest.requested', id, {
      kind,
      amount: input.amount,
      trustAccountId: input.trustAccountId,
    });
    const { rows } = await findMovementRequests(tx, principal.firmId, { ids: [id] }, { limit: 1, offset: 0 });
    return { status: 'AwaitingApproval' as const, transaction: null, movementRequest: movementRequestView(rows[0]!) };
  });
}

/** Runs the posting inside a savepoint and rolls it back: every rule is checked, nothing is kept. */
async function checkWithoutPosting(tx: Tx, post: () => Promise<TrustTransaction>): Promise<TrustTransaction> {
  let result: TrustTransaction | null = null;
  const rollback = new Error('rollback');
  try {
    await tx.transaction(async () => {
      result = await post();
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return result!;
}

/** The two-person rule: the approver holds trustAccountRequest.approve and is not the requester. */
export const approveTrustMovement = (
  database: Database,
  principal: FirmPrincipal,
  movementRequestId: string,
): Promise<TrustMovementResult> =>
  inTrustTransaction(database, principal, async (tx) => {
    const request = await lockMovementRequest(tx, principal.firmId, movementRequestId);
    if (!request) throw notFound('Trust movement request');
    if (request.status !== 'AwaitingApproval') throw conflict(TRUST_MESSAGES.notAwaitingApproval);
    if (request.requestedByUserId === principal.userId) throw forbidden(TRUST_MESSAGES.ownApproval);
    const approval = { approvedByUserId: principal.userId, movementRequestId };
    const payload = request.payload as DisburseInput & RefundInput & PayInvoiceInput;
    const transaction =
      request.kind === 'invoice-payment'
        ? await postInvoicePaymentFromTrust(tx, principal, payload, approval)
        : await postDisbursement(tx, principal, payload, request.kind, approval);
    await updateMovementRequest(tx, principal.firmId, movementRequestId, {
      status: 'Approved',
      decidedByUserId: principal.userId,
      decidedAt: new Date(),
      transactionId: transaction.id,
    });
    await recordAuditEvent(tx, principal, 'trustMovementRequest.approved', movementRequestId, {
      transactionId: transaction.id,
      amount: request.amount,
    });
    return { status: 'Posted' as const, transaction, movementRequest: null };
  });

export const rejectTrustMovement = (database: Database, principal: FirmPrincipal, movementRequestId: string, reason: string) =>
  inTrustTransaction(database, principal, async (tx) => {
    const request = await lockMovementRequest(tx, principal.firmId, movementRequestId);
    if (!request) throw notFound('Trust movement request');
    if (request.status !== 'AwaitingApproval') throw conflict(TRUST_MESSAGES.notAwaitingApproval);
    await updateMovementRequest(tx, principal.firmId, movementRequestId, {
      status: 'Rejected',
      decidedByUserId: request.requestedByUserId === principal.userId ? null : principal.userId,
      decidedAt: new Date(),
      decisionReason: reason,
    });
    const event: AuditEvent = 'trustMovementRequest.rejected';
    await recordAuditEvent(tx, principal, event, movementRequestId, { reason });
    const { rows } = await findMovementRequests(tx, principal.firmId, { ids: [movementRequestId] }, { limit: 1, offset: 0 });
    return movementRequestView(rows[0]!);
  });
