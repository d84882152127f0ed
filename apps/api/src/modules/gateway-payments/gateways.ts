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
  /** Ask the gateway to keep the card or account for later charges without the payer (a subscription's renewals). */
  keepMethod?: boolean;
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

export type SucceededEvent = Extract<GatewayEvent, { kind: 'succeeded' }>;

/** A charge of a saved card or account, without the payer. */
export type SavedMethodChargeRequest = {
  reference: string;
  amountMinor: number;
  currencyCode: string;
  method: Pick<SavedPaymentMethod, 'token' | 'email'>;
  description: string;
};

/**
 * The gateway's answer to a charge of a saved method, with its body as received (kept like a
 * webhook's): paid, declined (why, in the gateway's words), or still pending (its webhook will tell).
 */
export type SavedMethodCharge =
  | { outcome: 'succeeded'; event: SucceededEvent; payload: string }
  | { outcome: 'failed'; reason: string; payload: string }
  | { outcome: 'pending'; payload: string };

export type PaymentGateway = {
  name: PaymentGatewayName;
  startCheckout(request: CheckoutRequest): Promise<{ checkoutUrl: string; sessionId: string }>;
  /** The event in the raw body, or null when the signature is not the gateway's. */
  readEvent(rawBody: Buffer, signature: string | undefined): GatewayEvent | null;
  /** The gateway's own word on a success before it is recorded (Paystack asks for it); null: not confirmed. */
  confirm(event: SucceededEvent): Promise<SucceededEvent | null>;
  /** Charges a method a payment let the gateway keep; GatewayUnavailableError when the gateway cannot be reached. */
  chargeSavedMethod(request: SavedMethodChargeRequest): Promise<SavedMethodCharge>;
};

export class GatewayUnavailableError extends Error {}
