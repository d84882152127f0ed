import { signatureRequestActionRefusal, type SignatureRequest } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { isOpenSigner, requestViewOf, statusOf } from './signature-request-views.ts';
import { findRequest, findSigners, insertEvents, type RequestRow, type SignerRow } from './signature-requests.repository.ts';
import { endRequest, findUserName, recordReminded, recordSignerStep } from './signing.repository.ts';
import { requestVoidedEmail, signingInvitationEmail, type SigningEmailRequest } from './signing-emails.ts';
import { openSigningToken } from './signing-links.ts';
import type { SigningDeps, StepOrigin } from './signing-deps.ts';

export type Actor = { actorUserId: string | null; actorName: string } & StepOrigin;
export const MATTERHORN: Actor = { actorUserId: null, actorName: 'Matterhorn', ipAddress: null, userAgent: null };

export async function emailRequestOf(tx: Tx, firmId: string, request: RequestRow): Promise<SigningEmailRequest> {
  return { ...request, senderName: request.createdByName || (await findUserName(tx, firmId, request.createdByUserId)) };
}

/** Emails a signer their link (again), from its sealed copy; a link sealed under another APP_SECRET cannot be sent. */
export async function emailSigningLink(
  deps: SigningDeps,
  tx: Tx,
  firmId: string,
  request: SigningEmailRequest,
  signer: SignerRow,
  isReminder: boolean,
) {
  const token = openSigningToken(signer.tokenSealed, deps.appSecret);
  if (!token) return false;
  await deps.outbox.queue(tx, firmId, signingInvitationEmail(request, signer, token, deps.appUrl, isReminder));
  return true;
}

/**
 * After a signature on an in-order request: the next signer waiting, if everyone before them has
 * signed, gets their turn and their link. Answers whether everyone has now signed.
 */
export async function openNextSigner(deps: SigningDeps, tx: Tx, firmId: string, request: RequestRow, actor: Actor): Promise<boolean> {
  const signers = await findSigners(tx, firmId, request.id);
  if (signers.every((signer) => signer.status === 'Signed')) return true;
  const next = signers.find((signer) => signer.status !== 'Signed');
  if (request.signingOrder === 'inOrder' && next?.status === 'Waiting') {
    await recordSignerStep(tx, firmId, next.id, { status: 'Sent' });
    await insertEvents(tx, firmId, [{ requestId: request.id, signerId: next.id, kind: 'sent', ...actor }]);
    await emailSigningLink(deps, tx, firmId, await emailRequestOf(tx, firmId, request), next, false);
  }
  return false;
}

async function lockedRequest(tx: Tx, firmId: string, requestId: string) {
  const request = await findRequest(tx, firmId, requestId, true);
  if (!request) throw notFound('Signature request');
  return request;
}

/** Withdraws a request out for signature: no signer can sign it, and each signer still to answer is told why. */
export function voidSignatureRequest(
  deps: SigningDeps,
  principal: FirmPrincipal,
  requestId: string,
  reason: string,
  origin: StepOrigin,
): Promise<SignatureRequest> {
  const firmId = principal.firmId;
  return deps.database.withFirm(firmId, async (tx) => {
    const request = await lockedRequest(tx, firmId, requestId);
    const refusal = signatureRequestActionRefusal('void', { status: statusOf(request), openSignerCount: 0 });
    if (refusal) throw conflict(refusal);
    await endRequest(tx, firmId, requestId, 'Voided', { userId: principal.userId, reason });
    const actorName = await findUserName(tx, firmId, principal.userId);
    await insertEvents(tx, firmId, [
      { requestId, signerId: null, kind: 'voided', actorUserId: principal.userId, actorName, ...origin, detail: reason },
    ]);
    const emailRequest = await emailRequestOf(tx, firmId, request);
    for (const signer of (await findSigners(tx, firmId, requestId)).filter(isOpenSigner))
      await deps.outbox.queue(tx, firmId, requestVoidedEmail(emailRequest, signer, reason));
    await recordAuditEvent(tx, principal, 'document.signatureRequestVoided', request.documentId, { signatureRequestId: requestId, reason });
    return requestViewOf(tx, firmId, requestId);
  });
}

/** Emails each signer whose turn it is and who has not answered their link again, now. */
export function remindSigners(
  deps: SigningDeps,
  principal: FirmPrincipal,
  requestId: string,
  origin: StepOrigin,
): Promise<SignatureRequest> {
  const firmId = principal.firmId;
  return deps.database.withFirm(firmId, async (tx) => {
    const request = await lockedRequest(tx, firmId, requestId);
    const open = (await findSigners(tx, firmId, requestId)).filter(isOpenSigner);
    const refusal = signatureRequestActionRefusal('remind', { status: statusOf(request), openSignerCount: open.length });
    if (refusal) throw conflict(refusal);
    const actorName = await findUserName(tx, firmId, principal.userId);
    await remindOpenSigners(deps, tx, firmId, request, open, { actorUserId: principal.userId, actorName, ...origin });
    await recordAuditEvent(tx, principal, 'document.signersReminded', request.documentId, {
      signatureRequestId: requestId,
      signers: open.map((signer) => signer.email),
    });
    return requestViewOf(tx, firmId, requestId);
  });
}

export async function remindOpenSigners(
  deps: SigningDeps,
  tx: Tx,
  firmId: string,
  request: RequestRow,
  signers: SignerRow[],
  actor: Actor,
) {
  const emailRequest = await emailRequestOf(tx, firmId, request);
  const reminded: string[] = [];
  for (const signer of signers) if (await emailSigningLink(deps, tx, firmId, emailRequest, signer, true)) reminded.push(signer.id);
  // Links sealed under another APP_SECRET cannot be opened to be sent again.
  if (reminded.length === 0) throw conflict('The signing links cannot be emailed again: withdraw this request and send a new one');
  await recordReminded(tx, firmId, reminded);
  await insertEvents(
    tx,
    firmId,
    reminded.map((signerId) => ({ requestId: request.id, signerId, kind: 'reminded', ...actor })),
  );
}
