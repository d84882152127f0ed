import type { FastifyInstance } from 'fastify';
import { invoiceLinkContracts as contracts } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { publicAccess } from '../../plugins/route-access.ts';
import type { InvoiceLinkPayments } from './invoice-link-payments.ts';

/**
 * Paying an invoice online from its public page (/billing/invoice/{slug}), without signing in. Public
 * calls keyed by the link's secret, so limited per address like the sign-in calls.
 */
export function registerInvoiceLinkPaymentRoutes(
  app: FastifyInstance,
  payments: InvoiceLinkPayments,
  rateLimit: { max: number; timeWindow: string },
) {
  const route = contractRoutes(app, ['Invoices']);
  const limited = { access: publicAccess(), rateLimit };

  route(
    contracts.publicPaymentOption,
    {
      ...limited,
      summary:
        'Whether the invoice on its public link can be paid online now (no sign-in): what is due and which gateway takes its ' +
        'currency (Paystack for NGN, Stripe for others); null when nothing is due or no gateway takes it (pay by bank transfer)',
      description:
        'Answers what is still due on the invoice the link names and the gateway that would take it, or null when it is paid, void, owes nothing, or no configured gateway takes its currency. 404 when the slug is malformed, revoked or unknown.',
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok('Payment option', await payments.option(request.params.slug));
    },
  );

  route(
    contracts.publicStartPayment,
    {
      ...limited,
      summary:
        'Start paying the invoice on its public link online (no sign-in; amount: blank pays all that is due, part payments ' +
        'allowed, never more than due). Answers the gateway’s checkout page, which returns to the invoice’s page; nothing is ' +
        'paid until the gateway confirms it to us',
      description:
        'Records a pending attempt under a reference of ours (with no portal account: whoever holds the link pays) and answers the gateway’s checkout address; the money is recorded on the invoice only when the gateway’s signed webhook confirms it. ' +
        'Refused with 400 when the amount is more than is due (or has cents in a currency without them), 404 when the slug is malformed, revoked or unknown, 409 when the invoice is not open with money due, no gateway takes its currency, or Paystack has no client email to send its receipt to, and 502 when the gateway cannot be reached.',
    },
    async (request) => ok('Payment started', await payments.start(request.params.slug, request.body.amount)),
  );
}
