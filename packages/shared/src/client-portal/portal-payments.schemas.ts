import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';
import { compareMoney } from '../invoices/invoice-amounts.ts';

/*
 * Paying online from the portal (issue 19): Paystack for naira, Stripe for other currencies. The
 * server starts the gateway's checkout; only the gateway's signed webhook records the payment.
 */

export const PORTAL_PAYABLE_KINDS = ['invoice', 'trustRequest'] as const;
export type PortalPayableKind = (typeof PORTAL_PAYABLE_KINDS)[number];
export const PAYMENT_GATEWAY_NAMES = ['paystack', 'stripe'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAY_NAMES)[number];

export const PORTAL_PAYMENT_MESSAGES = {
  overpayment: 'The amount is more than is still due',
  nothingDue: 'Nothing is left to pay on this',
  noGateway: 'Online payment is not available for this currency: pay by bank transfer',
  gatewayUnavailable: 'The payment gateway could not start the payment. Please try again in a moment',
  /** Where the gateway sends the browser back: nothing is recorded until the gateway confirms it. */
  returned: 'Payment received by the gateway: it shows here once confirmed',
} as const;

/** POST /api/client-portal/start-payment. amount: blank pays everything still due; part payments are allowed. */
export const startPortalPaymentSchema = z.strictObject({
  kind: z.enum(PORTAL_PAYABLE_KINDS, { error: 'Choose what to pay' }),
  id: z.uuid({ error: 'Choose what to pay' }),
  amount: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim()))
    .refine((value) => value === null || /^\d{1,12}(\.\d{1,2})?$/.test(value), 'Amount must be an amount with at most 2 decimals')
    .refine((value) => value === null || compareMoney(value, '0') > 0, 'Amount must be more than 0'),
});
export type StartPortalPaymentInput = z.input<typeof startPortalPaymentSchema>;

export const startedPortalPaymentSchema = z.object({
  /** Where the browser goes next: the gateway's hosted checkout. */
  checkoutUrl: z.string(),
  reference: z.string(),
  gateway: z.enum(PAYMENT_GATEWAY_NAMES),
  amount: z.string(),
  currencyCode: z.string(),
});
export type StartedPortalPayment = z.infer<typeof startedPortalPaymentSchema>;

/** GET /api/client-portal/get-payment-options: what the client can pay online now, and through which gateway. */
export const portalPaymentOptionsSchema = z.object({
  payable: z.array(
    z.object({
      kind: z.enum(PORTAL_PAYABLE_KINDS),
      id: z.string(),
      currencyCode: z.string(),
      amountDue: z.string(),
      gateway: z.enum(PAYMENT_GATEWAY_NAMES),
    }),
  ),
});
export type PortalPaymentOptions = z.infer<typeof portalPaymentOptionsSchema>;

/*
 * The firm's view of online payments (Billing → Online Payments): every attempt a client started,
 * what the gateway said, its fee, and what needs the firm's hand (a refused charge, an excess to refund).
 */

export const GATEWAY_PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refused'] as const;
export type GatewayPaymentStatus = (typeof GATEWAY_PAYMENT_STATUSES)[number];

/** GET /api/admin/client-portal/get-online-payments */
export const onlinePaymentsQuerySchema = pageQuerySchema.extend({
  Status: z.enum(GATEWAY_PAYMENT_STATUSES, { error: `Status must be one of ${GATEWAY_PAYMENT_STATUSES.join(', ')}` }).optional(),
  /** Only the payments the firm must act on: refused by us, or paid beyond what was owed. */
  NeedsAttention: z
    .enum(['true', 'false'], { error: 'NeedsAttention must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export type OnlinePaymentsQuery = z.input<typeof onlinePaymentsQuerySchema>;
export type OnlinePaymentsFilter = z.output<typeof onlinePaymentsQuerySchema>;

export const onlinePaymentSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  settledAt: z.string().nullable(),
  clientId: z.string(),
  clientName: z.string(),
  /** Who paid: the contact's name on a contact's portal account, else the client's. */
  paidBy: z.string(),
  kind: z.enum(PORTAL_PAYABLE_KINDS),
  /** The invoice's or the trust request's id and number. */
  itemId: z.string(),
  itemNumber: z.string(),
  gateway: z.enum(PAYMENT_GATEWAY_NAMES),
  reference: z.string(),
  amount: z.string(),
  currencyCode: z.string(),
  currencySymbol: z.string(),
  status: z.enum(GATEWAY_PAYMENT_STATUSES),
  /** The gateway's fee, when it reported one: booked to bank charges. */
  fee: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** Paid beyond what the invoice still owed (it was paid some other way meanwhile): to refund to the client. */
  excessToRefund: z.string().nullable(),
  /** Money taken that settles nothing (an excess, a refused charge), held as unapplied client cash until refunded or applied. */
  unappliedAmount: z.string().nullable(),
  /** The firm must act: money held unapplied (or, from before that was tracked, a refused charge or an excess). */
  needsAttention: z.boolean(),
});
export type OnlinePayment = z.infer<typeof onlinePaymentSchema>;

/** POST /api/admin/client-portal/resolve-unapplied-payment/:id: what the firm does with money a payment holds unapplied. */
export const resolveUnappliedPaymentSchema = z
  .strictObject({
    /** refund: all of it back to the client; apply: to one of the client's open invoices in the same currency (up to what it owes). */
    action: z.enum(['refund', 'apply']),
    invoiceId: z.uuid({ error: 'invoiceId must be an invoice id' }).optional(),
    /** How the refund went out or the note on the receipt (a bank reference). */
    reference: z.string().trim().max(120, 'Reference must be at most 120 characters').optional(),
  })
  .refine((body) => body.action !== 'apply' || body.invoiceId !== undefined, {
    message: 'Choose the invoice to apply the payment to',
    path: ['invoiceId'],
  });
export type ResolveUnappliedPaymentInput = z.infer<typeof resolveUnappliedPaymentSchema>;
export const onlinePaymentPageSchema = pageSchema(onlinePaymentSchema);
