import { compareMoney, fromScaled, subtractMoney, toScaled, type PaymentGatewayName } from '@matterhorn/shared';
import type { PaymentGatewaySettings } from '../../config.ts';

/**
 * Which gateway serves a currency: Paystack for naira (card, bank transfer, USSD), Stripe for any
 * other; none when the one it needs is not configured (the portal then offers bank transfer only).
 */
export function gatewayFor(settings: PaymentGatewaySettings, currencyCode: string): PaymentGatewayName | null {
  if (currencyCode.toUpperCase() === 'NGN') return settings.paystack ? 'paystack' : null;
  return settings.stripe ? 'stripe' : null;
}

/** Currencies whose smallest unit is not a hundredth (Stripe's list): amounts go to the gateway in that unit. */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);
const decimalsOf = (currencyCode: string) =>
  ZERO_DECIMAL.has(currencyCode.toUpperCase()) ? 0 : THREE_DECIMAL.has(currencyCode.toUpperCase()) ? 3 : 2;

/** An exact amount in the currency's smallest unit (kobo, cents); null when it has cents the currency cannot carry. */
export function toMinorUnits(amount: string, currencyCode: string): number | null {
  const decimals = decimalsOf(currencyCode);
  const hundredths = toScaled(amount, 2);
  if (decimals === 0 && hundredths % 100n !== 0n) return null;
  const minor = decimals === 0 ? hundredths / 100n : decimals === 3 ? hundredths * 10n : hundredths;
  return Number(minor);
}

/** A gateway's amount in the smallest unit back as our decimal text (2 places; a 3-decimal unit's last digit is always 0 from us). */
export function fromMinorUnits(minor: number, currencyCode: string): string {
  const decimals = decimalsOf(currencyCode);
  const value = BigInt(minor);
  const hundredths = decimals === 0 ? value * 100n : decimals === 3 ? value / 10n : value;
  return fromScaled(hundredths, 2);
}

/** What a payment that arrives after the invoice was paid by other means can still settle, and the excess to refund. */
export function splitAgainstBalance(amount: string, balanceDue: string): { applied: string; excess: string } {
  if (compareMoney(balanceDue, '0') <= 0) return { applied: '0.00', excess: amount };
  if (compareMoney(amount, balanceDue) <= 0) return { applied: amount, excess: '0.00' };
  return { applied: balanceDue, excess: subtractMoney(amount, balanceDue) };
}
