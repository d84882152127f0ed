import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/database.ts';
import { findFirmTimeZone } from '../../platform/firm-clock.ts';
import { createFirmSealCertificate, openFirmSealCertificate } from './firm-seal-certificate.ts';
import { emailRequestOf, MATTERHORN } from './signature-request-actions.ts';
import {
  findEvents,
  findFields,
  findRequest,
  findSigners,
  insertEvents,
  SEALING_ATTEMPTS,
  type RequestRow,
  type SignerRow,
} from './signature-requests.repository.ts';
import {
  claimRequestToSeal,
  completeRequest,
  findFirmCertificate,
  findFirmName,
  findFirmsWithOpenRequests,
  findUserEmail,
  insertFirmCertificate,
} from './signing.repository.ts';
import { sealSignedPdf } from './seal-signed-pdf.ts';
import { reportSealingFailed } from './sealing-failures.ts';
import type { CertificateFacts } from './signing-certificate-page.ts';
import { signedCopyEmail } from './signing-emails.ts';
import type { SigningDeps } from './signing-deps.ts';

/** The queue's job that seals the requests everyone has signed (ADR 79). */
export const SEAL_SIGNED_JOB = 'signature-requests.seal';
const LEASE_MINUTES = 10;

type Logger = Pick<FastifyBaseLogger, 'error' | 'info'>;

const STEP_LABELS: Readonly<Record<string, string>> = {
  sent: 'Link emailed',
  viewed: 'Opened the document',
  consented: 'Agreed to sign electronically',
  signed: 'Signed',
};

/** The firm's sealing certificate, made the first time the firm needs one (its key made outside any transaction). */
async function firmCertificateOf(deps: SigningDeps, firmId: string, firmName: string) {
  const existing = await deps.database.withFirm(firmId, (tx) => findFirmCertificate(tx, firmId));
  if (existing) return existing;
  const made = createFirmSealCertificate(firmName, deps.appSecret);
  await deps.database.withFirm(firmId, (tx) => insertFirmCertificate(tx, firmId, made));
  return (await deps.database.withFirm(firmId, (tx) => findFirmCertificate(tx, firmId)))!;
}

/** What the certificate of signing says of a request: its facts and each signer's steps from its history. */
export async function certificateFactsOf(
  tx: Tx,
  firmId: string,
  request: RequestRow,
  signers: SignerRow[],
  sealedAt: Date,
  fingerprint: string,
) {
  const events = await findEvents(tx, firmId, request.id);
  const facts: CertificateFacts = {
    firmName: await findFirmName(tx, firmId),
    requestId: request.id,
    title: request.title,
    documentName: request.documentName,
    senderName: request.createdByName,
    sentAt: new Date(request.createdAt),
    sealedAt,
    documentSha256: request.documentSha256,
    signedDocumentSha256: request.signedDocumentSha256,
    sealFingerprintSha256: fingerprint,
    signers: signers.map((signer) => ({
      name: signer.name,
      email: signer.email,
      steps: events
        .filter((event) => event.signerId === signer.id && STEP_LABELS[event.kind])
        .map((event) => ({
          label: STEP_LABELS[event.kind]!,
          at: new Date(event.at),
          ipAddress: event.ipAddress,
          userAgent: event.userAgent,
        })),
    })),
  };
  return facts;
}

const signedFileNameOf = (name: string) => `${name.replace(/\.pdf$/i, '')} (signed).pdf`;

/**
 * Seals one request everyone signed: the PDF as sent (its SHA-256 checked again), stamped, with the
 * certificate page, sealed by the firm's certificate; filed as the document's next version, the
 * request Completed and the signed copy emailed to every signer and the sender, in one transaction.
 */
