import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { onlinePaymentContracts as contracts, portalBillingContracts, SAVED_CARD_MESSAGES } from '@matterhorn/shared';
import { answers, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { withRawJsonBodies } from '../../plugins/raw-json-body.ts';
import { firmAccess, firmPrincipalOf, portalAccess, portalPrincipalOf, publicAccess } from '../../plugins/route-access.ts';
import type { GatewayPaymentService } from './gateway-payments.service.ts';
import type { createUnappliedCashService } from './unapplied-cash.ts';

const tags = ['Client portal payments'];
const webhookAnswer = answers(
  z.object({
    outcome: z
      .string()
      .describe(
        'What the event did: recorded, failed, refused (wrong amount or currency: held for refund), alreadySettled, repeated, ignored, unconfirmed or unknown (no payment of ours).',
      ),
  }),
);

/** Paying online from the portal (Paystack for naira, Stripe for other currencies) and the gateways' webhooks. */
export async function registerGatewayPaymentRoutes(
  app: FastifyInstance,
  payments: GatewayPaymentService,
  unappliedCash: ReturnType<typeof createUnappliedCashService>,
) {
  const route = contractRoutes(app, ['Online payments']);

  route(
    contracts.resolveUnapplied,
    {
      access: firmAccess('paymentInfo.edit'),
      summary:
        'Money an online payment holds unapplied (an excess over what the invoice still owed, or a charge we refused): refund it ' +
        'all to the client (Dr unapplied client payments, Cr operating bank), or apply it to one of the client’s open invoices in ' +
        'the same currency, up to what that invoice owes (a receipt like any payment). 409 when nothing is held. Honours Idempotency-Key',
      description:
        'Refunds or applies all the money the online payment holds unapplied, dated today, and answers what it still holds (something when an applied invoice owed less). ' +
        'Refused with 404 when the payment or invoice is not the firm’s, 400 when the invoice is another client’s, and 409 when nothing is held, the invoice is in another currency, or it is not open with money due.',
    },
    async (request) =>
      ok(
        request.body.action === 'refund' ? 'Unapplied money refunded' : 'Unapplied money applied',
        await unappliedCash.resolve(firmPrincipalOf(request), request.params.id, request.body),
      ),
  );

  route(
    contracts.list,
    {
      access: firmAccess('paymentInfo'),
      summary:
        'The firm’s online payments, newest first: who paid what through which gateway, its status and fee; Status filters, ' +
        'NeedsAttention=true keeps those the firm must act on (refused by us, or an excess to refund)',
      description:
        'Answers a page of the attempts clients made to pay online, with the invoice or trust request each was for, its gateway reference and fee, and what it holds unapplied.',
    },
    async (request) => ok('Online payments', await payments.list(firmPrincipalOf(request), request.query)),
  );

  const portalRoute = contractRoutes(app, tags);
  portalRoute(
    portalBillingContracts.paymentOptions,
    {
      access: portalAccess(),
      summary:
        'What you can pay online now: your unpaid invoices and open trust requests in a currency a configured gateway takes ' +
        '(Paystack for NGN, Stripe for others); empty when none is configured (pay by bank transfer)',
      description:
        'Answers each invoice sent to the signed-in client and each open trust request of theirs that can be paid online now, with what is due and which gateway takes its currency.',
    },
    async (request) => ok('Payment options', await payments.options(portalPrincipalOf(request))),
  );

  portalRoute(
    portalBillingContracts.startPayment,
    {
      access: portalAccess(),
      summary:
        'Start paying one of your sent, unpaid invoices or open trust requests online (kind, id, amount: blank pays all that is ' +
        'due; part payments allowed, never more than due; saveCard: keep the card for the plan’s later instalments; ' +
        'deductWithholdingTax: pay an invoice net of the withholding tax deducted). Answers the ' +
        'gateway’s checkout page to go to; nothing is paid until ' +
        'the gateway confirms it to us (409 when no gateway takes the currency, 502 when the gateway cannot be reached)',
      description:
        'Records a pending attempt under a reference of ours and answers the gateway’s checkout address to send the client to; the money is recorded only when the gateway’s signed webhook confirms it. ' +
        'With deductWithholdingTax the tax proposed on the invoice is recorded beside the money when it is confirmed. ' +
        'Refused with 400 when the amount is more than is due (or, net of withholding tax, than is due less the tax; or has cents in a currency without them) or a card is to be kept for an invoice without a payment plan or no withholding tax applies, 404 when the item is not the client’s to pay, 409 when nothing is due or no gateway takes its currency, and 502 when the gateway cannot be reached.',
    },
    async (request) => ok('Payment started', await payments.start(portalPrincipalOf(request), request.body)),
  );

  portalRoute(
    portalBillingContracts.savedCards,
    {
      access: portalAccess(),
      summary:
        'The cards you let us keep to pay your payment plans’ instalments on their due dates (agreed when paying an instalment ' +
        'online); withdraw-saved-card stops it',
      description: 'Answers each card of the signed-in client that the firm may charge, with when and by whom it was agreed.',
    },
    async (request) => ok('Saved cards', await payments.savedCards(portalPrincipalOf(request))),
  );

  portalRoute(
    portalBillingContracts.withdrawSavedCard,
    {
      access: portalAccess(),
      summary: 'Stop automatic payments with a saved card: it is never charged again (the record of your consent and its withdrawal stays)',
      description:
        'Withdraws the client’s consent to charge the card and answers the cards left. Refused with 404 when the card is not theirs or was withdrawn already.',
    },
    async (request) => ok(SAVED_CARD_MESSAGES.withdrawn, await payments.withdrawSavedCard(portalPrincipalOf(request), request.params.id)),
  );

  // The webhooks' signatures are over the exact bytes sent: these two routes alone read the body raw.
  await withRawJsonBodies(app, (webhooks, { rawBodyOf, header }) => {
    webhooks.post(
      '/api/webhooks/paystack',
      {
        config: { access: publicAccess() },
        schema: {
          tags,
          security: [],
          consumes: ['application/json'],
          summary:
            'Paystack’s webhook: x-paystack-signature must be the HMAC-SHA512 of the raw body with the secret key (else 400, nothing ' +
            'changes). charge.success is verified with Paystack and recorded once; repeated deliveries answer 200 and change nothing',
          description:
            'Reads charge.success and charge.failed events for payments started from the portal and answers what the event did (outcome); other events are ignored. ' +
            'A success for the wrong amount or currency is refused and the money held unapplied for the firm to refund; 404 when Paystack is not configured, 502 when it cannot be reached to verify (it delivers again).',
          response: webhookAnswer,
        },
      },
      async (request) =>
        ok('Webhook processed', {
          outcome: await payments.webhook('paystack', rawBodyOf(request.body), header(request.headers['x-paystack-signature'])),
        }),
    );

    webhooks.post(
      '/api/webhooks/stripe',
      {
        config: { access: publicAccess() },
        schema: {
          tags,
          security: [],
          consumes: ['application/json'],
          summary:
            'Stripe’s webhook (Checkout Session events): Stripe-Signature verified with the endpoint’s signing secret (else 400, ' +
            'nothing changes); each event recorded once, out-of-order and repeated deliveries never pay twice nor unpay',
          description:
            'Reads checkout.session events (completed and paid, async payment succeeded or failed, expired) for payments started from the portal and answers what the event did (outcome); other events are ignored. ' +
            'A success for the wrong amount or currency is refused and the money held unapplied for the firm to refund; 404 when Stripe is not configured.',
          response: webhookAnswer,
        },
      },
      async (request) =>
        ok('Webhook processed', {
          outcome: await payments.webhook('stripe', rawBodyOf(request.body), header(request.headers['stripe-signature'])),
        }),
    );
  });
}
