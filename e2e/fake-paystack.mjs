// A stand-in for the operator's Paystack account in the journeys (issue 38), for subscriptions and for
// clients paying invoices on the portal: the calls the API makes (initialize, verify), a checkout page
// the browser pays on, and the signed webhook Paystack sends the app once paid. Started by
// playwright.config.ts beside the app; nothing here is the product.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.env.FAKE_PAYSTACK_PORT);
const secretKey = process.env.FAKE_PAYSTACK_SECRET_KEY;
const appUrl = process.env.FAKE_PAYSTACK_APP_URL;
const transactions = new Map();
let nextId = 7_000_000;

const json = (response, status, body) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
const view = (transaction) => ({
  id: transaction.id,
  status: transaction.status,
  reference: transaction.reference,
  amount: transaction.amount,
  currency: transaction.currency,
  fees: null,
  customer: { email: transaction.email },
  authorization: {
    authorization_code: `AUTH_${transaction.id}`,
    reusable: true,
    last4: '4081',
    brand: 'visa',
    channel: 'card',
    bank: 'TEST BANK',
  },
});
const naira = (kobo) => `₦${(kobo / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', async () => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const body = Buffer.concat(chunks).toString('utf8');
    if (request.method === 'POST' && url.pathname === '/transaction/initialize') {
      if (request.headers.authorization !== `Bearer ${secretKey}`) return json(response, 401, { status: false });
      const input = JSON.parse(body);
      nextId += 1;
      transactions.set(input.reference, {
        id: nextId,
        reference: input.reference,
        amount: Number(input.amount),
        currency: input.currency,
        email: input.email,
        callback: input.callback_url,
        status: 'abandoned',
      });
      return json(response, 200, {
        status: true,
        data: {
          authorization_url: `http://127.0.0.1:${port}/checkout/${input.reference}`,
          access_code: randomBytes(6).toString('hex'),
          reference: input.reference,
        },
      });
    }
    const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
    if (request.method === 'GET' && verify) {
      const transaction = transactions.get(decodeURIComponent(verify[1]));
      return transaction ? json(response, 200, { status: true, data: view(transaction) }) : json(response, 400, { status: false });
    }
    const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
    const transaction = checkout ? transactions.get(decodeURIComponent(checkout[1])) : undefined;
    if (transaction && request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(`<!doctype html><html lang="en"><head><title>Paystack checkout (test)</title></head><body><main>
        <h1>Pay Matterhorn</h1><p>${naira(transaction.amount)} from ${transaction.email}</p>
        <form method="post" action="/checkout/${encodeURIComponent(transaction.reference)}/pay"><button type="submit">Pay ${naira(transaction.amount)}</button></form>
        </main></body></html>`);
    }
    if (transaction && request.method === 'POST' && checkout[2]) {
      transaction.status = 'success';
      const event = JSON.stringify({ event: 'charge.success', data: view(transaction) });
      const signature = createHmac('sha512', secretKey).update(event).digest('hex');
      // A portal payment (reference mh_…) goes to the firm's payments webhook; anything else is a subscription's.
      const webhook = transaction.reference.startsWith('mh_') ? '/api/webhooks/paystack' : '/api/webhooks/subscriptions/paystack';
      await fetch(`${appUrl}${webhook}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        body: event,
      });
      response.writeHead(303, { location: transaction.callback });
      return response.end();
    }
    if (url.pathname === '/health') return json(response, 200, { ok: true });
    json(response, 404, { status: false });
  });
}).listen(port, '127.0.0.1');