export async function sealRequest(deps: SigningDeps, firmId: string, requestId: string, now = new Date()) {
  const read = await deps.database.withFirm(firmId, async (tx) => {
    const request = await findRequest(tx, firmId, requestId);
    if (request?.status !== 'Sealing') return null;
    const version = await deps.documents.findSignableVersion(tx, firmId, request.documentId, request.documentVersionNumber);
    if (!version) throw new Error(`signature request ${requestId}: its document version is gone`);
    return {
      request,
      signers: await findSigners(tx, firmId, requestId),
      fields: await findFields(tx, firmId, requestId),
      firmName: await findFirmName(tx, firmId),
      timeZone: await findFirmTimeZone(tx, firmId),
      original: await version.read(),
    };
  });
  if (!read) return false;
  const { request, signers, fields, firmName, timeZone, original } = read;
  if (createHash('sha256').update(original).digest('hex') !== request.documentSha256)
    throw new Error(`signature request ${requestId}: the stored PDF no longer has the SHA-256 recorded when it was sent`);
  const certificate = await firmCertificateOf(deps, firmId, firmName);
  const p12 = openFirmSealCertificate(certificate.p12Sealed, deps.appSecret);
  if (!p12) throw new Error(`firm ${firmId}: its sealing certificate was sealed under another APP_SECRET`);
  const certificateFacts = await deps.database.withFirm(firmId, (tx) =>
    certificateFactsOf(tx, firmId, request, signers, now, certificate.fingerprintSha256),
  );
  const signerOf = new Map(signers.map((signer) => [signer.id, signer]));
  const signedOn = (signer: SignerRow) => dayOf(signer.signedAt!, timeZone);
  const sealed = await sealSignedPdf({
    original,
    p12,
    certificate: certificateFacts,
    fields: fields.map((field) => {
      const signer = signerOf.get(field.signerId)!;
      return {
        ...field,
        signature: signer.signatureMark!,
        initials: signer.initialsMark,
        signerName: signer.name,
        signedOn: signedOn(signer),
      };
    }),
  });
  const fileName = signedFileNameOf(request.documentName);
  await deps.documents.fileSignedVersion(
    firmId,
    request.documentId,
    {
      content: sealed.content,
      fileName,
      note: `Signed by ${signers.map((s) => s.name).join(', ')} and sealed`,
      uploadedByUserId: request.createdByUserId,
    },
    async (tx, versionNumber) => {
      const locked = await findRequest(tx, firmId, requestId, true);
      if (locked?.status !== 'Sealing') throw new Error(`signature request ${requestId} is no longer waiting to be sealed`);
      await completeRequest(tx, firmId, requestId, {
        signedDocumentSha256: sealed.signedDocumentSha256,
        signedVersionNumber: versionNumber,
      });
      const emailRequest = await emailRequestOf(tx, firmId, request);
      const signed = { fileName, content: sealed.content };
      for (const signer of signers) await deps.outbox.queue(tx, firmId, signedCopyEmail(emailRequest, signer, signed, false));
      const senderEmail = await findUserEmail(tx, firmId, request.createdByUserId);
      if (senderEmail && !signers.some((signer) => signer.email === senderEmail))
        await deps.outbox.queue(
          tx,
          firmId,
          signedCopyEmail(emailRequest, { name: request.createdByName, email: senderEmail }, signed, true),
        );
      await insertEvents(tx, firmId, [
        {
          requestId,
          signerId: null,
          kind: 'sealed',
          ...MATTERHORN,
          detail: `Filed as version ${versionNumber}; signed document SHA-256 ${sealed.signedDocumentSha256}`,
        },
        ...signers.map((signer) => ({ requestId, signerId: signer.id, kind: 'emailed', ...MATTERHORN, detail: 'The signed copy' })),
      ]);
    },
  );
  return true;
}

/** The date a signer signed, DD/MM/YYYY in the firm's time zone (the certificate page gives the exact time in UTC). */
const dayOf = (at: Date | string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(at));

/** The job: every firm's requests waiting to be sealed, each claimed for a lease so replicas never seal one twice at once. */
export async function sealWaitingRequests(deps: SigningDeps & { logger?: Logger }): Promise<number> {
  const firms = await deps.database.withIdentityLookup((tx) => findFirmsWithOpenRequests(tx));
  let sealedCount = 0;
  for (const { firmId } of firms) {
    for (;;) {
      const claimed = await deps.database.withFirm(firmId, (tx) => claimRequestToSeal(tx, firmId, LEASE_MINUTES));
      if (!claimed) break;
      try {
        if (await sealRequest(deps, firmId, claimed.id)) {
          sealedCount += 1;
          await deps
            .onCompleted?.(firmId, claimed.id)
            .catch((error: unknown) =>
              deps.logger?.error({ err: error, firmId, requestId: claimed.id }, 'signature request sealed; its follow-up failed'),
            );
        }
      } catch (error) {
        const isLastAttempt = claimed.attempts >= SEALING_ATTEMPTS;
        deps.logger?.error(
          { err: error, firmId, requestId: claimed.id, attempt: claimed.attempts },
          isLastAttempt ? 'signature request not sealed: its last attempt' : 'signature request not sealed (retried after its lease)',
        );
        if (isLastAttempt)
          await reportSealingFailed(deps, firmId, claimed.id).catch((reportError: unknown) =>
            deps.logger?.error({ err: reportError, firmId, requestId: claimed.id }, 'sealing failure not reported'),
          );
      }
    }
  }
  return sealedCount;
}
