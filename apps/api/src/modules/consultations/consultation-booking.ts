import { CONSULTATION_MESSAGES, isLiveConsultation } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { addMinutes } from '../calendar/calendar.api.ts';
import { clockOf, freeSlotsOf, type FirmClock } from './consultation-diary.ts';
import { tellLead, type ConsultationLead } from './consultation-leads.ts';
import { sendConsultationNotices, whenOf, type NoticeDeps } from './consultation-notices.ts';
import { hasFee, settingsOf, type EffectiveSettings } from './consultation-settings.ts';
import { freeSlots, isOffered } from './consultation-slots.ts';
import {
  findConsultation,
  findLeadConsultation,
  insertConsultation,
  lapseExpiredHolds,
  lockAssigneeDiary,
  updateConsultation,
  type ConsultationRow,
} from './consultations.repository.ts';

/** How long a booking waiting for its fee holds the time. */
export const HOLD_MINUTES = 30;

export type BookingDeps = NoticeDeps;
/** Who acts: a member of the firm, or the lead on the booking page (audited as the assignee's booking, said so). */
export type BookingActor = { firmId: string; userId: string | null };

/** A consultation whose time can still change: live, or paid after its hold lapsed (it waits for a new time). */
export const canMove = (row: ConsultationRow) => isLiveConsultation(row.status) || (row.status === 'Lapsed' && row.paidAt !== null);

/** The start, if it is one of the assignee's free slots now; refused otherwise (409 when it was free but is taken). */
async function checkSlot(
  tx: Tx,
  firmId: string,
  assigneeUserId: string,
  settings: EffectiveSettings,
  clock: FirmClock,
  start: string,
  except: ConsultationRow | null,
) {
  const free = await freeSlotsOf(
    tx,
    firmId,
    assigneeUserId,
    settings,
    clock,
    except && { consultationId: except.id, calendarEventId: except.calendarEventId },
  );
  if (isOffered(free, start)) return;
  if (isOffered(freeSlots(settings, clock, []), start)) throw conflict(CONSULTATION_MESSAGES.slotTaken);
  throw badRequest(CONSULTATION_MESSAGES.notASlot, { start: CONSULTATION_MESSAGES.notASlot });
}

/** Writes inside a savepoint: a concurrent booking the lock did not cover (the unique index) is refused as taken. */
async function takingSlot<T>(tx: Tx, write: (savepoint: Tx) => Promise<T>): Promise<T> {
  try {
    return await tx.transaction(write);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CONSULTATION_MESSAGES.slotTaken);
    throw error;
  }
}

const auditActor = (actor: BookingActor, row: { assigneeUserId: string }) => ({
  firmId: actor.firmId,
  userId: actor.userId ?? row.assigneeUserId,
});
const by = (actor: BookingActor) => (actor.userId ? 'staff' : 'the lead, on the booking page');

/** Confirmation's consequences: the calendar event and emails, and the lead's timeline and status. */
async function confirmed(
  tx: Tx,
  deps: BookingDeps,
  actor: BookingActor,
  clock: FirmClock,
  row: ConsultationRow,
  lead: ConsultationLead,
  bookingUrl: string | null,
) {
  await sendConsultationNotices(tx, deps, { firmId: actor.firmId, timeZone: clock.timeZone }, row, lead, 'booked', bookingUrl);
  await tellLead(tx, actor, lead, {
    summary: `Consultation booked for ${whenOf(row.start)} with ${row.assigneeName}`,
    body: row.feeAmount && row.paidAt ? `Fee paid online: ${row.feeAmount} ${row.feeCurrency}` : null,
    moveTo: 'consultationBooked',
  });
}

/**
 * Books one of the assignee's free slots for the lead: the assignee's diary locked (two people
 * choosing the same time at once get one booking), expired holds released, the slot checked free,
 * then written. On the booking page with a fee the firm requires, it is held until paid; otherwise
 * it is confirmed at once. A repeated submit of the same time answers the booking made.
 */
