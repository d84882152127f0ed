import Stripe from 'stripe';
import {
  GatewayUnavailableError,
  type GatewayEvent,
  type PaymentGateway,
  type SavedPaymentMethod,
  type SucceededEvent,
} from './gateways.ts';

/**
 * Stripe through its official SDK: a Checkout Session in payment mode, our reference as its
 * client_reference_id; its webhook verified by the SDK (Stripe-Signature, the endpoint's signing
 * secret). A session completed and paid, or an asynchronous payment that succeeded later, is a
 * success; an asynchronous failure or an expired session is a failure. A checkout asked to keep the
 * card (setup_future_usage off_session, a customer made for it) leaves a saved payment method, charged
 * later by a payment intent confirmed off-session under our reference (metadata.reference), whose
 * own events (payment_intent.succeeded, payment_intent.payment_failed) tell what the answer did not.
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

  /** The card a payment kept for off-session charges, as "customer:payment method" and named for the firm. */
  function savedMethodOf(intent: Stripe.PaymentIntent): SavedPaymentMethod | null {
    const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
    const customer = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null);
    if (intent.setup_future_usage !== 'off_session' || !method || !customer) return null;
    const brand = method.card?.brand ? method.card.brand.charAt(0).toUpperCase() + method.card.brand.slice(1) : 'Card';
    return {
      token: `${customer}:${method.id}`,
      email: method.billing_details?.email ?? intent.receipt_email ?? '',
      description: method.card?.last4 ? `${brand} ending ${method.card.last4}` : brand,
    };
  }

  /**
   * The fee Stripe took, from the payment's balance transaction, and the card it kept, if asked to.
   * The fee is null (left for the firm to book by hand) when Stripe has not settled it yet, settles in
   * another currency than the payment, or cannot be reached: a payment is recorded whatever the
   * lookup does.
   */
  async function detailsOf(
    paymentIntentId: string,
    currencyCode: string,
  ): Promise<{ feeMinor: number | null; savedMethod: SavedPaymentMethod | null }> {
    try {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
        expand: ['latest_charge.balance_transaction', 'payment_method'],
      });
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const balance = typeof charge?.balance_transaction === 'object' ? charge.balance_transaction : null;
      return {
        feeMinor: balance && balance.currency.toUpperCase() === currencyCode ? balance.fee : null,
        savedMethod: savedMethodOf(intent),
      };
    } catch {
      return { feeMinor: null, savedMethod: null };
    }
  }

  const succeededIntent = (eventId: string, eventType: string, reference: string, intent: Stripe.PaymentIntent): SucceededEvent => ({
    kind: 'succeeded',
    eventId,
    eventType,
    reference,
    amountMinor: intent.amount_received || intent.amount,
    currencyCode: intent.currency.toUpperCase(),
    transactionId: intent.id,
    feeMinor: null,
  });

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
            ...(request.keepMethod
              ? { customer_creation: 'always' as const, payment_intent_data: { setup_future_usage: 'off_session' as const } }
              : {}),
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
      if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
        // Only the intents we confirm off-session carry our reference; a checkout's are told by its session's events.
        const intent = event.data.object;
        const reference = intent.metadata?.reference;
        if (!reference) return { kind: 'ignored', eventType: event.type };
        if (event.type === 'payment_intent.succeeded') return succeededIntent(event.id, event.type, reference, intent);
        const reason = intent.last_payment_error?.message ?? 'the payment failed';
        return { kind: 'failed', eventId: event.id, eventType: event.type, reference, reason: `Stripe: ${reason}` };
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

    // The signed event is Stripe's word already; confirming only adds the fee, when Stripe has settled it, and the card kept.
    async confirm(event) {
      return { ...event, ...(event.transactionId ? await detailsOf(event.transactionId, event.currencyCode) : { feeMinor: null }) };
    },

    async chargeSavedMethod(request) {
      const [customer, paymentMethod] = request.method.token.split(':');
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currencyCode.toLowerCase(),
            customer: customer!,
            payment_method: paymentMethod!,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: { reference: request.reference },
          },
          { idempotencyKey: request.reference },
        );
        const payload = JSON.stringify(intent);
        if (intent.status === 'succeeded')
          return {
            outcome: 'succeeded',
            event: succeededIntent(`charge:${intent.id}`, 'payment_intent.create', request.reference, intent),
            payload,
          };
        if (intent.status === 'processing') return { outcome: 'pending', payload };
        return { outcome: 'failed', reason: `Stripe: the payment is ${intent.status.replaceAll('_', ' ')}`, payload };
      } catch (error) {
        // A decline, or a bank asking the cardholder to confirm, is Stripe's answer about this card; anything else is Stripe out of reach.
        if (error instanceof Stripe.errors.StripeCardError)
          return {
            outcome: 'failed',
            reason: `Stripe: ${error.message}`,
            payload: JSON.stringify(error.raw ?? { message: error.message }),
          };
        throw new GatewayUnavailableError(`Stripe did not charge the saved card: ${String(error)}`);
      }
    },
  };
}
