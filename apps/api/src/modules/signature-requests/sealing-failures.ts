import { signatureRequestActionRefusal, type SignatureRequest } from '@matterhorn/shared';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { emailRequestOf, MATTERHORN } from './signature-request-actions.ts';
import { requestViewOf, statusOf } from './signature-request-views.ts';
import { findRequest, insertEvents, SEALING_ATTEMPTS } from './signature-requests.repository.ts';
import { endSealingLease, findAdministratorEmails, findUserEmail, findUserName, resetSealingAttempts } from './signing.repository.ts';
import { sealingFailedEmail } from './signing-emails.ts';
import type { SigningDeps, StepOrigin } from './signing-deps.ts';

/**
 * The sealing job's last attempt at a request failed: it stops trying (the request shows Sealing
 * failed with Try again), and the sender and the firm's administrators are emailed, once, in the
 * same transaction as the request's history records it. The error itself stays in the server's log.
 */
export function reportSealingFailed(deps: SigningDeps, firmId: string, requestId: string): Promise<void> {
  return deps.database.withFirm(firmId, async (tx) => {
    const request = await findRequest(tx, firmId, requestId, true);
    if (request?.status !== 'Sealing') return;
    await endSealingLease(tx, firmId, requestId);
    await insertEvents(tx, firmId, [
      {
        requestId,
        signerId: null,
        kind: 'sealingFailed',
        ...MATTERHORN,
        detail: `The signed copy could not be sealed after ${SEALING_ATTEMPTS} attempts`,
      },
    ]);
    const sender = await findUserEmail(tx, firmId, request.createdByUserId);
    const recipients = new Set([...(sender ? [sender] : []), ...(await findAdministratorEmails(tx, firmId))]);
    const emailRequest = await emailRequestOf(tx, firmId, request);
    const requestUrl = `${deps.appUrl}/documents/signature-requests/${requestId}`;
    for (const email of recipients)
      await deps.outbox.queue(tx, firmId, sealingFailedEmail(emailRequest, email, email === sender, requestUrl));
  });
}

/** Try again (document.create): a request whose sealing failed is queued again, its attempts counted afresh. */
export function retrySealing(
  deps: SigningDeps,
  principal: FirmPrincipal,
  requestId: string,
  origin: StepOrigin,
): Promise<SignatureRequest> {
  const firmId = principal.firmId;
  return deps.database.withFirm(firmId, async (tx) => {
    const request = await findRequest(tx, firmId, requestId, true);
    if (!request) throw notFound('Signature request');
    const refusal = signatureRequestActionRefusal('retrySealing', {
      status: statusOf(request),
      openSignerCount: 0,
      isSealingFailed: request.isSealingFailed,
    });
    if (refusal) throw conflict(refusal);
    await resetSealingAttempts(tx, firmId, requestId);
    const actorName = await findUserName(tx, firmId, principal.userId);
    await insertEvents(tx, firmId, [
      { requestId, signerId: null, kind: 'sealingRetried', actorUserId: principal.userId, actorName, ...origin },
    ]);
    await recordAuditEvent(tx, principal, 'document.signatureSealingRetried', request.documentId, { signatureRequestId: requestId });
    return requestViewOf(tx, firmId, requestId);
  });
}
