import {
  allocateInstalments,
  fromCents,
  instalmentDateProblem,
  nextInstalmentDue,
  PAYMENT_PLAN_MESSAGES,
  planDifferenceMessage,
  toCents,
  type ClientPaymentPlan,
  type InvoicePaymentPlans,
  type MissedInstalments,
  type PaymentPlan,
  type PaymentPlanInput,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { clientPlanOf } from './client-payment-plans.service.ts';
import { findLiveClientPlanOfInvoice } from './client-payment-plans.repository.ts';
import { instalmentsWithRunningTotal } from './payment-plan-instalments.ts';
import {
  endPlan,
  findAutomaticCharges,
  findAutomaticPayment,
  findLivePlanOfInvoice,
  findMissedPlans,
  findPlanInvoice,
  findPlans,
  insertPlan,
  type PlanInvoiceRow,
  type PlanRow,
} from './payment-plans.repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const MISSED_LIST_LIMIT = 10;

/**
 * A plan as it stands: what came off the invoice's balance since it was set up (its total minus the
 * balance now; payments, reversals, credits and write-offs all move the balance) pays its instalments
 * in due order. Nothing of the money is stored on the plan: the invoice's payments stay its record.
 */
function planOf(row: PlanRow, invoice: PlanInvoiceRow): PaymentPlan {
  const isLive = row.status === 'Active';
  const covered = isLive ? fromCents(toCents(row.total) - toCents(invoice.balanceDue)) : '0.00';
  const instalments = allocateInstalments(row.instalments, covered, invoice.today, isLive && invoice.isOpen);
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
  };
}

async function invoiceIn(tx: Tx, firmId: string, invoiceId: string, isLocked = false) {
  const invoice = await findPlanInvoice(tx, firmId, invoiceId, isLocked);
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

async function viewOf(tx: Tx, firmId: string, invoice: PlanInvoiceRow): Promise<InvoicePaymentPlans> {
  const plans = (await findPlans(tx, firmId, invoice.id)).map((row) => planOf(row, invoice));
  const live = await findLivePlanOfInvoice(tx, firmId, invoice.id);
  const clientPlan =
    live?.kind === 'clientBalance' ? { clientId: live.clientId, clientName: live.clientName, invoiceCount: live.invoiceCount } : null;
  return {
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    currencyCode: invoice.currencyCode,
    currencySymbol: invoice.currencySymbol,
    balanceDue: invoice.balanceDue,
    today: invoice.today,
    canHavePlan: invoice.isOpen && !clientPlan,
    clientPlan,
    plan: plans.find((plan) => plan.status === 'Active') ?? null,
    history: plans.filter((plan) => plan.status !== 'Active'),
    automaticPayment: await findAutomaticPayment(tx, firmId, invoice),
    automaticCharges: await findAutomaticCharges(tx, firmId, invoice.id),
  };
}

/** The rules the schema cannot check alone: the firm's today and the invoice's balance. */
function checkInstalments(input: PaymentPlanInput, invoice: PlanInvoiceRow) {
  if (!invoice.isOpen) throw conflict(PAYMENT_PLAN_MESSAGES.notOpen);
  const dates = instalmentDateProblem(input.instalments, invoice.today);
  if (dates) throw badRequest(dates.message, { [`instalments.${dates.number - 1}.dueDate`]: dates.message });
  const difference = planDifferenceMessage(input.instalments, invoice.balanceDue);
  if (difference) throw badRequest(difference, { instalments: difference });
}

export function createPaymentPlans(database: Database) {
  /** Sets up a plan, ending the live one first when replacing; the invoice is locked so a payment cannot slip between. */
  const setUp = (principal: FirmPrincipal, invoiceId: string, input: PaymentPlanInput, isReplacing: boolean) =>
    database.withFirm(principal.firmId, async (tx) => {
      const invoice = await invoiceIn(tx, principal.firmId, invoiceId, true);
      const live = await findLivePlanOfInvoice(tx, principal.firmId, invoiceId);
      if (live?.kind === 'clientBalance') throw conflict(PAYMENT_PLAN_MESSAGES.inClientPlan);
      const livePlanId = live?.id ?? null;
      if (isReplacing && !livePlanId) throw conflict(PAYMENT_PLAN_MESSAGES.noLivePlan);
      if (!isReplacing && livePlanId) throw conflict(PAYMENT_PLAN_MESSAGES.alreadyLive);
      checkInstalments(input, invoice);
      if (livePlanId) await endPlan(tx, principal.firmId, livePlanId, 'Replaced', principal.userId);
      const instalments = instalmentsWithRunningTotal(input.instalments);
      const planId = await insertPlan(tx, {
        firmId: principal.firmId,
        invoiceId,
        clientId: invoice.clientId,
        invoiceIds: [invoiceId],
        total: invoice.balanceDue,
        userId: principal.userId,
        instalments,
      });
      if (!planId) throw conflict(PAYMENT_PLAN_MESSAGES.alreadyLive);
      await recordAuditEvent(tx, principal, isReplacing ? 'invoice.paymentPlanReplaced' : 'invoice.paymentPlanSet', invoiceId, {
        invoiceNumber: invoice.invoiceNumber,
        after: { total: invoice.balanceDue, instalments: instalments.map(({ dueDate, amount }) => ({ dueDate, amount })) },
      });
      return viewOf(tx, principal.firmId, invoice);
    });

  return {
    view: (principal: FirmPrincipal, invoiceId: string): Promise<InvoicePaymentPlans> =>
      database.withFirm(
        principal.firmId,
        async (tx) => viewOf(tx, principal.firmId, await invoiceIn(tx, principal.firmId, invoiceId)),
        READ_ONLY,
      ),

    create: (principal: FirmPrincipal, invoiceId: string, input: PaymentPlanInput) => setUp(principal, invoiceId, input, false),
    replace: (principal: FirmPrincipal, invoiceId: string, input: PaymentPlanInput) => setUp(principal, invoiceId, input, true),

    cancel: (principal: FirmPrincipal, invoiceId: string): Promise<InvoicePaymentPlans> =>
      database.withFirm(principal.firmId, async (tx) => {
        const invoice = await invoiceIn(tx, principal.firmId, invoiceId, true);
        const live = await findLivePlanOfInvoice(tx, principal.firmId, invoiceId);
        if (live?.kind === 'clientBalance') throw conflict(PAYMENT_PLAN_MESSAGES.inClientPlan);
        const livePlanId = live?.id ?? null;
        if (!livePlanId) throw conflict(PAYMENT_PLAN_MESSAGES.noLivePlan);
        await endPlan(tx, principal.firmId, livePlanId, 'Cancelled', principal.userId);
        await recordAuditEvent(tx, principal, 'invoice.paymentPlanCancelled', invoiceId, { invoiceNumber: invoice.invoiceNumber });
        return viewOf(tx, principal.firmId, invoice);
      }),

    missed: (principal: FirmPrincipal): Promise<MissedInstalments> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const rows = await findMissedPlans(tx, principal.firmId, MISSED_LIST_LIMIT);
          return { totalCount: rows[0]?.totalCount ?? 0, invoices: rows.map(({ totalCount: _count, ...row }) => row) };
        },
        READ_ONLY,
      ),
  };
}

