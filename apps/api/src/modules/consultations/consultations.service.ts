import { CONSULTATION_MESSAGES, type ConsultationSlots, type LeadConsultation } from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { sendBookingLink } from './booking-links.ts';
import { bookConsultation, cancelConsultation, moveConsultation, type BookingDeps } from './consultation-booking.ts';
import { clockOf, freeSlotsOf } from './consultation-diary.ts';
import { findConsultationLead } from './consultation-leads.ts';
import { settingsOf } from './consultation-settings.ts';
import { consultationViewOf } from './consultation-views.ts';
import { findPaymentsToRefund } from './consultation-payments.repository.ts';
import { findConsultation, findLeadConsultation, findLiveLinkOfLead } from './consultations.repository.ts';
import { refundConsultationPayment } from './refund-consultation-payment.ts';

/** Consultations from the lead's page: its booking, the assignee's free slots, the booking link, and staff booking, moving and cancelling. */
export function createConsultations(deps: BookingDeps & { database: Database }) {
  const { database } = deps;

  async function leadOrMissing(tx: Tx, firmId: string, leadId: string) {
    const lead = await findConsultationLead(tx, firmId, leadId);
    if (!lead) throw notFound('Lead');
    return lead;
  }

  async function consultationOrMissing(tx: Tx, firmId: string, id: string) {
    const row = await findConsultation(tx, firmId, id);
    if (!row) throw notFound('Consultation');
    return { row, lead: await leadOrMissing(tx, firmId, row.leadId) };
  }

  async function answer(tx: Tx, firmId: string, leadId: string): Promise<LeadConsultation> {
    const row = await findLeadConsultation(tx, firmId, leadId);
    const link = await findLiveLinkOfLead(tx, firmId, leadId);
    return {
      consultation: row ? consultationViewOf(row) : null,
      link: link ? { sentTo: link.sentTo, sentAt: link.sentAt.toISOString(), expiresAt: link.expiresAt.toISOString() } : null,
      isConfigured: (await settingsOf(tx, firmId)).isSaved,
      paymentsToRefund: (await findPaymentsToRefund(tx, firmId, leadId)).map((payment) => ({
        ...payment,
        paidAt: new Date(payment.paidAt).toISOString(),
      })),
    };
  }

  return {
    view: (principal: FirmPrincipal, leadId: string) =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          await leadOrMissing(tx, principal.firmId, leadId);
          return answer(tx, principal.firmId, leadId);
        },
        READ_ONLY,
      ),

    slots: (principal: FirmPrincipal, leadId: string, movingId: string | undefined): Promise<ConsultationSlots> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const lead = await leadOrMissing(tx, principal.firmId, leadId);
          const moving = movingId ? await findConsultation(tx, principal.firmId, movingId) : null;
          if (movingId && moving?.leadId !== leadId) throw notFound('Consultation');
          const assignee = moving?.assigneeUserId ?? lead.assigneeUserId;
          if (!assignee) throw conflict(CONSULTATION_MESSAGES.noAssignee);
          const settings = await settingsOf(tx, principal.firmId);
          const clock = await clockOf(tx, principal.firmId);
          const except = moving && { consultationId: moving.id, calendarEventId: moving.calendarEventId };
          return {
            timeZone: clock.timeZone,
            lengthMinutes: settings.lengthMinutes,
            days: await freeSlotsOf(tx, principal.firmId, assignee, settings, clock, except),
          };
        },
        READ_ONLY,
      ),

    sendLink: (principal: FirmPrincipal, leadId: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        await sendBookingLink(tx, deps, principal, await leadOrMissing(tx, principal.firmId, leadId));
        return answer(tx, principal.firmId, leadId);
      }),

    book: (principal: FirmPrincipal, leadId: string, start: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        const lead = await leadOrMissing(tx, principal.firmId, leadId);
        await bookConsultation(tx, deps, principal, { lead, start, isPaymentPossible: false, bookingUrl: null });
        return answer(tx, principal.firmId, leadId);
      }),

    reschedule: (principal: FirmPrincipal, id: string, start: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        const { row, lead } = await consultationOrMissing(tx, principal.firmId, id);
        await moveConsultation(tx, deps, principal, { row, lead, start, bookingUrl: null });
        return answer(tx, principal.firmId, row.leadId);
      }),

    refundPayment: (principal: FirmPrincipal, paymentId: string, reference: string | null) =>
      database.withFirm(principal.firmId, async (tx) =>
        answer(tx, principal.firmId, await refundConsultationPayment(tx, principal, paymentId, reference)),
      ),

    cancel: (principal: FirmPrincipal, id: string, reason: string | null) =>
      database.withFirm(principal.firmId, async (tx) => {
        const { row, lead } = await consultationOrMissing(tx, principal.firmId, id);
        await cancelConsultation(tx, deps, principal, { row, lead, reason });
        return answer(tx, principal.firmId, row.leadId);
      }),
  };
}
export type Consultations = ReturnType<typeof createConsultations>;
