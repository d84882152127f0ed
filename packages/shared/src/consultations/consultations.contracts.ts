import { z } from 'zod';
import { idParamsSchema } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import { bookingAnswerSchema, bookingPageSchema, bookingTokenParamsSchema } from './consultation-booking-page.schemas.ts';
import { consultationSettingsInputSchema, consultationSettingsSchema } from './consultation-settings.schemas.ts';
import {
  bookConsultationSchema,
  cancelConsultationSchema,
  consultationSlotsSchema,
  leadConsultationSchema,
  refundConsultationPaymentSchema,
  slotQuerySchema,
} from './consultation.schemas.ts';

const base = '/api/admin/consultations';
const page = '/api/public/consultation/:token';

/** Consultations with leads: the firm's settings, booking from the lead's page, and the lead's public booking page. */
export const consultationContracts = {
  settings: defineRoute({ method: 'GET', path: `${base}/get-settings`, response: consultationSettingsSchema }),
  updateSettings: defineRoute({
    method: 'PUT',
    path: `${base}/update-settings`,
    body: consultationSettingsInputSchema,
    response: consultationSettingsSchema,
  }),
  leadConsultation: defineRoute({
    method: 'GET',
    path: `${base}/get-lead-consultation/:id`,
    params: idParamsSchema,
    response: leadConsultationSchema,
  }),
  leadSlots: defineRoute({
    method: 'GET',
    path: `${base}/get-lead-slots/:id`,
    params: idParamsSchema,
    query: slotQuerySchema,
    response: consultationSlotsSchema,
  }),
  sendLink: defineRoute({
    method: 'POST',
    path: `${base}/send-booking-link/:id`,
    params: idParamsSchema,
    response: leadConsultationSchema,
  }),
  book: defineRoute({
    method: 'POST',
    path: `${base}/book/:id`,
    params: idParamsSchema,
    body: bookConsultationSchema,
    response: leadConsultationSchema,
    status: 201,
  }),
  reschedule: defineRoute({
    method: 'POST',
    path: `${base}/reschedule/:id`,
    params: idParamsSchema,
    body: bookConsultationSchema,
    response: leadConsultationSchema,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: `${base}/cancel/:id`,
    params: idParamsSchema,
    body: cancelConsultationSchema,
    response: leadConsultationSchema,
  }),
  refundPayment: defineRoute({
    method: 'POST',
    path: `${base}/refund-payment/:id`,
    params: idParamsSchema,
    body: refundConsultationPaymentSchema,
    response: leadConsultationSchema,
  }),
  publicPage: defineRoute({ method: 'GET', path: page, params: bookingTokenParamsSchema, response: bookingPageSchema }),
  publicSlots: defineRoute({ method: 'GET', path: `${page}/slots`, params: bookingTokenParamsSchema, response: consultationSlotsSchema }),
  publicBook: defineRoute({
    method: 'POST',
    path: `${page}/book`,
    params: bookingTokenParamsSchema,
    body: bookConsultationSchema,
    response: bookingAnswerSchema,
  }),
  publicPay: defineRoute({
    method: 'POST',
    path: `${page}/pay`,
    params: bookingTokenParamsSchema,
    response: bookingAnswerSchema,
  }),
  publicReschedule: defineRoute({
    method: 'POST',
    path: `${page}/reschedule`,
    params: bookingTokenParamsSchema,
    body: bookConsultationSchema,
    response: bookingAnswerSchema,
  }),
  publicCancel: defineRoute({
    method: 'POST',
    path: `${page}/cancel`,
    params: bookingTokenParamsSchema,
    body: cancelConsultationSchema,
    response: z.object({ status: z.literal('Cancelled').describe('The booking is cancelled.') }),
  }),
};
