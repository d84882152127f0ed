import { createHash, randomBytes } from 'node:crypto';
import {
  emailSubjectOf,
  formatMoney,
  isoToDisplayDate,
  TRUST_REQUEST_MESSAGES,
  TRUST_REQUEST_SLUG_PATTERN,
  TRUST_REQUEST_STATUS_LABELS,
  type CreateTrustRequestParsed,
  type PublicTrustRequest,
  type TrustRequest,
  type TrustRequestSent,
} from '@matterhorn/shared';
import { READ_ONLY, switchToFirm, type Database, type Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { outsideReaderOf, type FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { takeNextNumber } from '../../platform/numbering/numbering.ts';
import { formatTrustRequestNumber } from './trust-requests.api.ts';
import { recordEmailSent } from '../time-suggestions/time-suggestions.api.ts';
import type { QueueClientUpdate } from '../client-messages/client-messages.api.ts';
import {
  findClientForRequest,
  findIsRequestApprovalRequired,
  findMatterForRequest,
  findPublicRequestContext,
  findTrustAccountForRequest,
  findTrustRequestBySlugHash,
  insertTrustRequest,
  lockTrustRequest,
  sumClientTrustBalance,
  updateTrustRequest,
} from './trust-requests.repository.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import { createTrustRequestListService } from './trust-request-list.service.ts';
import { viewOf } from './trust-request-views.ts';

/** `clientUpdates` queues the client's SMS and WhatsApp update when a request is sent (client-messages' surface). */
type Dependencies = { database: Database; outbox: Outbox; appUrl: string; clientUpdates?: QueueClientUpdate };

/** 16 random bytes (128 bits) as 22 base64url characters; only its SHA-256 is kept. */
const newSlug = () => randomBytes(16).toString('base64url');
const hashOf = (slug: string) => createHash('sha256').update(slug).digest('hex');
/** The account, client and matter must be the firm's; the matter the client's; the account open. */
async function checkParties(tx: Tx, firmId: string, input: CreateTrustRequestParsed) {
  // A client asked to pay by a day already gone cannot comply: refused against the firm's own today.
  if (input.dueDate < (await findFirmToday(tx, firmId)))
    throw badRequest(TRUST_REQUEST_MESSAGES.dueDateInPast, { dueDate: TRUST_REQUEST_MESSAGES.dueDateInPast });
  const account = await findTrustAccountForRequest(tx, firmId, input.trustAccountId);
  if (!account) throw badRequest('Trust account not found', { trustAccountId: 'Trust account not found' });
  if (!account.isActive)
    throw badRequest(TRUST_REQUEST_MESSAGES.accountInactive, { trustAccountId: TRUST_REQUEST_MESSAGES.accountInactive });
  const client = await findClientForRequest(tx, firmId, input.clientId);
  if (!client) throw badRequest('Client not found', { clientId: 'Client not found' });
  if (input.matterId) {
    const matter = await findMatterForRequest(tx, firmId, input.matterId);
    if (!matter) throw badRequest('Matter not found', { matterId: 'Matter not found' });
    if (matter.clientId !== input.clientId)
      throw badRequest(TRUST_REQUEST_MESSAGES.matterNotOfClient, { matterId: TRUST_REQUEST_MESSAGES.matterNotOfClient });
  }
  return client;
}
export function createTrustRequestService({ database, outbox, appUrl, clientUpdates }: Dependencies) {
  const linkUrl = (slug: string) => `${appUrl}/billing/trust-accounting/${slug}`;

  /** Locks the request; 404 when it is not the firm's. */
  const locked = async (tx: Tx, principal: FirmPrincipal, id: string) => {
    const request = await lockTrustRequest(tx, principal.firmId, id);
    if (!request) throw notFound('Trust request');
    return request;
  };

  return {
    ...createTrustRequestListService({ database }),

    create: (principal: FirmPrincipal, input: CreateTrustRequestParsed): Promise<TrustRequest> =>
      database.withFirm(principal.firmId, async (tx) => {
        await checkParties(tx, principal.firmId, input);
        const requestNumber = formatTrustRequestNumber(await takeNextNumber(tx, principal.firmId, 'trustRequest'));
        const id = await insertTrustRequest(tx, {
          firmId: principal.firmId,
          requestNumber,
          trustAccountId: input.trustAccountId,
          clientId: input.clientId,
          matterId: input.matterId,
          amount: input.amount,
          dueDate: input.dueDate,
          note: input.note ?? '',
          status: 'Draft',
          assignedUserId: principal.userId,
          createdByUserId: principal.userId,
        });
        await recordAuditEvent(tx, principal, 'trustRequest.created', id, {
          requestNumber,
          amount: input.amount,
          clientId: input.clientId,
        });
        return viewOf(tx, principal.firmId, id);
      }),

    update: (principal: FirmPrincipal, id: string, input: CreateTrustRequestParsed): Promise<TrustRequest> =>
      database.withFirm(principal.firmId, async (tx) => {
        const before = await locked(tx, principal, id);
        if (before.status !== 'Draft') throw conflict(TRUST_REQUEST_MESSAGES.notDraft);
        await checkParties(tx, principal.firmId, input);
        const after = {
          trustAccountId: input.trustAccountId,
          clientId: input.clientId,
          matterId: input.matterId,
          amount: input.amount,
          dueDate: input.dueDate,
          note: input.note ?? '',
        };
        await updateTrustRequest(tx, principal.firmId, id, after);
        await recordAuditEvent(tx, principal, 'trustRequest.updated', id, {
          requestNumber: before.requestNumber,
          before: {
            trustAccountId: before.trustAccountId,
            clientId: before.clientId,
            matterId: before.matterId,
            amount: before.amount,
            dueDate: before.dueDate,
            note: before.note,
          },
          after,
        });
        return viewOf(tx, principal.firmId, id);
      }),

    /** Draft → AwaitingApproval, when the firm requires approval. */
    submit: (principal: FirmPrincipal, id: string): Promise<TrustRequest> =>
      database.withFirm(principal.firmId, async (tx) => {
        const request = await locked(tx, principal, id);
        if (!(await findIsRequestApprovalRequired(tx, principal.firmId))) throw conflict(TRUST_REQUEST_MESSAGES.approvalNotRequired);
        if (request.status !== 'Draft') throw conflict(TRUST_REQUEST_MESSAGES.notDraft);
        await updateTrustRequest(tx, principal.firmId, id, { status: 'AwaitingApproval' });
        await recordAuditEvent(tx, principal, 'trustRequest.submitted', id, { requestNumber: request.requestNumber });
        return viewOf(tx, principal.firmId, id);
      }),

    /** A second person approves (never the request's creator); it can then be sent. */
    approve: (principal: FirmPrincipal, id: string): Promise<TrustRequest> =>
      database.withFirm(principal.firmId, async (tx) => {
        const request = await locked(tx, principal, id);
        if (request.status !== 'AwaitingApproval') throw conflict(TRUST_REQUEST_MESSAGES.notAwaitingApproval);
        if (request.approvedByUserId) throw conflict(TRUST_REQUEST_MESSAGES.alreadyApproved);
        if (request.createdByUserId === principal.userId) throw conflict(TRUST_REQUEST_MESSAGES.ownApproval);
        await updateTrustRequest(tx, principal.firmId, id, { approvedByUserId: principal.userId });
        await recordAuditEvent(tx, principal, 'trustRequest.approved', id, { requestNumber: request.requestNumber });
        return viewOf(tx, principal.firmId, id);
      }),

    /**
     * Sends (or sends again) the request: a new public link replaces any earlier one, and the
     * client is emailed it (at the address given, else the client's); a client without an email
     * gets none, and the link, answered once, is shared by hand.
     */
    send: (principal: FirmPrincipal, id: string, input: { toEmail: string | null; message: string | null }): Promise<TrustRequestSent> =>
      database.withFirm(principal.firmId, async (tx) => {
        const request = await locked(tx, principal, id);
        const isApprovalRequired = await findIsRequestApprovalRequired(tx, principal.firmId);
        if (request.status === 'Draft' && isApprovalRequired) throw conflict(TRUST_REQUEST_MESSAGES.needsApproval);
        if (request.status === 'AwaitingApproval' && isApprovalRequired && !request.approvedByUserId)
          throw conflict(TRUST_REQUEST_MESSAGES.needsApproval);
        if (!['Draft', 'AwaitingApproval', 'Sent', 'PartlyPaid'].includes(request.status))
          throw conflict(TRUST_REQUEST_MESSAGES.notSendable);
        // A draft left unsent past its due date would reach the client already late; a reminder of a sent one may.
        if (request.status === 'Draft' && request.dueDate < (await findFirmToday(tx, principal.firmId)))
          throw badRequest(TRUST_REQUEST_MESSAGES.draftDueDatePassed);
        const client = await findClientForRequest(tx, principal.firmId, request.clientId);
        const to = input.toEmail ?? client?.email?.trim() ?? null;
        const slug = newSlug();
        const status = request.status === 'PartlyPaid' ? 'PartlyPaid' : 'Sent';
        await updateTrustRequest(tx, principal.firmId, id, {
          slugHash: hashOf(slug),
          status,
          sentAt: new Date(),
          sentToEmail: to || null,
        });
        await recordAuditEvent(tx, principal, 'trustRequest.sent', id, {
          requestNumber: request.requestNumber,
          to: to || null,
          slugPrefix: slug.slice(0, 4),
          isResend: request.status === 'Sent' || request.status === 'PartlyPaid',
        });
        const view = await viewOf(tx, principal.firmId, id);
        const url = linkUrl(slug);
        if (to) {
          const firm = await findPublicRequestContext(tx, principal.firmId, request.trustAccountId);
          const firmName = firm?.firm.name ?? 'your law firm';
          const amount = formatMoney(view.balanceDue, view.currencySymbol);
          await outbox.queue(
            tx,
            principal.firmId,
            {
              to,
              subject: `Request for funds ${view.requestNumber} from ${firmName}`,
              sender: 'firm',
              sentByUserId: principal.userId,
              greeting: `Dear ${view.clientName},`,
              paragraphs: [
                input.message?.trim() ||
                  `${firmName} asks you to pay ${amount} into its client trust account${view.matterNumber ? ` for ${view.matterNumber}` : ''} by ${isoToDisplayDate(view.dueDate)}.`,
                'See the request, the bank details and your trust balance online.',
              ],
              action: { label: 'See the request', url },
              why: `request for funds ${view.requestNumber} is addressed to you`,
            },
            { kind: 'trustRequest', id },
          );
          // Suggested time: the sender's email about the matter (general funds are on no matter: nothing).
          if (view.matterId)
            await recordEmailSent(tx, principal, {
              matterIds: [view.matterId],
              subject: emailSubjectOf(`request for funds ${view.requestNumber}`, to, view.clientEmail),
            });
        }
        // By SMS and WhatsApp too, to the contacts who opted in: that a request waits, its due date and its link (each send its own link).
        await clientUpdates?.(tx, principal.firmId, {
          templateKey: 'trust-request',
          clientId: request.clientId,
          matterId: view.matterId,
          eventKey: `trust-request:${id}:${hashOf(slug).slice(0, 16)}`,
          date: view.dueDate,
          link: url,
          createdByUserId: principal.userId,
        });
        return { request: view, slug, url, emailedTo: to || null };
      }),

    cancel: (principal: FirmPrincipal, id: string, reason: string): Promise<TrustRequest> =>
      database.withFirm(principal.firmId, async (tx) => {
        const request = await locked(tx, principal, id);
        if (request.status === 'Cancelled') throw conflict(TRUST_REQUEST_MESSAGES.alreadyCancelled);
        if (request.status === 'Paid') throw conflict(TRUST_REQUEST_MESSAGES.paidNotCancellable);
        await updateTrustRequest(tx, principal.firmId, id, { status: 'Cancelled', cancelReason: reason });
        await recordAuditEvent(tx, principal, 'trustRequest.cancelled', id, {
          requestNumber: request.requestNumber,
          reason,
          before: { status: request.status },
        });
        return viewOf(tx, principal.firmId, id);
      }),

    view: (principal: FirmPrincipal, id: string) =>
      database.withFirm(principal.firmId, (tx) => viewOf(tx, principal.firmId, id), READ_ONLY),

    /** The request on its public link, as the client sees it; nothing else of the firm. */
    publicView: (slug: string): Promise<PublicTrustRequest> => {
      if (!TRUST_REQUEST_SLUG_PATTERN.test(slug)) return Promise.reject(notFound('Trust request'));
      return database.withIdentityLookup(async (tx) => {
        const found = await findTrustRequestBySlugHash(tx, hashOf(slug));
        if (!found) throw notFound('Trust request');
        await switchToFirm(tx, found.firmId);
        const principal = outsideReaderOf(found.firmId);
        const request = await viewOf(tx, principal.firmId, found.id);
        const context = await findPublicRequestContext(tx, principal.firmId, request.trustAccountId);
        if (!context) throw notFound('Trust request');
        const trustBalance = await sumClientTrustBalance(tx, principal.firmId, request);
        const isCancelled = request.status === 'Cancelled';
        return {
          firm: { name: context.firm.name, logo: context.firm.logo },
          requestNumber: request.requestNumber,
          status: request.status,
          statusLabel: TRUST_REQUEST_STATUS_LABELS[request.status],
          clientName: request.clientName,
          matter: request.matterId ? { matterNumber: request.matterNumber, name: request.matterName ?? '' } : null,
          currencySymbol: request.currencySymbol,
          amount: request.amount,
          paidAmount: request.paidAmount,
          balanceDue: request.balanceDue,
          dueDate: request.dueDate,
          note: request.note,
          bank: isCancelled
            ? null
            : {
                accountName: context.account.name,
                bankName: context.account.bankName,
                accountNumberMasked: `••••${context.account.last4}`,
                paymentInstructions: context.account.paymentInstructions,
              },
          trustBalance,
        };
      });
    },
  };
}

export type TrustRequestService = ReturnType<typeof createTrustRequestService>;
