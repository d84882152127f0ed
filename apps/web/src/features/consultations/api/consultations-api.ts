import { consultationContracts as calls, type ConsultationSettingsInput, type LeadConsultation } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Keys from one factory: a booking refreshes the lead's consultation and its slots together. */
export const consultationKeys = {
  all: ['consultations'] as const,
  settings: () => [...consultationKeys.all, 'settings'] as const,
  lead: (leadId: string) => [...consultationKeys.all, 'lead', leadId] as const,
  slots: (leadId: string, moving: string | null) => [...consultationKeys.lead(leadId), 'slots', moving ?? 'new'] as const,
};

export const consultationSettingsQuery = queryOptions({
  queryKey: consultationKeys.settings(),
  queryFn: async () => (await callContract(calls.settings, {}, { auth: 'firm' })).data,
});

export const saveConsultationSettings = async (body: ConsultationSettingsInput) =>
  (await callContract(calls.updateSettings, { body }, { auth: 'firm', toastSuccess: true })).data;

export const leadConsultationQuery = (leadId: string) =>
  queryOptions({
    queryKey: consultationKeys.lead(leadId),
    queryFn: async () => (await callContract(calls.leadConsultation, { params: { id: leadId } }, { auth: 'firm' })).data,
  });

export const leadSlotsQuery = (leadId: string, moving: string | null) =>
  queryOptions({
    queryKey: consultationKeys.slots(leadId, moving),
    queryFn: async () =>
      (await callContract(calls.leadSlots, { params: { id: leadId }, query: moving ? { Consultation: moving } : {} }, { auth: 'firm' }))
        .data,
    staleTime: 0,
  });

/** A write's options; each press carries its own Idempotency-Key, so a retried request books nothing twice. */
const write = () => ({ auth: 'firm' as const, toastSuccess: true, idempotencyKey: crypto.randomUUID() });

export const sendBookingLink = async (leadId: string): Promise<LeadConsultation> =>
  (await callContract(calls.sendLink, { params: { id: leadId } }, write())).data;

export const bookForLead = async (leadId: string, start: string): Promise<LeadConsultation> =>
  (await callContract(calls.book, { params: { id: leadId }, body: { start } }, write())).data;

export const moveConsultation = async (id: string, start: string): Promise<LeadConsultation> =>
  (await callContract(calls.reschedule, { params: { id }, body: { start } }, write())).data;

export const cancelConsultation = async (id: string, reason: string | null): Promise<LeadConsultation> =>
  (await callContract(calls.cancel, { params: { id }, body: { reason } }, write())).data;

/** The firm refunded a payment held for refund at the gateway: recorded, the money leaves the books' unapplied payments. */
export const refundConsultationPayment = async (paymentId: string, reference: string | null): Promise<LeadConsultation> =>
  (await callContract(calls.refundPayment, { params: { id: paymentId }, body: { reference } }, write())).data;
