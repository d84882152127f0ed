import { PDFDocument } from 'pdf-lib';
import {
  SIGNATURE_FIELD_KIND_RULES,
  SIGNATURE_REQUEST_MESSAGES,
  allowedSignerActions,
  signerActionRefusal,
  signingNoticeOf,
  type SigningView,
  type signInputSchema,
  type SignerAction,
} from '@matterhorn/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { emailRequestOf, openNextSigner, type Actor } from './signature-request-actions.ts';
import { iso, isoOrNull, statusOf } from './signature-request-views.ts';
import { pdfWithoutActiveContent } from './strip-active-content.ts';
import { findFields, findRequest, findSigners, insertEvents, type RequestRow, type SignerRow } from './signature-requests.repository.ts';
import { endRequest, findFirmName, findUserEmail, recordFirstView, recordSignerStep } from './signing.repository.ts';
import { requestDeclinedEmail } from './signing-emails.ts';
import { withSigningLink, type OpenedSigningLink } from './signing-links.ts';
import { pngOfDataUrl } from './stamp-signatures.ts';
import type { SigningDeps, StepOrigin } from './signing-deps.ts';
import type { PageSource } from './signing-page-images.ts';

type SignInput = z.output<typeof signInputSchema>;

type Opened = { request: RequestRow; signer: SignerRow; link: OpenedSigningLink };

async function openedOf(tx: Tx, link: OpenedSigningLink, isLocked: boolean): Promise<Opened> {
  const request = (await findRequest(tx, link.firmId, link.requestId, isLocked))!;
  const signer = (await findSigners(tx, link.firmId, link.requestId)).find((row) => row.id === link.signerId)!;
  return { request, signer, link };
}

const factsOf = ({ request, signer }: Pick<Opened, 'request' | 'signer'>) => ({
  requestStatus: statusOf(request),
  signerStatus: signer.status,
});

function refuseUnless(action: SignerAction, opened: Opened) {
  const refusal = signerActionRefusal(action, factsOf(opened));
  if (refusal) throw conflict(refusal, 'CONFLICT');
}

async function viewOf(tx: Tx, { request, signer, link }: Opened, token: string): Promise<SigningView> {
  const facts = factsOf({ request, signer });
  const canSign = allowedSignerActions(facts).view;
  const fields = canSign ? (await findFields(tx, link.firmId, request.id)).filter((field) => field.signerId === signer.id) : [];
  return {
    firmName: await findFirmName(tx, link.firmId),
    senderName: request.createdByName,
    title: request.title,
    message: request.message,
    documentName: request.documentName,
    signerName: signer.name,
    signerEmail: signer.email,
    requestStatus: facts.requestStatus,
    signerStatus: signer.status,
    notice: signingNoticeOf(facts),
    consentText: SIGNATURE_REQUEST_MESSAGES.consentText,
    expiresAt: iso(request.expiresAt),
    documentUrl: canSign ? `/api/public/signing/${token}/document` : null,
    fields: fields.map(({ position: _position, ...field }) => ({ ...field, signedAt: null })),
    signedAt: isoOrNull(signer.signedAt),
  };
}

const actorOf = (signer: SignerRow, origin: StepOrigin): Actor => ({ actorUserId: null, actorName: signer.name, ...origin });

/** A drawn mark must be a PNG the stamping can embed: checked now, so the sealing job never meets one it cannot use. */
async function checkDrawnMarks(input: SignInput) {
  for (const mark of [input.signature, input.initials])
    if (mark?.kind === 'drawn') {
      try {
        await (await PDFDocument.create()).embedPng(pngOfDataUrl(mark.image));
      } catch {
        throw badRequest(SIGNATURE_REQUEST_MESSAGES.drawnUnreadable, { signature: SIGNATURE_REQUEST_MESSAGES.drawnUnreadable });
      }
    }
}

/** The signer's places that take their marks must all be in fieldIds, and nothing else. */
async function checkPlaces(tx: Tx, opened: Opened, input: SignInput) {
  const mine = (await findFields(tx, opened.link.firmId, opened.request.id)).filter(
    (field) => field.signerId === opened.signer.id && SIGNATURE_FIELD_KIND_RULES[field.kind].isFilledBySigner,
  );
  const signed = new Set(input.fieldIds);
  if ([...signed].some((id) => !mine.some((field) => field.id === id))) throw badRequest(SIGNATURE_REQUEST_MESSAGES.fieldNotYours);
  if (mine.some((field) => !signed.has(field.id)))
    throw badRequest(SIGNATURE_REQUEST_MESSAGES.fieldMissing, { fieldIds: SIGNATURE_REQUEST_MESSAGES.fieldMissing });
  if (mine.some((field) => field.kind === 'initials') && !input.initials)
    throw badRequest(SIGNATURE_REQUEST_MESSAGES.initialsMissing, { initials: SIGNATURE_REQUEST_MESSAGES.initialsMissing });
}

/**
 * The signer's link (public, no sign-in). Every step that changes the request locks its row first,
 * so two signers signing at once take turns and neither signature is lost; a signature also checks
 * the document still has the SHA-256 recorded when it was sent.
 */
