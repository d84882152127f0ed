import { z } from 'zod';
import { PAYMENT_GATEWAY_NAMES, startPortalPaymentSchema } from '../client-portal/portal-payments.schemas.ts';

/*
 * Paying an invoice online from its public link (issue 44): whoever holds the link the firm sent
 * can pay it, without a portal account. The same gateways and webhook as the portal's payments.
 */

export const INVOICE_LINK_PAYMENT_MESSAGES = {
  /** Paystack sends the payer a receipt and will not start a payment without an address for it. */
  noEmail: 'Online payment needs the client’s email address on file: pay by bank transfer, or ask the firm to add it',
} as const;

/** GET /api/public/invoice/{slug}/get-payment-option: null when the invoice cannot be paid online now. */
export const invoiceLinkPaymentOptionSchema = z.object({
  currencyCode: z.string().describe('The ISO 4217 code of the invoice’s currency.'),
  amountDue: z.string().describe('What is still due on the invoice, an exact decimal string in its currency (e.g. "1250.00").'),
  gateway: z.enum(PAYMENT_GATEWAY_NAMES).describe('The gateway that takes its currency: paystack for NGN, stripe for others.'),
});
export type InvoiceLinkPaymentOption = z.infer<typeof invoiceLinkPaymentOptionSchema>;

/** POST /api/public/invoice/{slug}/start-payment: part payments allowed, never more than is due. */
export const startInvoiceLinkPaymentSchema = z.strictObject({
  amount: startPortalPaymentSchema.shape.amount,
});
export type StartInvoiceLinkPaymentInput = z.input<typeof startInvoiceLinkPaymentSchema>;
