import { createHash, randomBytes } from 'node:crypto';
import { BOOKING_TOKEN_PATTERN, CONSULTATION_MESSAGES } from '@matterhorn/shared';
import { switchToFirm, type Database, type Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { lifetimeInWords } from '../../lib/outgoing-email.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { tellLead, type ConsultationLead } from './consultation-leads.ts';
import { findFirmName, findLiveLinkByHash, insertLink, revokeLeadLinks } from './consultations.repository.ts';

/** How long a booking link works: long enough to book and then move or cancel up to the day before. */
export const LINK_DAYS = 30;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
export const bookingUrlOf = (appUrl: string, token: string) => `${appUrl}/book/${token}`;

/**
 * Sends the lead a new booking link (the old ones stop working): 24 random bytes, kept only as their
 * SHA-256, emailed through the outbox, and noted on the lead's timeline.
 */
export async function sendBookingLink(tx: Tx, deps: { outbox: Outbox; appUrl: string }, principal: FirmPrincipal, lead: ConsultationLead) {
  if (!lead.email) throw conflict(CONSULTATION_MESSAGES.noEmail);
  if (!lead.assigneeUserId) throw conflict(CONSULTATION_MESSAGES.noAssignee);
  const token = randomBytes(24).toString('base64url');
  await revokeLeadLinks(tx, principal.firmId, lead.id);
  await insertLink(tx, {
    firmId: principal.firmId,
    leadId: lead.id,
    tokenHash: hashOf(token),
    sentTo: lead.email,
    createdByUserId: principal.userId,
    expiresAt: new Date(Date.now() + LINK_DAYS * 24 * 3_600_000),
  });
  const firmName = await findFirmName(tx, principal.firmId);
  await deps.outbox.queue(tx, principal.firmId, {
    to: lead.email,
    sender: 'firm',
    sentByUserId: principal.userId,
    greeting: `Dear ${lead.name},`,
    subject: `Book your consultation with ${firmName}`,
    paragraphs: [`Choose a time for your consultation with ${firmName}: the page shows the times free.`],
    action: {
      label: 'Choose a time',
      url: bookingUrlOf(deps.appUrl, token),
      expiry: `The link works for ${lifetimeInWords(LINK_DAYS * 24 * 60)}.`,
    },
    why: 'you asked the firm for a consultation',
  });
  await tellLead(tx, principal, lead, { kind: 'emailSent', summary: `Booking link sent to ${lead.email}` });
  await recordAuditEvent(tx, principal, 'consultation.linkSent', lead.id);
}

export type OpenedLink = { firmId: string; leadId: string; expiresAt: string; token: string };

/**
 * Opens a live booking link: its firm and lead found by the token's hash (the identity-lookup role,
 * before the firm is known), then fn runs in that firm's scope in the same transaction. A malformed,
 * expired, replaced or unknown token is 404 and writes nothing.
 */
export function withBookingLink<T>(database: Database, token: string, fn: (tx: Tx, link: OpenedLink) => Promise<T>): Promise<T> {
  if (!BOOKING_TOKEN_PATTERN.test(token)) return Promise.reject(notFound('Booking link'));
  return database.withIdentityLookup(async (tx) => {
    const link = await findLiveLinkByHash(tx, hashOf(token));
    if (!link) throw notFound('Booking link');
    await switchToFirm(tx, link.firmId);
    return fn(tx, { ...link, token });
  });
}
