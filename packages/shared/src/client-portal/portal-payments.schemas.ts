import { z } from 'zod';
import { controlCharactersMessage, SINGLE_LINE_PATTERN } from '../common/text-characters.ts';
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
  noWithholdingTax: 'No withholding tax applies to this invoice: pay the amount due',
  overNetOfWithholdingTax: 'With the withholding tax deducted, the amount is more than is still due',
  /** Where the gateway sends the browser back: nothing is recorded until the gateway confirms it. */
  returned: 'Payment received by the gateway: it shows here once confirmed',
} as const;

/** POST /api/client-portal/start-payment. amount: blank pays everything still due; part payments are allowed. */
export const startPortalPaymentSchema = z.strictObject({
  kind: z
    .enum(PORTAL_PAYABLE_KINDS, { error: 'Choose what to pay' })
    .describe('What to pay: invoice (a payment on one of the client’s sent invoices) or trustRequest (a deposit into trust).'),
  id: z.uuid({ error: 'Choose what to pay' }).describe('The invoice’s or the trust request’s id, as get-payment-options lists it.'),
  amount: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim()))
    // Aborts on failure: the next check reads the text as money, which throws on "abc".
    .refine((value) => value === null || /^\d{1,12}(\.\d{1,2})?$/.test(value), {
      message: 'Amount must be an amount with at most 2 decimals',
      abort: true,
    })
    .refine((value) => value === null || compareMoney(value, '0') > 0, 'Amount must be more than 0')
    .describe(
      'How much to pay, as a decimal with at most 2 decimals ("1250.00") in the item’s currency; blank or left out pays all still due. Never more than is due.',
    ),
  deductWithholdingTax: z
    .boolean({ error: 'deductWithholdingTax must be true or false' })
    .optional()
    .default(false)
    .describe(
      'true: the client pays an invoice net of the withholding tax it deducts (the invoice’s withholdingTax.amount, at its rate on the fee part) and will send the firm the credit note; amount is then at most the invoice’s withholdingTax.amountToReceive, and blank pays exactly that. Only for an invoice with withholding tax to deduct (400).',
    ),
  saveCard: z
    .boolean({ error: 'saveCard must be true or false' })
    .optional()
    .default(false)
    .describe(
      'true: the client agrees that the gateway keep the card used for this payment, and that the firm charge the instalments of the client’s payment plans to it on their due dates. Only when paying an invoice with a payment plan.',
    ),
});
export type StartPortalPaymentInput = z.input<typeof startPortalPaymentSchema>;

/**
 * Saved cards (issue 44 §4): a client who pays an instalment online may let the gateway keep the card,
 * and the firm then charges each later instalment on its due date. The consent is withdrawn on the
 * portal at any time; a newer card for the same gateway replaces the older.
 */
export const SAVED_CARD_MESSAGES = {
  planOnly: 'A card is kept only to pay the instalments of a payment plan',
  withdrawn: 'Automatic payments stopped: the card will not be charged again',
  alreadyWithdrawn: 'This card is no longer kept',
  /** What the client agrees to, shown beside the checkbox. */
  consent: 'Keep this card and charge my payment plans’ instalments to it on their due dates. I can stop this at any time on this page.',
} as const;

