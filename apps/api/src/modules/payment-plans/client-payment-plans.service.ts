import {
  allocateInstalments,
  fromCents,
  instalmentDateProblem,
  nextInstalmentDue,
  PAYMENT_PLAN_MESSAGES,
  planDifferenceMessage,
  toCents,
  type ClientBalancePlan,
  type ClientPaymentPlanInput,
  type ClientPaymentPlans,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import {
  findClientPlans,
  findCoverableInvoices,
  findLiveClientPlanId,
  findPlanClient,
  type ClientPlanRow,
  type PlanClientRow,
} from './client-payment-plans.repository.ts';
import { endPlan, insertPlan } from './payment-plans.repository.ts';
import { instalmentsWithRunningTotal } from './payment-plan-instalments.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A plan on a client's balance as it stands (ADR 0077): what came off its invoices' balances since it
 * was set up (its total less what they owe now) pays its instalments in due order.
 */
export function clientPlanOf(row: ClientPlanRow, today: string): ClientBalancePlan {
  const isLive = row.status === 'Active';
  const covered = isLive ? fromCents(toCents(row.total) - toCents(row.balanceDue)) : '0.00';
  const instalments = allocateInstalments(row.instalments, covered, today, isLive && row.isCollecting);
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    coveredAmount: toCents(covered) < 0n ? '0.00' : covered,
    createdAt: iso(row.createdAt),
    createdByName: row.createdByName,
    endedAt: row.endedAt ? iso(row.endedAt) : null,
    endedByName: row.endedByName,
    instalments,
    nextInstalment: isLive ? nextInstalmentDue(instalments) : null,
    missedCount: instalments.filter((instalment) => instalment.state === 'missed').length,
    currencyCode: row.currencyCode,
    currencySymbol: row.currencySymbol,
    balanceDue: row.balanceDue,
    invoices: row.invoices,
  };
}

async function clientIn(tx: Tx, firmId: string, clientId: string, isLocked = false) {
  const client = await findPlanClient(tx, firmId, clientId, isLocked);
  if (!client) throw notFound('Client');
  return client;
}

async function viewOf(tx: Tx, firmId: string, client: PlanClientRow): Promise<ClientPaymentPlans> {
  const plans = (await findClientPlans(tx, firmId, client.id)).map((row) => clientPlanOf(row, client.today));
  return {
    clientId: client.id,
    clientName: client.name,
    today: client.today,
    plan: plans.find((plan) => plan.status === 'Active') ?? null,
    history: plans.filter((plan) => plan.status !== 'Active'),
    openInvoices: await findCoverableInvoices(tx, firmId, client.id),
  };
}

/**
 * The picked invoices, locked: each the client's, open, in the plan's currency, and in no other live
 * plan (`replacing` is the plan being replaced, whose invoices may move to the new one). Their balances
 * now are the plan's total.
 */
async function pickedInvoices(tx: Tx, firmId: string, clientId: string, input: ClientPaymentPlanInput, replacing: string | null) {
  const ids = [...new Set(input.invoiceIds)];
  const rows = await findCoverableInvoices(tx, firmId, clientId, ids);
  const missing = ids.find((id) => !rows.some((row) => row.invoiceId === id));
  if (missing) throw conflict(PAYMENT_PLAN_MESSAGES.invoiceGone);
  const foreign = rows.find((row) => row.currencyCode !== input.currencyCode);
  if (foreign) throw conflict(PAYMENT_PLAN_MESSAGES.invoiceNotCoverable(foreign.invoiceNumber));
  const taken = rows.find((row) => row.livePlan === 'invoice' || (row.livePlan === 'clientBalance' && !replacing));
  if (taken) throw conflict(PAYMENT_PLAN_MESSAGES.invoiceInLivePlan(taken.invoiceNumber));
  return { ids, total: fromCents(rows.reduce((sum, row) => sum + toCents(row.balanceDue), 0n)) };
}

export function createClientPaymentPlans(database: Database) {
  /** Sets up a plan on the client's balance, ending the live one first when replacing; the client and the invoices are locked. */
  const setUp = (principal: FirmPrincipal, clientId: string, input: ClientPaymentPlanInput, isReplacing: boolean) =>
    database.withFirm(principal.firmId, async (tx) => {
      const client = await clientIn(tx, principal.firmId, clientId, true);
      const livePlanId = await findLiveClientPlanId(tx, principal.firmId, clientId);
      if (isReplacing && !livePlanId) throw conflict(PAYMENT_PLAN_MESSAGES.clientNoLivePlan);
      if (!isReplacing && livePlanId) throw conflict(PAYMENT_PLAN_MESSAGES.clientAlreadyLive);
      const picked = await pickedInvoices(tx, principal.firmId, clientId, input, livePlanId);
      const dates = instalmentDateProblem(input.instalments, client.today);
      if (dates) throw badRequest(dates.message, { [`instalments.${dates.number - 1}.dueDate`]: dates.message });
      const difference = planDifferenceMessage(input.instalments, picked.total);
      if (difference) throw badRequest(difference, { instalments: difference });
      if (livePlanId) await endPlan(tx, principal.firmId, livePlanId, 'Replaced', principal.userId);
      const instalments = instalmentsWithRunningTotal(input.instalments);
      const planId = await insertPlan(tx, {
        firmId: principal.firmId,
        invoiceId: null,
        clientId,
        invoiceIds: picked.ids,
        total: picked.total,
        userId: principal.userId,
        instalments,
      });
      if (!planId) throw conflict(PAYMENT_PLAN_MESSAGES.clientAlreadyLive);
      await recordAuditEvent(tx, principal, isReplacing ? 'client.paymentPlanReplaced' : 'client.paymentPlanSet', clientId, {
        clientName: client.name,
        after: {
          total: picked.total,
          currencyCode: input.currencyCode,
          invoiceIds: picked.ids,
          instalments: instalments.map(({ dueDate, amount }) => ({ dueDate, amount })),
        },
      });
      return viewOf(tx, principal.firmId, client);
    });

  return {
    view: (principal: FirmPrincipal, clientId: string): Promise<ClientPaymentPlans> =>
      database.withFirm(
        principal.firmId,
        async (tx) => viewOf(tx, principal.firmId, await clientIn(tx, principal.firmId, clientId)),
        READ_ONLY,
      ),

    create: (principal: FirmPrincipal, clientId: string, input: ClientPaymentPlanInput) => setUp(principal, clientId, input, false),
    replace: (principal: FirmPrincipal, clientId: string, input: ClientPaymentPlanInput) => setUp(principal, clientId, input, true),

    cancel: (principal: FirmPrincipal, clientId: string): Promise<ClientPaymentPlans> =>
      database.withFirm(principal.firmId, async (tx) => {
        const client = await clientIn(tx, principal.firmId, clientId, true);
        const livePlanId = await findLiveClientPlanId(tx, principal.firmId, clientId);
        if (!livePlanId) throw conflict(PAYMENT_PLAN_MESSAGES.clientNoLivePlan);
        await endPlan(tx, principal.firmId, livePlanId, 'Cancelled', principal.userId);
        await recordAuditEvent(tx, principal, 'client.paymentPlanCancelled', clientId, { clientName: client.name });
        return viewOf(tx, principal.firmId, client);
      }),
  };
}
