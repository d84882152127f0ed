import { z } from 'zod';
import { consultationSchema } from './consultation.schemas.ts';

/** A booking link's token: 32 base64url characters (24 random bytes); only its SHA-256 is kept. */
export const BOOKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const bookingTokenParamsSchema = z.object({
  token: z.string().describe('The booking link’s secret token, from the email.'),
});

/** GET /api/public/consultation/:token: what the booking page shows (the lead's own, nothing else). */
export const bookingPageSchema = z.object({
  firmName: z.string().describe('The firm offering the consultation.'),
  leadName: z.string().describe('Who the link is for, as the firm wrote it.'),
  assigneeName: z.string().describe('Who takes the consultation.'),
  lengthMinutes: z.number().describe('How long it lasts.'),
  timeZone: z.string().describe('The firm’s time zone (IANA): every time on the page is on its clock.'),
  feeAmount: z.string().nullable().describe('The fee, decimal text; null: free.'),
  feeCurrency: z.string().nullable().describe('The fee’s currency; null: free.'),
  feeCurrencySymbol: z.string().describe('The fee’s currency symbol (“₦”); empty when free or the currency has none.'),
  paymentInstructions: z
    .string()
    .nullable()
    .describe('How to pay the fee when it cannot be paid online: the firm’s payment instructions; null when it gave none.'),
  isFeeRequired: z.boolean().describe('true: the booking is confirmed once the fee is paid online.'),
  canPayOnline: z.boolean().describe('true: the fee can be paid online here (a gateway takes its currency).'),
  location: z.string().nullable().describe('The office address; null when by video.'),
  isByVideo: z.boolean().describe('true: held by video (the link comes with the confirmation).'),
  consultation: consultationSchema
    .omit({ assigneeName: true, calendarEventId: true, leadId: true })
    .nullable()
    .describe('The consultation booked through this link; null: none yet.'),
  canChange: z.boolean().describe('true: the booking can still be moved or cancelled here (until the day before).'),
  expiresAt: z.string().describe('When the link stops working (ISO).'),
});
export type BookingPage = z.infer<typeof bookingPageSchema>;

export const bookingAnswerSchema = z.object({
  status: z.enum(['Confirmed', 'AwaitingPayment']).describe('Confirmed, or held until the fee is paid.'),
  start: z.string().describe('When it starts, on the firm’s clock.'),
  checkoutUrl: z.string().nullable().describe('The gateway’s page to pay the fee on; null when nothing is to be paid.'),
});
export type BookingAnswer = z.infer<typeof bookingAnswerSchema>;
