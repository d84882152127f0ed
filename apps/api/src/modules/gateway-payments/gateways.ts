import type { PaymentGatewayName } from '@matterhorn/shared';

/** What the payments service needs of a gateway: start a checkout, and read its webhooks. */
export type CheckoutRequest = {
  reference: string;
  amountMinor: number;
  currencyCode: string;
  email: string | null;
  description: string;
  returnUrl: string;
  cancelUrl: string;
};

/**
 * A card or account the payer let the gateway keep, so a later charge needs no checkout (a
 * subscription's renewals): the gateway's token for it, the payer's e-mail it is tied to, and how
 * to name it to the firm ("Visa ending 4081"). The token charges money: it is stored encrypted.
 */
export type SavedPaymentMethod = { token: string; email: string; description: string };

/** A gateway event about one of our payments, after its signature was verified. */
export type GatewayEvent =
  | {
      kind: 'succeeded';
      eventId: string;
      eventType: string;
      reference: string;
      amountMinor: number;
      currencyCode: string;
      transactionId: string | null;
      /** What the gateway kept, in the smallest unit, when it says. */
      feeMinor: number | null;
      /** What the payer let the gateway keep for later charges, once confirmed (Paystack's reusable authorisation). */
      savedMethod?: SavedPaymentMethod | null;
    }
  | { kind: 'failed'; eventId: string; eventType: string; reference: string; reason: string }
  | { kind: 'ignored'; eventType: string };

export type PaymentGateway = {
  name: PaymentGatewayName;
  startCheckout(request: CheckoutRequest): Promise<{ checkoutUrl: string; sessionId: string }>;
  /** The event in the raw body, or null when the signature is not the gateway's. */
  readEvent(rawBody: Buffer, signature: string | undefined): GatewayEvent | null;
  /** The gateway's own word on a success before it is recorded (Paystack asks for it); null: not confirmed. */
  confirm(event: Extract<GatewayEvent, { kind: 'succeeded' }>): Promise<Extract<GatewayEvent, { kind: 'succeeded' }> | null>;
};

export class GatewayUnavailableError extends Error {}
