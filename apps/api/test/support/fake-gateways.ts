import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for Paystack and Stripe, started by a test on 127.0.0.1 at a random port. Each
 * implements the documented endpoints the API calls and signs its webhooks as the gateway does:
 * Paystack's x-paystack-signature (HMAC-SHA512 of the body with the secret key, hex) and Stripe's
 * Stripe-Signature (t=<seconds>,v1=HMAC-SHA256 of "<t>.<body>" with the endpoint secret, hex).
 */
export type Delivery = (
  path: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ statusCode: number; body: string; json(): { success: boolean; message: string; data: { outcome?: string } | null } }>;

type Handler = (request: IncomingMessage & { body: string }, url: URL) => { status: number; body: unknown };

async function listen(handler: Handler): Promise<{ server: Server; url: string }> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const answer = handler(Object.assign(request, { body: Buffer.concat(chunks).toString('utf8') }), url);
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

type PaystackTransaction = {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  email: string;
  status: string;
  fees: number | null;
};

/** webhookPath: where its events go (the portal's by default; subscriptions have their own). */
export async function startFakePaystack(secretKey: string, deliver: Delivery, webhookPath = '/api/webhooks/paystack') {
  const transactions = new Map<string, PaystackTransaction>();
  /** Paystack out of reach: initialising a transaction or charging a saved card answers 503. */
  const outage = { isDown: false };
  /**
   * What the next charges of saved cards answer, in turn (then success): a bank's decline is Paystack's
   * status "failed" with its gateway_response; "pending" waits on the bank (the webhook tells later).
   */
  const savedCardAnswers: ({ declined: string } | 'pending')[] = [];
  /** The saved-card charges asked for, as sent. */
  const savedCardCharges: { authorization_code: string; email: string; amount: string; currency: string; reference: string }[] = [];
  let nextId = 4_000_000;
  const isAuthorised = (request: IncomingMessage) => request.headers.authorization === `Bearer ${secretKey}`;
  const { server, url } = await listen((request, address) => {
    if (!isAuthorised(request)) return { status: 401, body: { status: false, message: 'Invalid key' } };
    if (request.method === 'POST' && address.pathname === '/transaction/initialize') {
      if (outage.isDown) return { status: 503, body: { status: false, message: 'Service unavailable' } };
      const body = JSON.parse(request.body) as { email?: string; amount?: string; currency?: string; reference?: string };
      if (!body.email || !body.amount || !/^\d+$/.test(body.amount))
        return { status: 400, body: { status: false, message: 'Invalid amount or email' } };
      const reference = body.reference ?? randomBytes(8).toString('hex');
      if (transactions.has(reference)) return { status: 400, body: { status: false, message: 'Duplicate Transaction Reference' } };
      nextId += 1;
      transactions.set(reference, {
        id: nextId,
        reference,
        amount: Number(body.amount),
        currency: body.currency ?? 'NGN',
        email: body.email,
        status: 'abandoned',
        fees: null,
      });
      const accessCode = randomBytes(6).toString('hex');
      return {
        status: 200,
        body: {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: `https://checkout.paystack.test/${accessCode}`, access_code: accessCode, reference },
        },
      };
    }
    if (request.method === 'POST' && address.pathname === '/transaction/charge_authorization') {
      if (outage.isDown) return { status: 503, body: { status: false, message: 'Service unavailable' } };
      const body = JSON.parse(request.body) as (typeof savedCardCharges)[number];
      if (!/^AUTH_\d+$/.test(body.authorization_code ?? '') || !body.email || !/^\d+$/.test(body.amount ?? ''))
        return { status: 400, body: { status: false, message: 'Invalid authorization code' } };
      if (transactions.has(body.reference)) return { status: 400, body: { status: false, message: 'Duplicate Transaction Reference' } };
      savedCardCharges.push(body);
      const answer = savedCardAnswers.shift();
      nextId += 1;
      const transaction: PaystackTransaction = {
        id: nextId,
        reference: body.reference,
        amount: Number(body.amount),
        currency: body.currency,
        email: body.email,
        status: answer === undefined ? 'success' : answer === 'pending' ? 'pending' : 'failed',
        fees: null,
      };
      transactions.set(body.reference, transaction);
      const gatewayResponse = answer === undefined ? 'Approved' : answer === 'pending' ? 'Pending' : answer.declined;
      return {
        status: 200,
        body: { status: true, message: 'Charge attempted', data: { ...view(transaction), gateway_response: gatewayResponse } },
      };
    }
    const verify = /^\/transaction\/verify\/(.+)$/.exec(address.pathname);
    if (request.method === 'GET' && verify) {
      const transaction = transactions.get(decodeURIComponent(verify[1]!));
      if (!transaction) return { status: 400, body: { status: false, message: 'Transaction reference not found' } };
      return { status: 200, body: { status: true, message: 'Verification successful', data: view(transaction) } };
    }
    return { status: 404, body: { status: false, message: 'Not found' } };
  });

  const view = (transaction: PaystackTransaction) => ({
    id: transaction.id,
    domain: 'test',
    status: transaction.status,
    reference: transaction.reference,
    amount: transaction.amount,
    currency: transaction.currency,
    channel: 'card',
    fees: transaction.fees,
    customer: { email: transaction.email },
    // A card Paystack keeps for the payer: reusable, so a renewal can charge it.
    authorization: {
      authorization_code: `AUTH_${transaction.id}`,
      reusable: true,
      last4: '4081',
      brand: 'visa',
      channel: 'card',
      bank: 'TEST BANK',
    },
    paid_at: transaction.status === 'success' ? new Date().toISOString() : null,
  });

  /** Sends an event as Paystack does; signedWith: another key to forge it. */
  const send = (event: string, data: unknown, signedWith = secretKey) => {
    const body = JSON.stringify({ event, data });
    const signature = createHmac('sha512', signedWith).update(body).digest('hex');
    return deliver(webhookPath, body, { 'content-type': 'application/json', 'x-paystack-signature': signature });
  };

  return {
    url,
    transactions,
    outage,
    savedCardAnswers,
    savedCardCharges,
    /** The client pays on Paystack's page: the transaction succeeds (the amount charged may be changed to test a mismatch). */
    pay(reference: string, options: { fees?: number; amount?: number } = {}) {
      const transaction = transactions.get(reference)!;
      Object.assign(transaction, { status: 'success', fees: options.fees ?? null }, options.amount ? { amount: options.amount } : {});
      return view(transaction);
    },
    fail(reference: string) {
      const transaction = transactions.get(reference)!;
      transaction.status = 'failed';
      return view(transaction);
    },
    send,
    close: () => close(server),
  };
}

