import { consultationFeeSentence, isoToDisplayDate } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { icsCalendar } from '../../lib/ics.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { minutesBetween, placeBookedEvent, removeBookedEvent, retimeBookedEvent } from '../calendar/calendar.api.ts';
import type { ConsultationLead } from './consultation-leads.ts';
import { findFeePaymentDetails, findFirmName, updateConsultation, type ConsultationRow } from './consultations.repository.ts';

export type NoticeKind = 'booked' | 'moved' | 'cancelled';

/** What the notices need beyond the outbox: whether a gateway takes a fee's currency (then it is paid on the booking page). */
export type NoticeDeps = { outbox: Outbox; appUrl: string; isFeePayableOnline?: (currencyCode: string) => boolean };

export const whenOf = (start: string) => `${isoToDisplayDate(start.slice(0, 10))} at ${start.slice(11, 16)}`;

/** The invitation (RFC 5546) to the lead and the assignee: one UID per consultation, so a move replaces it and a cancel takes it away. */
function invitation(consultation: ConsultationRow, lead: ConsultationLead, firm: { name: string; timeZone: string }, kind: NoticeKind) {
  const method = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const now = new Date();
  return icsCalendar(
    { name: firm.name, company: 'Matterhorn', product: 'Consultations', timeZone: firm.timeZone, refreshHours: 24, method },
    [
      {
        uid: `consultation-${consultation.id}@matterhorn`,
        summary: `Consultation with ${firm.name}`,
        location: consultation.location ?? '',
        description: [`Consultation: ${lead.name} with ${consultation.assigneeName}`, consultation.videoLink].filter(Boolean).join('\n'),
        updatedAt: now.toISOString(),
        sequence: Math.floor(now.getTime() / 1000),
        isCancelled: kind === 'cancelled',
        start: { local: consultation.start, timeZone: firm.timeZone, minutes: minutesBetween(consultation.start, consultation.end) },
        organizer: { name: consultation.assigneeName, email: consultation.assigneeEmail },
        attendees: [
          ...(lead.email ? [{ name: lead.name, email: lead.email }] : []),
          { name: consultation.assigneeName, email: consultation.assigneeEmail },
        ],
        url: consultation.videoLink,
      },
    ],
  );
}

/**
 * What follows a consultation's confirmation, move or cancellation, in its transaction: its event on
 * the firm calendar (the assignee attending), and the lead and the assignee emailed with the
 * invitation through the outbox (sent after commit).
 */
export async function sendConsultationNotices(
  tx: Tx,
  deps: NoticeDeps,
  firm: { firmId: string; timeZone: string },
  consultation: ConsultationRow,
  lead: ConsultationLead,
  kind: NoticeKind,
  bookingUrl: string | null,
) {
  const firmName = await findFirmName(tx, firm.firmId);
  let eventId = consultation.calendarEventId;
  if (kind === 'cancelled' && eventId) {
    await removeBookedEvent(tx, firm.firmId, eventId);
    eventId = null;
  } else if (kind !== 'cancelled' && eventId) {
    await retimeBookedEvent(tx, firm.firmId, eventId, consultation);
  } else if (kind !== 'cancelled') {
    eventId = await placeBookedEvent(tx, firm.firmId, consultation.assigneeUserId, {
      title: `Consultation: ${lead.name}`,
      description: `Consultation with a prospective client (lead)${lead.email ? `, ${lead.email}` : ''}.`,
      start: consultation.start,
      end: consultation.end,
      location: consultation.location,
      videoLink: consultation.videoLink,
      attendeeIds: [consultation.assigneeUserId],
    });
  }
  if (eventId !== consultation.calendarEventId) await updateConsultation(tx, firm.firmId, consultation.id, { calendarEventId: eventId });

  const ics = Buffer.from(invitation(consultation, lead, { name: firmName, timeZone: firm.timeZone }, kind));
  const method = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const attachments = [{ filename: 'invite.ics', content: ics, contentType: `text/calendar; method=${method}; charset=utf-8` }];
  const details = [
    `When: ${whenOf(consultation.start)} (${firm.timeZone})`,
    `With: ${consultation.assigneeName}`,
    ...(consultation.videoLink ? [`Video: ${consultation.videoLink}`] : []),
    ...(consultation.location ? [`Where: ${consultation.location}`] : []),
  ].join('\n');
  // A lead told of a booking with a fee is told the fee and how to pay it: online on the booking page
  // the email links to, else by the firm's payment instructions, else ask the firm.
  const canPayOnline =
    bookingUrl !== null && consultation.feeCurrency !== null && (deps.isFeePayableOnline?.(consultation.feeCurrency) ?? false);
  const feeSentence =
    kind !== 'cancelled' && consultation.feeAmount
      ? consultationFeeSentence(consultation, {
          canPayOnline,
          paymentInstructions: (await findFeePaymentDetails(tx, firm.firmId, consultation.feeCurrency)).paymentInstructions,
        })
      : null;
  const isToPayOnline = canPayOnline && feeSentence !== null && consultation.paidAt === null;
  const verb = { booked: 'Consultation confirmed', moved: 'Consultation moved', cancelled: 'Consultation cancelled' }[kind];
  if (lead.email)
    await deps.outbox.queue(tx, firm.firmId, {
      to: lead.email,
      sender: 'firm',
      greeting: `Dear ${lead.name},`,
      subject: `${verb}: ${whenOf(consultation.start)}`,
      paragraphs: [
        kind === 'cancelled'
          ? 'Your consultation was cancelled:'
          : `Your consultation with ${firmName} is ${kind === 'moved' ? 'moved to' : 'confirmed for'}:`,
        details,
        ...(feeSentence ? [feeSentence] : []),
        kind === 'cancelled'
          ? 'The attached calendar file takes it off your calendar.'
          : 'The attached calendar file adds it to your calendar.',
      ],
      ...(bookingUrl && kind !== 'cancelled'
        ? { action: { label: isToPayOnline ? 'Pay, move or cancel' : 'Move or cancel', url: bookingUrl } }
        : {}),
      why: 'you asked the firm for a consultation',
      attachments,
    });
  await deps.outbox.queue(tx, firm.firmId, {
    to: consultation.assigneeEmail,
    sender: 'firm',
    greeting: `Dear ${consultation.assigneeName},`,
    subject: `${verb}: ${lead.name} — ${whenOf(consultation.start)}`.slice(0, 200),
    paragraphs: [`${verb} with ${lead.name}, a prospective client assigned to you:`, details],
    action: { label: 'Open the calendar', url: `${deps.appUrl}/calendar` },
    why: 'you take this lead’s consultation',
    attachments,
  });
}