export const savedCardSchema = z.object({
  id: z.uuid().describe('The saved card’s id, for withdraw-saved-card.'),
  gateway: z.enum(PAYMENT_GATEWAY_NAMES).describe('The gateway keeping it: paystack (naira) or stripe (other currencies).'),
  description: z.string().describe('How the card is named: "Visa ending 4081".'),
  consentedAt: z.string().describe('When the client agreed that it be charged (ISO 8601, UTC).'),
  consentedBy: z.string().describe('Who agreed: the name on the portal account that paid with it.'),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

export const startedPortalPaymentSchema = z.object({
  /** Where the browser goes next: the gateway's hosted checkout. */
  checkoutUrl: z.string().describe('The gateway’s hosted checkout page to send the browser to.'),
  reference: z
    .string()
    .describe('Our reference for this payment attempt (mh_ and 32 hex digits), which the gateway’s webhook quotes back.'),
  gateway: z.enum(PAYMENT_GATEWAY_NAMES).describe('The gateway taking the payment: paystack for NGN, stripe for other currencies.'),
  amount: z.string().describe('The amount being paid, an exact decimal string in the item’s currency (e.g. "1250.00").'),
  currencyCode: z.string().describe('The ISO 4217 code of the item’s currency.'),
});
export type StartedPortalPayment = z.infer<typeof startedPortalPaymentSchema>;

/** GET /api/client-portal/get-payment-options: what the client can pay online now, and through which gateway. */
export const portalPaymentOptionsSchema = z.object({
  payable: z
    .array(
      z.object({
        kind: z.enum(PORTAL_PAYABLE_KINDS).describe('invoice: an unpaid invoice sent to the client; trustRequest: an open trust request.'),
        id: z.string().describe('The invoice’s or the trust request’s id, for start-payment.'),
        currencyCode: z.string().describe('The ISO 4217 code of its currency.'),
        amountDue: z.string().describe('What is still due on it, an exact decimal string in its currency (e.g. "1250.00").'),
        gateway: z.enum(PAYMENT_GATEWAY_NAMES).describe('The gateway that takes its currency: paystack for NGN, stripe for others.'),
      }),
    )
    .describe(
      'What the client can pay online now; items in a currency no configured gateway takes are left out (empty: pay by bank transfer).',
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
  Status: z
    .enum(GATEWAY_PAYMENT_STATUSES, { error: `Status must be one of ${GATEWAY_PAYMENT_STATUSES.join(', ')}` })
    .optional()
    .describe('Only payments in this status (pending, succeeded, failed or refused); all when left out.'),
  /** Only the payments the firm must act on: refused by us, or paid beyond what was owed. */
  NeedsAttention: z
    .enum(['true', 'false'], { error: 'NeedsAttention must be true or false' })
    .transform((value) => value === 'true')
    .optional()
    .describe(
      'true: only the payments the firm must act on (money held unapplied, a refused charge or an excess to refund); false or left out: all.',
    ),
});
export type OnlinePaymentsQuery = z.input<typeof onlinePaymentsQuerySchema>;
export type OnlinePaymentsFilter = z.output<typeof onlinePaymentsQuerySchema>;

export const onlinePaymentSchema = z.object({
  id: z.string().describe('The online payment’s id.'),
  startedAt: z.string().describe('When the client started the payment (ISO 8601, UTC).'),
  settledAt: z.string().nullable().describe('When the gateway confirmed it succeeded (ISO 8601, UTC); null until then.'),
  clientId: z.string().describe('The paying client’s id.'),
  clientName: z.string().describe('The paying client’s name.'),
  /** Who paid: the contact's name on a contact's portal account, else the client's. */
  paidBy: z.string().describe('Who paid: the contact’s name on a contact’s portal account, else the client’s name.'),
  kind: z
    .enum(PORTAL_PAYABLE_KINDS)
    .describe('invoice: a payment on an invoice; trustRequest: a deposit into trust against a trust request.'),
  /** The invoice's or the trust request's id and number. */
  itemId: z.string().describe('The invoice’s or the trust request’s id.'),
  itemNumber: z.string().describe('The invoice’s or the trust request’s number.'),
  gateway: z.enum(PAYMENT_GATEWAY_NAMES).describe('The gateway used: paystack or stripe.'),
  reference: z.string().describe('Our reference for the attempt (mh_ and 32 hex digits), as the gateway knows it.'),
  amount: z.string().describe('The amount asked of the gateway, an exact decimal string in currencyCode (e.g. "1250.00").'),
  currencyCode: z.string().describe('The ISO 4217 code of the payment’s currency.'),
  currencySymbol: z.string().describe('The currency’s symbol, for display; empty when unknown.'),
  status: z
    .enum(GATEWAY_PAYMENT_STATUSES)
    .describe(
      'pending: started, not yet confirmed; succeeded: confirmed and recorded; failed: the gateway did not take it; refused: the gateway took it but we refused it (wrong amount or currency).',
    ),
  /** The gateway's fee, when it reported one: booked to bank charges. */
  fee: z.string().nullable().describe('The gateway’s fee as an exact decimal string, booked to bank charges; null when it reported none.'),
  failureReason: z.string().nullable().describe('Why it failed or was refused, in words; null otherwise.'),
  /** Paid beyond what the invoice still owed (it was paid some other way meanwhile): to refund to the client. */
  excessToRefund: z
    .string()
    .nullable()
    .describe('What was paid beyond what the invoice still owed (it was paid some other way meanwhile), to refund; null when none.'),
  /** Money taken that settles nothing (an excess, a refused charge), held as unapplied client cash until refunded or applied. */
  unappliedAmount: z
    .string()
    .nullable()
    .describe(
      'Money taken that settles nothing (an excess, a refused charge), held as unapplied client cash until refunded or applied; null when none.',
    ),
  /** The firm must act: money held unapplied (or, from before that was tracked, a refused charge or an excess). */
  needsAttention: z
    .boolean()
    .describe('Whether the firm must act: money held unapplied, or (from before that was tracked) a refused charge or an excess.'),
});
export type OnlinePayment = z.infer<typeof onlinePaymentSchema>;

/** POST /api/admin/client-portal/resolve-unapplied-payment/:id: what the firm does with money a payment holds unapplied. */
export const resolveUnappliedPaymentSchema = z
  .strictObject({
    /** refund: all of it back to the client; apply: to one of the client's open invoices in the same currency (up to what it owes). */
    action: z
      .enum(['refund', 'apply'])
      .describe(
        'refund: all of the unapplied money goes back to the client; apply: it pays one of the client’s open invoices in the same currency, up to what it owes.',
      ),
    invoiceId: z
      .uuid({ error: 'invoiceId must be an invoice id' })
      .optional()
      .describe('The invoice to apply the money to; required when action is apply, ignored for refund.'),
    /** How the refund went out or the note on the receipt (a bank reference). */
    reference: z
      .string()
      .trim()
      .max(120, 'Reference must be at most 120 characters')
      .regex(SINGLE_LINE_PATTERN, controlCharactersMessage('Reference'))
      .optional()
      .describe('How the refund went out, or the note on the receipt (a bank reference); at most 120 characters.'),
  })
  .refine((body) => body.action !== 'apply' || body.invoiceId !== undefined, {
    message: 'Choose the invoice to apply the payment to',
    path: ['invoiceId'],
  });
export type ResolveUnappliedPaymentInput = z.infer<typeof resolveUnappliedPaymentSchema>;
export const onlinePaymentPageSchema = pageSchema(onlinePaymentSchema);
