import { CONSULTATION_MESSAGES, type BookingAnswer, type BookingPage, type ConsultationSlots } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { bookingUrlOf, withBookingLink, type OpenedLink } from './booking-links.ts';
import { bookConsultation, cancelConsultation, canMove, moveConsultation, type BookingDeps } from './consultation-booking.ts';
import { clockOf, freeSlotsOf, type FirmClock } from './consultation-diary.ts';
import { findConsultationLead } from './consultation-leads.ts';
import type { ConsultationPayments, PreparedCheckout } from './consultation-payments.ts';
import { hasFee, settingsOf } from './consultation-settings.ts';
import { consultationViewOf } from './consultation-views.ts';
import { findFeePaymentDetails, findFirmName, findLeadConsultation, findMember, type ConsultationRow } from './consultations.repository.ts';

/** The lead may move or cancel online until the day before (then the firm is called). */
/** The consultation as its lead sees it: not the firm's calendar ids. */
function publicViewOf(row: ConsultationRow) {
  const { assigneeName, calendarEventId, leadId, ...view } = consultationViewOf(row);
  void [assigneeName, calendarEventId, leadId];
  return view;
}

/** The lead acting on its page: no member of the firm (the audit names the assignee's diary, by the lead). */
const theLead = (link: OpenedLink) => ({ firmId: link.firmId, userId: null });

const isChangeable = (row: ConsultationRow, clock: FirmClock) => canMove(row) && row.start.slice(0, 10) > clock.today;

/**
 * The lead's booking page (/book/:token), without signing in: only this lead's consultation, the
 * assignee's free slots, booking (held until paid when the firm requires its fee), paying, and moving
 * or cancelling until the day before.
 */
export function createBookingPage(deps: BookingDeps & { database: Database; payments: ConsultationPayments }) {
  const { database, payments } = deps;

  async function leadOf(tx: Tx, link: OpenedLink) {
    const lead = await findConsultationLead(tx, link.firmId, link.leadId);
    if (!lead) throw notFound('Booking link');
    return lead;
  }

  /** Books or moves, and when the fee is to be paid now, records the attempt; the checkout starts after commit. */
  async function answerWithCheckout(
    token: string,
    work: (tx: Tx, link: OpenedLink) => Promise<{ row: ConsultationRow; prepared: PreparedCheckout | null; firmName: string }>,
  ): Promise<BookingAnswer> {
    const { row, prepared, firmName } = await withBookingLink(database, token, work);
    const checkoutUrl = prepared ? await payments.checkout(prepared, bookingUrlOf(deps.appUrl, token), firmName) : null;
    return { status: row.status === 'AwaitingPayment' ? 'AwaitingPayment' : 'Confirmed', start: row.start, checkoutUrl };
  }

  const prepareIfHeld = async (tx: Tx, link: OpenedLink, row: ConsultationRow) =>
    row.status === 'AwaitingPayment' ? payments.prepare(tx, link.firmId, row, await leadOf(tx, link)) : null;

  return {
    view: (token: string): Promise<BookingPage> =>
      withBookingLink(database, token, async (tx, link) => {
        const lead = await leadOf(tx, link);
        const settings = await settingsOf(tx, link.firmId);
        const clock = await clockOf(tx, link.firmId);
        const row = await findLeadConsultation(tx, link.firmId, link.leadId);
        const assignee = lead.assigneeUserId ? await findMember(tx, link.firmId, row?.assigneeUserId ?? lead.assigneeUserId) : null;
        const payment = await findFeePaymentDetails(tx, link.firmId, hasFee(settings) ? settings.feeCurrency : null);
        return {
          firmName: await findFirmName(tx, link.firmId),
          leadName: lead.name,
          assigneeName: assignee?.name ?? '',
          lengthMinutes: settings.lengthMinutes,
          timeZone: clock.timeZone,
          feeAmount: hasFee(settings) ? settings.feeAmount : null,
          feeCurrency: hasFee(settings) ? settings.feeCurrency : null,
          feeCurrencySymbol: payment.currencySymbol,
          paymentInstructions: payment.paymentInstructions,
          isFeeRequired: hasFee(settings) && settings.isFeeRequired && payments.isPayable(settings.feeCurrency),
          canPayOnline: hasFee(settings) && payments.isPayable(settings.feeCurrency),
          location: settings.videoLink ? null : settings.officeAddress,
          isByVideo: settings.videoLink !== null,
          consultation: row ? publicViewOf(row) : null,
          canChange: row ? isChangeable(row, clock) : false,
          expiresAt: new Date(link.expiresAt).toISOString(),
        };
      }),

    slots: (token: string): Promise<ConsultationSlots> =>
      withBookingLink(database, token, async (tx, link) => {
        const lead = await leadOf(tx, link);
        const settings = await settingsOf(tx, link.firmId);
        const clock = await clockOf(tx, link.firmId);
        const row = await findLeadConsultation(tx, link.firmId, link.leadId);
        const moving = row && canMove(row) ? row : null;
        const assignee = moving?.assigneeUserId ?? lead.assigneeUserId;
        const days = assignee
          ? await freeSlotsOf(
              tx,
              link.firmId,
              assignee,
              settings,
              clock,
              moving && { consultationId: moving.id, calendarEventId: moving.calendarEventId },
            )
          : [];
        return { timeZone: clock.timeZone, lengthMinutes: settings.lengthMinutes, days };
      }),

    book: (token: string, start: string) =>
      answerWithCheckout(token, async (tx, link) => {
        const lead = await leadOf(tx, link);
        const settings = await settingsOf(tx, link.firmId);
        const isPaymentPossible = payments.isPayable(settings.feeCurrency) && (lead.email !== null || settings.feeCurrency !== 'NGN');
        const row = await bookConsultation(tx, deps, theLead(link), {
          lead,
          start,
          isPaymentPossible,
          bookingUrl: bookingUrlOf(deps.appUrl, token),
        });
        return { row, prepared: await prepareIfHeld(tx, link, row), firmName: await findFirmName(tx, link.firmId) };
      }),

    pay: (token: string) =>
      answerWithCheckout(token, async (tx, link) => {
        const row = await findLeadConsultation(tx, link.firmId, link.leadId);
        if (!row || !canMove(row)) throw conflict(CONSULTATION_MESSAGES.nothingToPay);
        const prepared = await payments.prepare(tx, link.firmId, row, await leadOf(tx, link));
        return { row, prepared, firmName: await findFirmName(tx, link.firmId) };
      }),

    reschedule: (token: string, start: string) =>
      answerWithCheckout(token, async (tx, link) => {
        const row = await findLeadConsultation(tx, link.firmId, link.leadId);
        if (!row || !isChangeable(row, await clockOf(tx, link.firmId))) throw conflict(CONSULTATION_MESSAGES.tooLate);
        const moved = await moveConsultation(tx, deps, theLead(link), {
          row,
          lead: await leadOf(tx, link),
          start,
          bookingUrl: bookingUrlOf(deps.appUrl, token),
        });
        return { row: moved, prepared: null, firmName: '' };
      }),

    cancel: (token: string, reason: string | null) =>
      withBookingLink(database, token, async (tx, link) => {
        const row = await findLeadConsultation(tx, link.firmId, link.leadId);
        if (!row || !isChangeable(row, await clockOf(tx, link.firmId))) throw conflict(CONSULTATION_MESSAGES.tooLate);
        await cancelConsultation(tx, deps, theLead(link), { row, lead: await leadOf(tx, link), reason });
        return { status: 'Cancelled' as const };
      }),
  };
}
export type BookingPageService = ReturnType<typeof createBookingPage>;
