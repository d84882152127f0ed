import type { FastifyInstance } from 'fastify';
import { PAYMENT_PLAN_MESSAGES, paymentPlanContracts as calls } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createClientPaymentPlans } from './client-payment-plans.service.ts';
import { createPaymentPlans } from './payment-plans.service.ts';

/**
 * Payment plans (issue 44 §4, ADR 0074). Seeing one needs `invoice`. Setting one up, replacing or
 * cancelling it needs `invoice.approve`: it changes when the client is asked to pay what the firm
 * billed, a credit decision of the same kind as approving the bill; `paymentInfo` is the recording
 * of money received, which a plan never touches.
 */
export function registerPaymentPlanRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Payment plans']);
  const plans = createPaymentPlans(database);
  const clientPlans = createClientPaymentPlans(database);

  route(
    calls.invoicePlans,
    {
      access: firmAccess('invoice'),
      summary: 'An invoice’s live payment plan with each instalment’s paid, due or missed state, and the plans it replaced',
      description: '404 for an invoice that is not the firm’s.',
    },
    async (request) => ok('Payment plans', await plans.view(firmPrincipalOf(request), request.params.id)),
  );
  route(
    calls.create,
    {
      access: firmAccess('invoice.approve'),
      summary: 'Sets up a payment plan on an issued invoice with a balance due (audited; one live plan per invoice)',
      description:
        '400 when the instalments do not add up to the balance due (the message says by how much), a due date is in the past or not after the one before, or there are fewer than 2; 409 for a draft, void or paid invoice, or one that already has a live plan.',
    },
    async (request) => ok(PAYMENT_PLAN_MESSAGES.created, await plans.create(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    calls.replace,
    {
      access: firmAccess('invoice.approve'),
      summary: 'Replaces the live plan with new instalments for the balance due now; the old plan is kept as Replaced (audited)',
      description: '400 as for setting one up; 409 when the invoice has no live plan.',
    },
    async (request) => ok(PAYMENT_PLAN_MESSAGES.replaced, await plans.replace(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    calls.cancel,
    {
      access: firmAccess('invoice.approve'),
      summary: 'Cancels the live plan: the invoice is owed on its own due date again; the plan is kept as Cancelled (audited)',
      description: '409 when the invoice has no live plan.',
    },
    async (request) => ok(PAYMENT_PLAN_MESSAGES.cancelled, await plans.cancel(firmPrincipalOf(request), request.params.id)),
  );
  route(
    calls.missed,
    { access: firmAccess('invoice'), summary: 'Invoices with a missed instalment, the oldest first (at most 10), and how many in all' },
    async (request) => ok('Missed instalments', await plans.missed(firmPrincipalOf(request))),
  );
  route(
    calls.clientPlans,
    {
      access: firmAccess('invoice'),
      summary:
        'A client’s live plan on their balance with each instalment’s state, the plans it replaced, and the open invoices a plan could cover',
      description: '404 for a client that is not the firm’s.',
    },
    async (request) => ok('Payment plans', await clientPlans.view(firmPrincipalOf(request), request.params.id)),
  );
  route(
    calls.createClientPlan,
    {
      access: firmAccess('invoice.approve'),
      summary: 'Sets up a payment plan on a client’s open invoices in one currency (audited; one live plan per client’s balance)',
      description:
        '400 when the instalments do not add up to the ticked invoices’ balances (the message says by how much), or a due date is in the past or not after the one before; 409 when an invoice is in a live plan already (the message names it), is not the client’s open invoice in that currency, or the client has a live plan; 404 for another firm’s client.',
    },
    async (request) =>
      ok(PAYMENT_PLAN_MESSAGES.created, await clientPlans.create(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    calls.replaceClientPlan,
    {
      access: firmAccess('invoice.approve'),
      summary: 'Replaces the client’s live plan with new invoices and instalments; the old plan is kept as Replaced (audited)',
      description: '400 and 409 as for setting one up; 409 when the client has no live plan.',
    },
    async (request) =>
      ok(PAYMENT_PLAN_MESSAGES.replaced, await clientPlans.replace(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    calls.cancelClientPlan,
    {
      access: firmAccess('invoice.approve'),
      summary: 'Cancels the client’s live plan: each invoice is owed on its own due date again; the plan is kept as Cancelled (audited)',
      description: '409 when the client has no live plan on their balance.',
    },
    async (request) => ok(PAYMENT_PLAN_MESSAGES.cancelled, await clientPlans.cancel(firmPrincipalOf(request), request.params.id)),
  );
}