type StripeSession = Record<string, unknown> & { id: string; amount_total: number; currency: string };

/** Stripe sends form-encoded bodies with bracketed keys: line_items[0][price_data][unit_amount]=…. */
const formValue = (form: URLSearchParams, key: string) => form.get(key);

export async function startFakeStripe(secretKey: string, webhookSecret: string, deliver: Delivery, webhookPath = '/api/webhooks/stripe') {
  const sessions = new Map<string, StripeSession>();
  /** The fee Stripe settled on a payment intent: none until the test says so (a balance transaction not yet made). */
  const fees = new Map<string, { amount: number; currency: string }>();
  /** Payment intents: a checkout's once paid, and those confirmed off-session with a saved card. */
  const intents = new Map<string, Record<string, unknown> & { id: string; amount: number; currency: string }>();
  /** What the next off-session charges answer, in turn (then success): a decline is a card_error with its message. */
  const savedCardAnswers: { declined: string }[] = [];
  let counter = 0;
  const { server, url } = await listen((request, address) => {
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    if (request.method === 'POST' && address.pathname === '/v1/checkout/sessions') {
      const form = new URLSearchParams(request.body);
      const unitAmount = Number(formValue(form, 'line_items[0][price_data][unit_amount]'));
      const quantity = Number(formValue(form, 'line_items[0][quantity]') ?? '1');
      if (formValue(form, 'mode') !== 'payment' || !Number.isInteger(unitAmount) || !formValue(form, 'success_url'))
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Missing required param' } } };
      counter += 1;
      const id = `cs_test_${counter}${randomBytes(6).toString('hex')}`;
      const session: StripeSession = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: unitAmount * quantity,
        currency: formValue(form, 'line_items[0][price_data][currency]') ?? '',
        client_reference_id: formValue(form, 'client_reference_id'),
        customer_email: formValue(form, 'customer_email'),
        metadata: { reference: formValue(form, 'metadata[reference]') },
        success_url: formValue(form, 'success_url'),
        cancel_url: formValue(form, 'cancel_url'),
        // Asked to keep the card for later charges without the payer (a customer is made for it).
        setup_future_usage: formValue(form, 'payment_intent_data[setup_future_usage]'),
        customer_creation: formValue(form, 'customer_creation'),
        payment_intent: null,
        url: `https://checkout.stripe.test/c/pay/${id}`,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    if (request.method === 'POST' && address.pathname === '/v1/payment_intents') {
      const form = new URLSearchParams(request.body);
      const customer = formValue(form, 'customer');
      const paymentMethod = formValue(form, 'payment_method');
      const saved = [...intents.values()].find((intent) => intent.customer === customer && intent.payment_method === paymentMethod);
      if (!saved || formValue(form, 'off_session') !== 'true' || formValue(form, 'confirm') !== 'true')
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such saved payment method' } } };
      const declined = savedCardAnswers.shift();
      if (declined) return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', message: declined.declined } } };
      counter += 1;
      const id = `pi_${counter}${randomBytes(6).toString('hex')}`;
      const amount = Number(formValue(form, 'amount'));
      const intent = {
        id,
        object: 'payment_intent',
        status: 'succeeded',
        amount,
        amount_received: amount,
        currency: formValue(form, 'currency') ?? '',
        customer,
        payment_method: paymentMethod,
        metadata: { reference: formValue(form, 'metadata[reference]') },
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const intentId = /^\/v1\/payment_intents\/([^/]+)$/.exec(address.pathname)?.[1];
    if (request.method === 'GET' && intentId) {
      const intent = intents.get(intentId);
      if (!intent)
        return { status: 404, body: { error: { type: 'invalid_request_error', message: `No such payment_intent: '${intentId}'` } } };
      const fee = fees.get(intentId);
      // The SDK sends expand[0]=…, curl-style clients expand[]=….
      const expands = [...address.searchParams].filter(([key]) => key.startsWith('expand[')).map(([, value]) => value);
      const balanceTransaction = fee
        ? { id: `txn_${intentId}`, object: 'balance_transaction', fee: fee.amount, currency: fee.currency }
        : null;
      const method = typeof intent.payment_method === 'string' ? intent.payment_method : null;
      return {
        status: 200,
        body: {
          ...intent,
          latest_charge: expands.includes('latest_charge.balance_transaction')
            ? { id: `ch_${intentId}`, object: 'charge', balance_transaction: balanceTransaction }
            : `ch_${intentId}`,
          payment_method:
            method && expands.includes('payment_method')
              ? {
                  id: method,
                  object: 'payment_method',
                  type: 'card',
                  card: { brand: 'visa', last4: '4242' },
                  billing_details: { email: intent.receipt_email ?? null },
                }
              : method,
        },
      };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } } };
  });

  /** Sends an event as Stripe does (about a checkout session or a payment intent); signedWith: another secret to forge it. */
  const send = (type: string, session: Record<string, unknown>, options: { eventId?: string; signedWith?: string } = {}) => {
    counter += 1;
    const body = JSON.stringify({
      id: options.eventId ?? `evt_test_${counter}${randomBytes(6).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: session },
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', options.signedWith ?? webhookSecret)
      .update(`${timestamp}.${body}`)
      .digest('hex');
    return deliver(webhookPath, body, {
      'content-type': 'application/json',
      'stripe-signature': `t=${timestamp},v1=${signature}`,
    });
  };

  return {
    url,
    sessions,
    intents,
    savedCardAnswers,
    sessionOf(reference: string) {
      return [...sessions.values()].find((session) => session.client_reference_id === reference)!;
    },
    /** The client pays on Stripe's page (asynchronous methods stay unpaid until a later event). */
    complete(session: StripeSession, paymentStatus: 'paid' | 'unpaid' = 'paid', fee?: { amount: number; currency: string }): StripeSession {
      const paymentIntent = `pi_${randomBytes(8).toString('hex')}`;
      Object.assign(session, { status: 'complete', payment_status: paymentStatus, payment_intent: paymentIntent });
      const keepsCard = session.setup_future_usage === 'off_session';
      intents.set(paymentIntent, {
        id: paymentIntent,
        object: 'payment_intent',
        status: paymentStatus === 'paid' ? 'succeeded' : 'processing',
        amount: session.amount_total,
        currency: session.currency,
        receipt_email: session.customer_email ?? null,
        setup_future_usage: keepsCard ? 'off_session' : null,
        customer: keepsCard ? `cus_${randomBytes(6).toString('hex')}` : null,
        payment_method: `pm_${randomBytes(6).toString('hex')}`,
      });
      if (fee) fees.set(paymentIntent, fee);
      return { ...session };
    },
    send,
    close: () => close(server),
  };
}
