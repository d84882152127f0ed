import Stripe from 'stripe';
import { GatewayUnavailableError, type GatewayEvent, type PaymentGateway } from './gateways.ts';

/**
 * Stripe through its official SDK: a Checkout Session in payment mode, our reference as its
 * client_reference_id; its webhook verified by the SDK (Stripe-Signature, the endpoint's signing
 * secret). A session completed and paid, or an asynchronous payment that succeeded later, is a
 * success; an asynchronous failure or an expired session is a failure.
 */
export function createStripeGateway(settings: { secretKey: string; webhookSecret: string; apiUrl: string | null }): PaymentGateway {
  const address = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(address
      ? { host: address.hostname, port: address.port || undefined, protocol: address.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });

  const referenceOf = (session: Stripe.Checkout.Session) => session.client_reference_id ?? session.metadata?.reference ?? null;
  const paymentIntentOf = (session: Stripe.Checkout.Session) =>
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);

  /**
   * The fee Stripe took, from the payment's balance transaction. Null (left for the firm to book by
   * hand) when Stripe has not settled it yet, settles in another currency than the payment, or
   * cannot be reached: the client's payment is recorded whatever the fee lookup does.
   */
  async function feeOf(paymentIntentId: string, currencyCode: string): Promise<number | null> {
    try {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge.balance_transaction'] });
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const balance = typeof charge?.balance_transaction === 'object' ? charge.balance_transaction : null;
      return balance && balance.currency.toUpperCase() === currencyCode ? balance.fee : null;
    } catch {
      return null;
    }
  }

  return {
    name: 'stripe',

    async startCheckout(request) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: request.reference,
            metadata: { reference: request.reference },
            ...(request.email ? { customer_email: request.email } : {}),
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currencyCode.toLowerCase(),
                  unit_amount: request.amountMinor,
                  product_data: { name: request.description },
                },
              },
            ],
            success_url: request.returnUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.reference },
        );
        if (!session.url) throw new GatewayUnavailableError('Stripe returned a session without a checkout page');
        return { checkoutUrl: session.url, sessionId: session.id };
      } catch (error) {
        if (error instanceof GatewayUnavailableError) throw error;
        throw new GatewayUnavailableError(`Stripe did not start the checkout: ${String(error)}`);
      }
    },

    readEvent(rawBody, signature): GatewayEvent | null {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch {
        return null;
      }
      if (!event.type.startsWith('checkout.session.')) return { kind: 'ignored', eventType: event.type };
      const session = event.data.object as Stripe.Checkout.Session;
      const reference = referenceOf(session);
      if (!reference) return { kind: 'ignored', eventType: event.type };
      const isPaid =
        (event.type === 'checkout.session.completed' && session.payment_status === 'paid') ||
        event.type === 'checkout.session.async_payment_succeeded';
      if (isPaid)
        return {
          kind: 'succeeded',
          eventId: event.id,
          eventType: event.type,
          reference,
          amountMinor: session.amount_total ?? -1,
          currencyCode: (session.currency ?? '').toUpperCase(),
          transactionId: paymentIntentOf(session),
          // Stripe reports its fee on the charge's balance transaction: confirm() looks it up.
          feeMinor: null,
        };
      if (event.type === 'checkout.session.async_payment_failed' || event.type === 'checkout.session.expired')
        return { kind: 'failed', eventId: event.id, eventType: event.type, reference, reason: `Stripe: ${event.type}` };
      return { kind: 'ignored', eventType: event.type };
    },

    // The signed event is Stripe's word already; confirming only adds the fee, when Stripe has settled it.
    async confirm(event) {
      return { ...event, feeMinor: event.transactionId ? await feeOf(event.transactionId, event.currencyCode) : null };
    },
  };
}