/**
 * What a client sees of an invoice's live plan (the portal's invoice, the public invoice page), in a
 * transaction of the invoice's firm; null when it has none or the invoice asks for no money.
 */
export async function findClientPaymentPlan(tx: Tx, firmId: string, invoiceId: string): Promise<ClientPaymentPlan | null> {
  const invoice = await findPlanInvoice(tx, firmId, invoiceId);
  if (!invoice?.isOpen) return null;
  const clientPlan = await findLiveClientPlanOfInvoice(tx, firmId, invoiceId);
  if (clientPlan) {
    const plan = clientPlanOf(clientPlan, invoice.today);
    return {
      total: plan.total,
      instalments: plan.instalments,
      nextInstalment: plan.nextInstalment,
      kind: 'clientBalance',
      invoiceNumbers: plan.invoices.map((row) => row.invoiceNumber),
      payFirstInvoiceNumber: clientPlan.payFirstInvoiceNumber,
      automaticPayment: await findAutomaticPayment(tx, firmId, invoice),
    };
  }
  const live = (await findPlans(tx, firmId, invoiceId)).find((row) => row.status === 'Active');
  if (!live) return null;
  const plan = planOf(live, invoice);
  return {
    total: plan.total,
    instalments: plan.instalments,
    nextInstalment: plan.nextInstalment,
    kind: 'invoice',
    invoiceNumbers: invoice.invoiceNumber ? [invoice.invoiceNumber] : [],
    payFirstInvoiceNumber: invoice.invoiceNumber,
    automaticPayment: await findAutomaticPayment(tx, firmId, invoice),
  };
}