export async function bookConsultation(
  tx: Tx,
  deps: BookingDeps,
  actor: BookingActor,
  input: { lead: ConsultationLead; start: string; isPaymentPossible: boolean; bookingUrl: string | null },
): Promise<ConsultationRow> {
  const { lead } = input;
  if (!lead.assigneeUserId) throw conflict(CONSULTATION_MESSAGES.noAssignee);
  const settings = await settingsOf(tx, actor.firmId);
  const clock = await clockOf(tx, actor.firmId);
  await lockAssigneeDiary(tx, actor.firmId, lead.assigneeUserId);
  await lapseExpiredHolds(tx, actor.firmId);
  const existing = await findLeadConsultation(tx, actor.firmId, lead.id, true);
  if (existing && isLiveConsultation(existing.status)) {
    if (existing.start === input.start) return existing;
    if (existing.status !== 'AwaitingPayment' || actor.userId) throw conflict(CONSULTATION_MESSAGES.alreadyBooked);
    // The lead chose another time before paying: the unpaid hold gives its time back.
    await updateConsultation(tx, actor.firmId, existing.id, { status: 'Cancelled', cancelReason: 'Another time was chosen before paying' });
  }
  await checkSlot(tx, actor.firmId, lead.assigneeUserId, settings, clock, input.start, null);
  const isHeld = !actor.userId && hasFee(settings) && settings.isFeeRequired && input.isPaymentPossible;
  const id = await takingSlot(tx, (savepoint) =>
    insertConsultation(savepoint, {
      firmId: actor.firmId,
      leadId: lead.id,
      assigneeUserId: lead.assigneeUserId!,
      startLocal: input.start,
      endLocal: addMinutes(input.start, settings.lengthMinutes),
      status: isHeld ? 'AwaitingPayment' : 'Confirmed',
      holdExpiresAt: isHeld ? new Date(Date.now() + HOLD_MINUTES * 60_000) : null,
      feeAmount: hasFee(settings) ? settings.feeAmount : null,
      feeCurrency: hasFee(settings) ? settings.feeCurrency : null,
      location: settings.videoLink ? null : settings.officeAddress,
      videoLink: settings.videoLink,
      bookedThrough: actor.userId ? 'staff' : 'link',
      bookedByUserId: actor.userId,
    }),
  );
  const row = (await findConsultation(tx, actor.firmId, id))!;
  await recordAuditEvent(tx, auditActor(actor, row), 'consultation.booked', id, {
    leadId: lead.id,
    start: row.start,
    status: row.status,
    by: by(actor),
  });
  if (!isHeld) await confirmed(tx, deps, actor, clock, row, lead, input.bookingUrl);
  return (await findConsultation(tx, actor.firmId, id))!;
}

/** Moves a consultation to another free slot of its assignee (a paid one whose hold lapsed is confirmed at the new time). */
export async function moveConsultation(
  tx: Tx,
  deps: BookingDeps,
  actor: BookingActor,
  input: { row: ConsultationRow; lead: ConsultationLead; start: string; bookingUrl: string | null },
): Promise<ConsultationRow> {
  const settings = await settingsOf(tx, actor.firmId);
  const clock = await clockOf(tx, actor.firmId);
  await lockAssigneeDiary(tx, actor.firmId, input.row.assigneeUserId);
  await lapseExpiredHolds(tx, actor.firmId);
  const row = (await findConsultation(tx, actor.firmId, input.row.id, true))!;
  if (!canMove(row)) throw conflict(CONSULTATION_MESSAGES.notLive);
  if (row.start === input.start && isLiveConsultation(row.status)) return row;
  await checkSlot(tx, actor.firmId, row.assigneeUserId, settings, clock, input.start, row);
  const wasWaitingForTime = row.status === 'Lapsed';
  await takingSlot(tx, (savepoint) =>
    updateConsultation(savepoint, actor.firmId, row.id, {
      startLocal: input.start,
      endLocal: addMinutes(input.start, settings.lengthMinutes),
      ...(wasWaitingForTime ? { status: 'Confirmed', holdExpiresAt: null } : {}),
      ...(row.status === 'AwaitingPayment' ? { holdExpiresAt: new Date(Date.now() + HOLD_MINUTES * 60_000) } : {}),
    }),
  );
  const moved = (await findConsultation(tx, actor.firmId, row.id))!;
  await recordAuditEvent(tx, auditActor(actor, row), 'consultation.rescheduled', row.id, {
    before: row.start,
    after: moved.start,
    by: by(actor),
  });
  if (wasWaitingForTime) await confirmed(tx, deps, actor, clock, moved, input.lead, input.bookingUrl);
  else if (moved.status === 'Confirmed') {
    await sendConsultationNotices(
      tx,
      deps,
      { firmId: actor.firmId, timeZone: clock.timeZone },
      moved,
      input.lead,
      'moved',
      input.bookingUrl,
    );
    await tellLead(tx, actor, input.lead, { summary: `Consultation moved to ${whenOf(moved.start)}` });
  }
  return (await findConsultation(tx, actor.firmId, row.id))!;
}

