import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, subscriptionContracts } from '@matterhorn/shared';
import { z } from 'zod';
import { answers, ok, sendPdf } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { withRawJsonBodies } from '../../plugins/raw-json-body.ts';
import { firmAccess, firmPrincipalOf, publicAccess, unverifiedFirmAccess } from '../../plugins/route-access.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

/** Issue 38's calls under /api/admin/sub-scription-master/. */
export function registerSubscriptionRoutes(app: FastifyInstance, subscriptions: SubscriptionsService) {
  const route = contractRoutes(app, ['Subscriptions']);
  // Every signed-in member reads it (the shell's plan banner, the team page's seats), before the email is verified too.
  route(
    subscriptionContracts.info,
    {
      access: unverifiedFirmAccess(),
      summary: "The firm's current plan (SPEC.md §3 Subscription info)",
      description:
        'Answers the firm’s subscription: plan, period (DD/MM/YYYY), seats allowed and used, the period’s price in its currency and in naira and dollars, a scheduled downgrade, and the next billing date and amount (VAT included) while it is billed. Answers 404 when the firm has none.',
    },
    async (request) => ok('Subscription info', await subscriptions.infoOf(firmPrincipalOf(request))),
  );
  route(
    subscriptionContracts.plans,
    {
      access: firmAccess('subscriptionPlan'),
      summary: 'The plans the firm can choose, priced per seat in its billing currency',
      description:
        'Answers the operator’s catalogue (PLANS_FILE): the free plan and the paid ones with a seat’s price for 30 and 365 days, in naira (with VAT) for a firm in Nigeria, in dollars otherwise.',
    },
    async (request) => ok('Plans', await subscriptions.plansFor(firmPrincipalOf(request))),
  );
  route(
    subscriptionContracts.previewChange,
    {
      access: firmAccess('subscriptionPlan'),
      summary: 'What a change of plan, interval or seats costs today and from the next billing date',
      description:
        'Changes nothing. From a trial, the free plan or read-only: a first period paid today. While paying: more per period applies now, the days left charged ((new − old) × days left ÷ period days); less, or another interval, waits for the next billing date. Refuses fewer seats than active users, naming them.',
    },
    async (request) => ok('Plan change', await subscriptions.previewChange(firmPrincipalOf(request), request.body)),
  );
  route(
    subscriptionContracts.changePlan,
    {
      access: firmAccess('subscriptionPlan.edit'),
      summary: 'Changes the plan, interval or seats: a checkout for what is paid today, or a change scheduled for the next billing date',
      description:
        'Answers the gateway’s checkout page (Paystack for naira, Stripe for dollars, the operator’s accounts) for a first period, an upgrade or a past-due renewal; the change applies only when the gateway confirms the payment (its signed webhook). An upgrade is charged to the saved card when there is one (charged: applied now; pending: when the gateway confirms), and through checkout if the card is declined. A downgrade or another interval is scheduled at once. 409 while cancelled, 503 when online payment is not set up, 502 when the gateway cannot be reached.',
    },
    async (request) => ok('Plan change', await subscriptions.changePlan(firmPrincipalOf(request), request.body)),
  );

  route(
    subscriptionContracts.cancel,
    {
      access: firmAccess('subscriptionPlan.edit'),
      summary: 'Cancels the subscription: the paid period runs to its end, then the firm is read-only; nothing more is billed',
      description: 'Answers the subscription info (isCancelled, cancellationDate). 409 when it is not active or already cancelled.',
    },
    async (request) => ok('Subscription cancelled', await subscriptions.setCancelled(firmPrincipalOf(request), true)),
  );
  route(
    subscriptionContracts.reactivate,
    {
      access: firmAccess('subscriptionPlan.edit'),
      summary: 'Reactivates a cancelled subscription before its paid period ends: billing resumes on the next billing date',
      description:
        'Answers the subscription info (reactviationDate). 409 when it is not cancelled; after the period ended, choose a plan again.',
    },
    async (request) => ok('Subscription reactivated', await subscriptions.setCancelled(firmPrincipalOf(request), false)),
  );
  route(
    subscriptionContracts.billingHistory,
    {
      access: firmAccess('subscriptionPlan'),
      summary: "The firm's charges for Matterhorn, newest first",
      description: 'Each charge: when, for which plan, seats and interval, the amount with its VAT, its status and our gateway reference.',
    },
    async (request) => ok('Billing history', await subscriptions.billingHistory(firmPrincipalOf(request))),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/sub-scription-master/get-receipt/:id',
    {
      config: { access: firmAccess('subscriptionPlan') },
      schema: {
        tags: ['Subscriptions'],
        summary: 'A paid charge’s receipt as PDF (attachment): what was paid for, the VAT in it and how',
        description:
          'Answers the receipt of one of the firm’s paid charges (from get-billing-history). 404 when it is another firm’s or not paid.',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await subscriptions.receiptOf(firmPrincipalOf(request), request.params.id);
      return sendPdf(reply, pdf, fileName);
    },
  );

  // The webhooks' signatures are over the exact bytes sent: these routes read the body raw (as the portal's).
  void withRawJsonBodies(app, (webhooks, { rawBodyOf, header }) => {
    for (const [gateway, signatureHeader] of [
      ['paystack', 'x-paystack-signature'],
      ['stripe', 'stripe-signature'],
    ] as const)
      webhooks.post(
        `/api/webhooks/subscriptions/${gateway}`,
        {
          config: { access: publicAccess() },
          schema: {
            tags: ['Subscriptions'],
            security: [],
            consumes: ['application/json'],
            summary: `${gateway === 'paystack' ? 'Paystack' : 'Stripe'}’s webhook for subscription charges: signature verified with the operator’s key (else 400), each event kept verbatim and processed once`,
            description:
              'A confirmed payment of the right amount and currency applies its charge (a first period, or an upgrade) to the firm’s subscription; a failure marks the charge failed; a repeated delivery changes nothing (outcome repeated). 404 when the gateway is not configured.',
            response: answers(
              z.object({
                outcome: z
                  .string()
                  .describe(
                    'What the event did: applied, paidNotApplied, failed, refused, alreadySettled, repeated, ignored, unconfirmed or unknown.',
                  ),
              }),
            ),
          },
        },
        async (request) =>
          ok('Webhook processed', {
            outcome: await subscriptions.webhook(gateway, rawBodyOf(request.body), header(request.headers[signatureHeader])),
          }),
      );
  });
}
