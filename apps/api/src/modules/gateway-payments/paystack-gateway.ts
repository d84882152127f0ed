import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  GatewayUnavailableError,
  type GatewayEvent,
  type PaymentGateway,
  type SavedPaymentMethod,
  type SucceededEvent,
} from './gateways.ts';

/**
 * Paystack through its documented REST API (it has no official Node SDK): a transaction is
 * initialised (POST /transaction/initialize) and the client pays on its hosted page; its webhook
 * is signed with the secret key (x-paystack-signature: HMAC-SHA512 of the raw body, hex), and a
 * charge.success is checked again with GET /transaction/verify/:reference before it is recorded. A
 * card the payer let Paystack keep (a reusable authorisation) is charged again with POST
 * /transaction/charge_authorization, whose answer is Paystack's word on that charge.
 */
const initializeAnswer = z.object({
  status: z.literal(true),
  data: z.object({ authorization_url: z.string().url(), access_code: z.string(), reference: z.string() }),
});
const transaction = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  fees: z.number().int().nullish(),
  authorization: z
    .object({
      authorization_code: z.string().min(1),
      reusable: z.boolean(),
      last4: z.string().nullish(),
      brand: z.string().nullish(),
      channel: z.string().nullish(),
      bank: z.string().nullish(),
    })
    .nullish(),
  customer: z.object({ email: z.string().nullish() }).nullish(),
});

/** A reusable authorisation, as the firm will see it named: "Visa ending 4081", "Zenith Bank account ending 1234". */
function savedMethodOf(verified: z.infer<typeof transaction>): SavedPaymentMethod | null {
  const authorization = verified.authorization;
  const email = verified.customer?.email;
  if (!authorization?.reusable || !email) return null;
  const capitalised = (text: string) => text.trim().charAt(0).toUpperCase() + text.trim().slice(1);
  const what =
    authorization.channel === 'card' || !authorization.bank
      ? capitalised(authorization.brand || authorization.channel || 'Card')
      : `${authorization.bank.trim()} account`;
  return {
    token: authorization.authorization_code,
    email,
    description: authorization.last4 ? `${what} ending ${authorization.last4}` : what,
  };
}
const verifyAnswer = z.object({ status: z.literal(true), data: transaction });
const chargeAnswer = z.object({ status: z.literal(true), data: transaction.extend({ gateway_response: z.string().nullish() }) });
const webhookEvent = z.object({ event: z.string(), data: z.object({ reference: z.string().optional() }).passthrough() });

const TIMEOUT_MS = 15_000;

const parseJson = (rawBody: Buffer): unknown => {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
};

export function createPaystackGateway(settings: { secretKey: string; apiUrl: string }): PaymentGateway {
  /** Paystack's answer, whatever its status; a network failure or a server error of Paystack's is GatewayUnavailableError. */
  const send = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${settings.apiUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${settings.secretKey}`, 'content-type': 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw new GatewayUnavailableError(`Paystack could not be reached: ${String(error)}`);
    });
    const text = await response.text().catch(() => '');
    if (response.status >= 500) throw new GatewayUnavailableError(`Paystack answered ${response.status}`);
    return { ok: response.ok, text, body: parseJson(Buffer.from(text)) };
  };
  const call = async (path: string, init: RequestInit = {}) => {
    const answer = await send(path, init);
    if (!answer.ok) throw new GatewayUnavailableError('Paystack refused the request');
    return answer.body;
  };

  const succeeded = (eventType: string, verified: z.infer<typeof transaction>): SucceededEvent => ({
    kind: 'succeeded',
    eventId: `${eventType}:${verified.id}`,
    eventType,
    reference: verified.reference,
    amountMinor: verified.amount,
    currencyCode: verified.currency.toUpperCase(),
    transactionId: verified.id,
    feeMinor: verified.fees ?? null,
    savedMethod: savedMethodOf(verified),
  });

  const isSigned = (rawBody: Buffer, signature: string | undefined) => {
    if (!signature) return false;
    const expected = createHmac('sha512', settings.secretKey).update(rawBody).digest();
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  return {
    name: 'paystack',

    async startCheckout(request) {
      const answer = initializeAnswer.safeParse(
        await call('/transaction/initialize', {
          method: 'POST',
          body: JSON.stringify({
            email: request.email,
            amount: String(request.amountMinor),
            currency: request.currencyCode,
            reference: request.reference,
            callback_url: request.returnUrl,
            metadata: { description: request.description, cancel_action: request.cancelUrl },
          }),
        }),
      );
      if (!answer.success) throw new GatewayUnavailableError('Paystack did not start the transaction');
      return { checkoutUrl: answer.data.data.authorization_url, sessionId: answer.data.data.access_code };
    },

    readEvent(rawBody, signature): GatewayEvent | null {
      if (!isSigned(rawBody, signature)) return null;
      const parsed = webhookEvent.safeParse(parseJson(rawBody));
      if (!parsed.success || !parsed.data.data.reference) return { kind: 'ignored', eventType: parsed.data?.event ?? 'unknown' };
      const { event } = parsed.data;
      const data = transaction.safeParse(parsed.data.data);
      if (!data.success) return { kind: 'ignored', eventType: event };
      // Paystack's events carry no id of their own: the event and its transaction name one delivery.
      const eventId = `${event}:${data.data.id}`;
      if (event === 'charge.success')
        return {
          kind: 'succeeded',
          eventId,
          eventType: event,
          reference: data.data.reference,
          amountMinor: data.data.amount,
          currencyCode: data.data.currency.toUpperCase(),
          transactionId: data.data.id,
          feeMinor: data.data.fees ?? null,
        };
      if (event === 'charge.failed')
        return { kind: 'failed', eventId, eventType: event, reference: data.data.reference, reason: `Paystack: ${data.data.status}` };
      return { kind: 'ignored', eventType: event };
    },

    async confirm(event) {
      const answer = verifyAnswer.safeParse(await call(`/transaction/verify/${encodeURIComponent(event.reference)}`));
      if (!answer.success || answer.data.data.status !== 'success' || answer.data.data.reference !== event.reference) return null;
      const verified = answer.data.data;
      return { ...succeeded(event.eventType, verified), eventId: event.eventId, feeMinor: verified.fees ?? event.feeMinor };
    },

    async chargeSavedMethod(request) {
      const answer = await send('/transaction/charge_authorization', {
        method: 'POST',
        body: JSON.stringify({
          authorization_code: request.method.token,
          email: request.method.email,
          amount: String(request.amountMinor),
          currency: request.currencyCode,
          reference: request.reference,
          metadata: { description: request.description },
        }),
      });
      const parsed = chargeAnswer.safeParse(answer.body);
      if (!answer.ok || !parsed.success) {
        const message = z.object({ message: z.string() }).safeParse(answer.body);
        return {
          outcome: 'failed',
          reason: `Paystack: ${message.success ? message.data.message : 'the charge was refused'}`,
          payload: answer.text,
        };
      }
      const charged = parsed.data.data;
      if (charged.reference !== request.reference) throw new GatewayUnavailableError('Paystack answered for another reference');
      if (charged.status === 'success')
        return { outcome: 'succeeded', event: succeeded('charge_authorization', charged), payload: answer.text };
      if (charged.status === 'failed')
        return { outcome: 'failed', reason: `Paystack: ${charged.gateway_response || 'the charge failed'}`, payload: answer.text };
      // Paystack may still be waiting on the bank (pending, send_otp…): its webhook tells the outcome.
      return { outcome: 'pending', payload: answer.text };
    },
  };
}