/** Cancels a consultation: off the calendar, the lead and assignee told; a lead at Consultation booked goes back to Contacted. */
export async function cancelConsultation(
  tx: Tx,
  deps: BookingDeps,
  actor: BookingActor,
  input: { row: ConsultationRow; lead: ConsultationLead; reason: string | null },
): Promise<ConsultationRow> {
  const row = (await findConsultation(tx, actor.firmId, input.row.id, true))!;
  if (!canMove(row)) throw conflict(CONSULTATION_MESSAGES.notLive);
  const clock = await clockOf(tx, actor.firmId);
  await updateConsultation(tx, actor.firmId, row.id, { status: 'Cancelled', cancelReason: input.reason, holdExpiresAt: null });
  await recordAuditEvent(tx, auditActor(actor, row), 'consultation.cancelled', row.id, {
    start: row.start,
    reason: input.reason,
    by: by(actor),
    ...(row.paidAt ? { note: `The fee of ${row.feeAmount} ${row.feeCurrency} was paid online: refund it if the firm’s terms say so` } : {}),
  });
  if (row.status === 'Confirmed') {
    await sendConsultationNotices(tx, deps, { firmId: actor.firmId, timeZone: clock.timeZone }, row, input.lead, 'cancelled', null);
    await tellLead(tx, actor, input.lead, {
      summary: `Consultation of ${whenOf(row.start)} cancelled`,
      body: input.reason,
      moveTo: 'contacted',
    });
  }
  return (await findConsultation(tx, actor.firmId, row.id))!;
}

/** Confirms a consultation whose fee was just paid, in the payment's transaction; a lapsed one only if its time is still free. */
export async function confirmPaidConsultation(
  tx: Tx,
  deps: BookingDeps,
  actor: BookingActor,
  row: ConsultationRow,
  lead: ConsultationLead,
) {
  const clock = await clockOf(tx, actor.firmId);
  if (row.status === 'Confirmed' || row.status === 'Cancelled') return row.status;
  if (row.status === 'Lapsed') {
    await lockAssigneeDiary(tx, actor.firmId, row.assigneeUserId);
    const settings = await settingsOf(tx, actor.firmId);
    // Confirmed only if its time is still one the assignee offers now (not taken, not past).
    const free = await freeSlotsOf(tx, actor.firmId, row.assigneeUserId, settings, clock, {
      consultationId: row.id,
      calendarEventId: null,
    });
    if (!isOffered(free, row.start)) return 'Lapsed';
  }
  await updateConsultation(tx, actor.firmId, row.id, { status: 'Confirmed', holdExpiresAt: null });
  const confirmedRow = (await findConsultation(tx, actor.firmId, row.id))!;
  await confirmed(tx, deps, actor, clock, confirmedRow, lead, null);
  return 'Confirmed';
}
