import { z } from 'zod';
import { optionalMultilineText, optionalText } from '../common/fields.ts';

/** A booking's life: held while its fee is being paid, confirmed, cancelled, or lapsed (its fee was not paid in time). */
export const CONSULTATION_STATUSES = ['AwaitingPayment', 'Confirmed', 'Cancelled', 'Lapsed'] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];

/** The states a booking can still change from (rescheduled or cancelled), said once for the server and the pages. */
export const isLiveConsultation = (status: ConsultationStatus) => status === 'AwaitingPayment' || status === 'Confirmed';

export const CONSULTATION_MESSAGES = {
  booked: 'Consultation booked',
  awaitingPayment: 'Your time is held: pay the fee to confirm it',
  rescheduled: 'Consultation moved',
  cancelled: 'Consultation cancelled',
  linkSent: 'Booking link sent',
  slotTaken: 'That time has just been taken; choose another.',
  notASlot: 'Choose one of the times offered',
  alreadyBooked: 'A consultation is already booked: move or cancel it instead',
  noAssignee: 'Assign the lead to someone first: they take the consultation',
  noEmail: 'The lead has no email address to send the link to',
  tooLate: 'It is too late to change this consultation online: please contact the firm',
  notLive: 'This consultation was cancelled or has lapsed',
  nothingToPay: 'Nothing is left to pay for this consultation',
  nothingToRefund: 'This payment holds nothing to refund',
  refunded: 'Payment refunded',
  noGateway: 'Online payment is not available for this fee: please contact the firm',
  gatewayUnavailable: 'The payment gateway could not start the payment. Please try again in a moment',
} as const;

/** A wall-clock moment on the firm's clock: YYYY-MM-DDTHH:MM. */
export const localDateTimeField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a date and time (YYYY-MM-DDTHH:MM)`);

export const consultationSlotSchema = z.object({
  start: z.string().describe('When the slot starts, on the firm’s clock (YYYY-MM-DDTHH:MM).'),
  end: z.string().describe('When it ends, on the firm’s clock.'),
});
export type ConsultationSlot = z.infer<typeof consultationSlotSchema>;

export const consultationSlotsSchema = z.object({
  timeZone: z.string().describe('The firm’s time zone (IANA): the slots are on its clock.'),
  lengthMinutes: z.number().describe('Each slot’s length in minutes.'),
  days: z
    .array(
      z.object({
        date: z.string().describe('The day, YYYY-MM-DD.'),
        slots: z.array(consultationSlotSchema).describe('The free slots that day, earliest first.'),
      }),
    )
    .describe('Each day from the notice to the horizon with at least one free slot.'),
});
export type ConsultationSlots = z.infer<typeof consultationSlotsSchema>;

export const consultationSchema = z.object({
  id: z.string().describe('The consultation’s id.'),
  leadId: z.string().describe('The lead it is for.'),
  status: z.enum(CONSULTATION_STATUSES).describe('AwaitingPayment, Confirmed, Cancelled or Lapsed.'),
  start: z.string().describe('When it starts, on the firm’s clock (YYYY-MM-DDTHH:MM).'),
  end: z.string().describe('When it ends, on the firm’s clock.'),
  assigneeName: z.string().describe('Who takes it (the lead’s assignee when booked).'),
  location: z.string().nullable().describe('Where: the office address; null when by video.'),
  videoLink: z.string().nullable().describe('The meeting room link; null when in person.'),
  feeAmount: z.string().nullable().describe('The fee asked, decimal text; null: free.'),
  feeCurrency: z.string().nullable().describe('The fee’s currency; null: free.'),
  feeCurrencySymbol: z.string().describe('The fee’s currency symbol (“₦”); empty when free or the currency has none.'),
  paidAt: z.string().nullable().describe('When the fee was paid online (ISO); null: not paid.'),
  bookedThrough: z.enum(['link', 'staff']).describe('link: the lead booked on the booking page; staff: booked from the lead’s page.'),
  cancelReason: z.string().nullable().describe('Why it was cancelled; null otherwise.'),
  calendarEventId: z.string().nullable().describe('Its event on the firm calendar; null until confirmed.'),
});
export type Consultation = z.infer<typeof consultationSchema>;

/** A payment of the lead's held for the firm to refund: a fee paid again, or paid after the consultation was cancelled. */
export const consultationPaymentToRefundSchema = z.object({
  id: z.uuid().describe('The payment’s id: record its refund with refund-payment.'),
  reference: z.string().describe('Our reference for it at the gateway (where it is refunded).'),
  gateway: z.string().describe('The gateway that took it: paystack or stripe.'),
  amount: z.string().describe('What it holds to refund, exact decimal text.'),
  currencyCode: z.string().describe('Its currency (ISO 4217).'),
  currencySymbol: z.string().describe('Its currency symbol.'),
  paidAt: z.string().describe('When the gateway confirmed it (ISO).'),
  reason: z.string().describe('Why it is not the fee, in words.'),
});
export type ConsultationPaymentToRefund = z.infer<typeof consultationPaymentToRefundSchema>;

export const leadConsultationSchema = z.object({
  consultation: consultationSchema.nullable().describe('The lead’s latest consultation; null: none booked.'),
  link: z
    .object({
      sentTo: z.string().describe('The email the link went to.'),
      sentAt: z.string().describe('When it was sent (ISO).'),
      expiresAt: z.string().describe('When it stops working (ISO).'),
    })
    .nullable()
    .describe('The live booking link; null: none sent or it expired.'),
  isConfigured: z.boolean().describe('false: the firm has not saved its consultation settings yet.'),
  paymentsToRefund: z
    .array(consultationPaymentToRefundSchema)
    .describe('The lead’s online payments held for the firm to refund, oldest first: refund each at the gateway, then record it here.'),
});
export type LeadConsultation = z.infer<typeof leadConsultationSchema>;

export const slotQuerySchema = z.object({
  Consultation: z.uuid().optional().describe('When moving a consultation: its id, so its own time is not counted as busy.'),
});

/** Booking (by staff or on the booking page) and moving: one of the slots offered. */
export const bookConsultationSchema = z.strictObject({
  start: localDateTimeField('Time').describe('The chosen slot’s start, on the firm’s clock (YYYY-MM-DDTHH:MM).'),
});
export type BookConsultationInput = z.input<typeof bookConsultationSchema>;

export const cancelConsultationSchema = z.strictObject({
  reason: optionalMultilineText('Reason', 500).describe('Why it is cancelled; blank or null: none given.'),
});

/** POST …/refund-payment/{id}: the firm refunded a payment held for refund (at the gateway) and records it. */
export const refundConsultationPaymentSchema = z.strictObject({
  reference: optionalText('Reference', 120).describe('The gateway’s refund reference or a note; blank or null: our payment reference.'),
});
