import type { FastifyInstance } from 'fastify';
import { subscriptionContracts } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf, unverifiedFirmAccess } from '../../plugins/route-access.ts';
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
}
