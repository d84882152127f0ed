import { PDFDocument } from 'pdf-lib';
import { SIGNATURE_REQUEST_MESSAGES, type SignatureRequest, type createSignatureRequestInputSchema } from '@matterhorn/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import type { SignableVersion } from '../documents/documents.api.ts';
import { requestViewOf } from './signature-request-views.ts';
import { insertEvents, insertFields, insertRequest, insertSigners, type NewSigner } from './signature-requests.repository.ts';
import { findContactClientId, findUserName, isFirmUser } from './signing.repository.ts';
import { signingInvitationEmail } from './signing-emails.ts';
import { newSigningToken } from './signing-links.ts';
import type { SigningDeps, StepOrigin } from './signing-deps.ts';

type Input = z.output<typeof createSignatureRequestInputSchema>;

/** The PDF's page count, read as the signing page and the stamping will read it; an encrypted or broken PDF is refused. */
async function pageCountOf(content: Buffer): Promise<number> {
  try {
    return (await PDFDocument.load(content, { updateMetadata: false })).getPageCount();
  } catch {
    throw conflict('This PDF cannot be signed online: it is encrypted or damaged. Save it again as a plain PDF first');
  }
}

async function signerRowsOf(tx: Tx, firmId: string, input: Input, document: SignableVersion, appSecret: string) {
  const rows: (NewSigner & { token: string })[] = [];
  for (const [index, signer] of input.signers.entries()) {
    let clientId = signer.kind === 'firmUser' ? null : document.clientId;
    if (signer.kind === 'clientContact' && signer.clientContactId) {
      clientId = await findContactClientId(tx, firmId, signer.clientContactId);
      if (!clientId) throw notFound('Contact');
    }
    if (signer.kind === 'firmUser' && signer.userId && !(await isFirmUser(tx, firmId, signer.userId))) throw notFound('Member');
    const { token, tokenHash, tokenSealed } = newSigningToken(appSecret);
    rows.push({
      position: index + 1,
      name: signer.name,
      email: signer.email,
      kind: signer.kind,
      clientContactId: signer.kind === 'clientContact' ? signer.clientContactId : null,
      clientId,
      leadId: signer.kind === 'lead' ? signer.leadId : null,
      userId: signer.kind === 'firmUser' ? signer.userId : null,
      status: input.signingOrder === 'allAtOnce' || index === 0 ? 'Sent' : 'Waiting',
      tokenHash,
      tokenSealed,
      token,
    });
  }
  return rows;
}

/**
 * Sends a document's current PDF version for signature: its SHA-256 recorded now, the signers'
 * links made (only their hashes and sealed copies kept), and the first signer's link emailed — or
 * every signer's when all sign at once — through the outbox, in one transaction with the request.
 */
export async function createSignatureRequest(
  deps: SigningDeps,
  principal: FirmPrincipal,
  input: Input,
  origin: StepOrigin,
): Promise<SignatureRequest> {
  const firmId = principal.firmId;
  return deps.database.withFirm(firmId, async (tx) => {
    const document = await deps.documents.findSignableVersion(tx, firmId, input.documentId);
    if (!document || document.isInRecycleBin) throw notFound('Document');
    if (document.contentType !== 'application/pdf') throw conflict(SIGNATURE_REQUEST_MESSAGES.notPdf);
    if (document.scanStatus !== 'available') throw conflict(SIGNATURE_REQUEST_MESSAGES.notReadable);
    const pages = await pageCountOf(await document.read());
    const outOfRange = input.fields.findIndex((field) => field.page > pages);
    if (outOfRange >= 0) {
      const message = SIGNATURE_REQUEST_MESSAGES.pageOutOfRange(outOfRange, pages);
      throw badRequest(message, { [`fields.${outOfRange}.page`]: message });
    }
    const signers = await signerRowsOf(tx, firmId, input, document, deps.appSecret);
    const created = await insertRequest(tx, {
      firmId,
      documentId: document.documentId,
      documentVersionNumber: document.versionNumber,
      documentSha256: document.sha256,
      title: input.title,
      message: input.message,
      signingOrder: input.signingOrder,
      expiresOn: input.expiresOn,
      createdByUserId: principal.userId,
    });
    if ('problem' in created) {
      const message = created.problem === 'tooSoon' ? SIGNATURE_REQUEST_MESSAGES.expiryTooSoon : SIGNATURE_REQUEST_MESSAGES.expiryTooLate;
      throw badRequest(message, { expiresOn: message });
    }
    const requestId = created.id;
    const signerIds = await insertSigners(tx, firmId, requestId, signers);
    await insertFields(
      tx,
      firmId,
      requestId,
      input.fields.map((field, index) => ({ ...field, position: index + 1, signerId: signerIds[field.signerIndex]! })),
    );
    const senderName = await findUserName(tx, firmId, principal.userId);
    const actor = { actorUserId: principal.userId, actorName: senderName, ...origin };
    const sent = signers.flatMap((signer, index) => (signer.status === 'Sent' ? [{ signer, id: signerIds[index]! }] : []));
    await insertEvents(tx, firmId, [
      { requestId, signerId: null, kind: 'created', ...actor },
      ...sent.map(({ id }) => ({ requestId, signerId: id, kind: 'sent', ...actor })),
    ]);
    const view = await requestViewOf(tx, firmId, requestId);
    const emailRequest = { ...view, senderName, createdByUserId: principal.userId, expiresOnText: expiresOnTextOf(input.expiresOn) };
    for (const { signer } of sent)
      await deps.outbox.queue(tx, firmId, signingInvitationEmail(emailRequest, signer, signer.token, deps.appUrl));
    await recordAuditEvent(tx, principal, 'document.sentForSignature', document.documentId, {
      signatureRequestId: requestId,
      versionNumber: document.versionNumber,
      sha256: document.sha256,
      after: { title: input.title, signers: input.signers.map((signer) => ({ name: signer.name, email: signer.email })) },
    });
    return view;
  });
}

const expiresOnTextOf = (isoDate: string) => isoDate.split('-').reverse().join('/');