export function createSigningService(deps: SigningDeps) {
  const { database } = deps;
  /** The version as sent, while the signer may still view it; a document changed since is refused (its hash). */
  const versionToRead = async (tx: Tx, link: OpenedSigningLink) => {
    const opened = await openedOf(tx, link, false);
    refuseUnless('view', opened);
    const version = await deps.documents.findSignableVersion(
      tx,
      link.firmId,
      opened.request.documentId,
      opened.request.documentVersionNumber,
    );
    if (!version) throw conflict(SIGNATURE_REQUEST_MESSAGES.documentChanged);
    return { opened, version };
  };
  return {
    view: (token: string, origin: StepOrigin) =>
      withSigningLink(database, token, async (tx, link) => {
        const opened = await openedOf(tx, link, false);
        if (allowedSignerActions(factsOf(opened)).view && (await recordFirstView(tx, link.firmId, link.signerId))) {
          await insertEvents(tx, link.firmId, [
            { requestId: link.requestId, signerId: link.signerId, kind: 'viewed', ...actorOf(opened.signer, origin) },
          ]);
          return viewOf(tx, await openedOf(tx, link, false), token);
        }
        return viewOf(tx, opened, token);
      }),

    consent: (token: string, origin: StepOrigin) =>
      withSigningLink(database, token, async (tx, link) => {
        const opened = await openedOf(tx, link, true);
        refuseUnless('consent', opened);
        if (opened.signer.status !== 'Consented') {
          await recordSignerStep(tx, link.firmId, link.signerId, { status: 'Consented' });
          await insertEvents(tx, link.firmId, [
            {
              requestId: link.requestId,
              signerId: link.signerId,
              kind: 'consented',
              ...actorOf(opened.signer, origin),
              detail: SIGNATURE_REQUEST_MESSAGES.consentText,
            },
          ]);
        }
        return viewOf(tx, await openedOf(tx, link, false), token);
      }),

    /** Answers the signer's view and whether this was the last signature (the sealing job is then asked for). */
    sign: async (token: string, input: SignInput, origin: StepOrigin) => {
      await checkDrawnMarks(input);
      return withSigningLink(database, token, async (tx, link) => {
        const opened = await openedOf(tx, link, true);
        refuseUnless('sign', opened);
        const current = await deps.documents.findSignableVersion(tx, link.firmId, opened.request.documentId);
        if (!current || current.isInRecycleBin || current.sha256 !== opened.request.documentSha256)
          throw conflict(SIGNATURE_REQUEST_MESSAGES.documentChanged, 'CONFLICT');
        await checkPlaces(tx, opened, input);
        await recordSignerStep(tx, link.firmId, link.signerId, { status: 'Signed', signature: input.signature, initials: input.initials });
        await insertEvents(tx, link.firmId, [
          { requestId: link.requestId, signerId: link.signerId, kind: 'signed', ...actorOf(opened.signer, origin) },
        ]);
        const isAllSigned = await openNextSigner(deps, tx, link.firmId, opened.request, actorOf(opened.signer, origin));
        if (isAllSigned) await endRequest(tx, link.firmId, link.requestId, 'Sealing');
        return { view: await viewOf(tx, await openedOf(tx, link, false), token), isAllSigned };
      });
    },

    decline: (token: string, reason: string, origin: StepOrigin) =>
      withSigningLink(database, token, async (tx, link) => {
        const opened = await openedOf(tx, link, true);
        refuseUnless('decline', opened);
        await recordSignerStep(tx, link.firmId, link.signerId, { status: 'Declined', reason });
        await endRequest(tx, link.firmId, link.requestId, 'Declined');
        await insertEvents(tx, link.firmId, [
          { requestId: link.requestId, signerId: link.signerId, kind: 'declined', ...actorOf(opened.signer, origin), detail: reason },
        ]);
        const sender = await findUserEmail(tx, link.firmId, opened.request.createdByUserId);
        if (sender)
          await deps.outbox.queue(
            tx,
            link.firmId,
            requestDeclinedEmail(
              await emailRequestOf(tx, link.firmId, opened.request),
              { email: sender },
              opened.signer.name,
              reason,
              `${deps.appUrl}/documents/signature-requests/${link.requestId}`,
            ),
          );
        return viewOf(tx, await openedOf(tx, link, false), token);
      }),

    /**
     * The PDF as sent, to read on the signing page, only while the signer can still sign it; without
     * its scripts, launch actions or embedded files, as the sealed copy (cleaned after the
     * transaction: the work holds no connection).
     */
    async document(token: string) {
      const sent = await withSigningLink(database, token, async (tx, link) => {
        const { opened, version } = await versionToRead(tx, link);
        return { fileName: opened.request.documentName, content: await version.read() };
      });
      return { ...sent, content: await pdfWithoutActiveContent(sent.content) };
    },

    /**
     * The version the signer reads, for its page images, with the document call's checks; its bytes
     * are read by the caller after this transaction has ended (drawing never holds a connection).
     */
    pageSource: (token: string): Promise<PageSource> =>
      withSigningLink(database, token, async (tx, link) => {
        const { opened, version } = await versionToRead(tx, link);
        return {
          firmId: link.firmId,
          documentId: opened.request.documentId,
          versionNumber: version.versionNumber,
          sha256: version.sha256,
          read: version.read,
        };
      }),
  };
}

export type SigningService = ReturnType<typeof createSigningService>;
