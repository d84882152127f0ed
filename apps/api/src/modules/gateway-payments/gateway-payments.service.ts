import { randomUUID } from 'node:crypto';
import {
  compareMoney,
  PORTAL_PAYMENT_MESSAGES,
  type OnlinePaymentsFilter,
  type PaymentGatewayName,
  type PortalPaymentOptions,
  type StartedPortalPayment,
  type StartPortalPaymentInput,
} from '@matterhorn/shared';
import type { PaymentGatewaySettings } from '../../config.ts';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal, PortalPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import {
  findFirmOfReference,
  findFirmRecorder,
  findClientPayable,
  findClientPayables,
  findOnlinePayments,
  findPortalAccountEmail,
  failGatewayPayment,
  insertGatewayEvent,
  insertGatewayPayment,
  lockGatewayPayment,
  setGatewaySession,
  setGatewayEventOutcome,
  type GatewayPaymentRow,
} from './gateway-payments.repository.ts';
import { fromMinorUnits, gatewayFor, toMinorUnits } from './gateway-payments.rules.ts';
import { GatewayUnavailableError, type GatewayEvent, type PaymentGateway } from './gateways.ts';
import { createPaymentRecorder } from './payment-recorder.ts';
import { createPaystackGateway } from './paystack-gateway.ts';
import { holdUnappliedCash } from './unapplied-cash.ts';
import { createStripeGateway } from './stripe-gateway.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';

type Succeeded = Extract<GatewayEvent, { kind: 'succeeded' }>;

/** The gateways configured: Paystack (naira) and Stripe (other currencies), each only with its keys. */
export function createGateways(settings: PaymentGatewaySettings): Partial<Record<PaymentGatewayName, PaymentGateway>> {
  return {
    ...(settings.paystack ? { paystack: createPaystackGateway(settings.paystack) } : {}),
    ...(settings.stripe ? { stripe: createStripeGateway(settings.stripe) } : {}),
  };
}

const gatewayUnavailable = () => new AppError(502, PORTAL_PAYMENT_MESSAGES.gatewayUnavailable);

/**
 * Online payments from the portal. Starting one records a pending attempt and answers the gateway's
 * checkout page; the money is recorded only from the gateway's signed webhook, once per event (the
 * event's id is written in the transaction that records it), against the attempt locked first, so a
 * repeated or late event never pays twice nor unpays.
 */
export function createGatewayPaymentService({
  database,
  settings,
  appUrl,
  gateways = createGateways(settings),
}: {
  database: Database;
  settings: PaymentGatewaySettings;
  appUrl: string;
  gateways?: Partial<Record<PaymentGatewayName, PaymentGateway>>;
}) {
  const recorder = createPaymentRecorder(database);

  async function systemActor(tx: Tx, firmId: string): Promise<FirmPrincipal> {
    const userId = await findFirmRecorder(tx, firmId);
    if (!userId) throw conflict('The firm has no user to record the payment');
    return { kind: 'firm', sessionId: '', firmId, userId, adminUserId: userId, permissions: [], isVerified: true };
  }

  /**
   * Runs an event's work once: the payment locked first (two deliveries of one event wait for each
   * other), then the event id written; a delivery whose id is there already changes nothing.
   */
  async function once(
    tx: Tx,
    firmId: string,
    gateway: PaymentGatewayName,
    event: { eventId: string; eventType: string; reference: string },
    work: (payment: GatewayPaymentRow, actor: FirmPrincipal) => Promise<string>,
  ): Promise<string> {
    const payment = await lockGatewayPayment(tx, firmId, event.reference);
    if (!payment) return 'unknown';
    const isNew = await insertGatewayEvent(tx, {
      firmId,
      gateway,
      eventId: event.eventId,
      eventType: event.eventType,
      gatewayPaymentId: payment.id,
      outcome: 'processing',
    });
    if (!isNew) return 'repeated';
    const outcome = await work(payment, await systemActor(tx, firmId));
    await setGatewayEventOutcome(tx, firmId, gateway, event.eventId, outcome);
    return outcome;
  }

  const recordSuccess = (tx: Tx, firmId: string, gateway: PaymentGatewayName, event: Succeeded) =>
    once(tx, firmId, gateway, event, async (payment, actor) => {
      // Settled already (a success under another event id, or a late duplicate): never paid twice.
      if (payment.status === 'succeeded') return 'alreadySettled';
      const trail = { gateway, eventId: event.eventId, eventType: event.eventType, reference: payment.reference };
      if (event.currencyCode !== payment.currencyCode || event.amountMinor !== toMinorUnits(payment.amount, payment.currencyCode)) {
        const reason = `The gateway reported ${event.amountMinor} ${event.currencyCode} (minor units) for ${payment.amount} ${payment.currencyCode}`;
        await failGatewayPayment(tx, firmId, payment.id, 'refused', reason);
        // The gateway took the money all the same: it is the client's, held unapplied until refunded.
        const taken = fromMinorUnits(event.amountMinor, event.currencyCode);
        if (compareMoney(taken, '0') > 0)
          await holdUnappliedCash(tx, actor, payment, {
            amount: taken,
            currencyCode: event.currencyCode,
            today: await findFirmToday(tx, firmId),
            why: 'refused: the amount or currency was not the one asked',
          });
        await recordAuditEvent(tx, actor, 'gatewayPayment.refused', payment.id, { ...trail, reason, forRefund: true });
        return 'refused';
      }
      const fee = event.feeMinor === null ? null : fromMinorUnits(event.feeMinor, payment.currencyCode);
      await recorder.record(tx, actor, payment, {
        ...trail,
        fee,
        transactionId: event.transactionId,
        today: await findFirmToday(tx, firmId),
      });
      return 'recorded';
    });

  const recordFailure = (tx: Tx, firmId: string, gateway: PaymentGatewayName, event: Extract<GatewayEvent, { kind: 'failed' }>) =>
    once(tx, firmId, gateway, event, async (payment, actor) => {
      // A failure after the success (out of order) changes nothing: the money was taken and recorded.
      if (payment.status !== 'pending') return 'ignored';
      await failGatewayPayment(tx, firmId, payment.id, 'failed', event.reason);
      await recordAuditEvent(tx, actor, 'gatewayPayment.failed', payment.id, {
        gateway,
        eventId: event.eventId,
        reference: payment.reference,
        reason: event.reason,
      });
      return 'failed';
    });

  return {
    /** The firm's online payments, newest first (Billing → Online Payments). */
    async list(principal: FirmPrincipal, query: OnlinePaymentsFilter) {
      const found = await database.withFirm(
        principal.firmId,
        (tx) =>
          findOnlinePayments(tx, principal.firmId, {
            status: query.Status,
            needsAttention: query.NeedsAttention,
            page: query.page,
            size: query.size,
          }),
        READ_ONLY,
      );
      return {
        data: found.rows,
        page: query.page,
        size: query.size,
        totalCount: found.totalCount,
        isTotalCountCapped: found.isTotalCountCapped,
      };
    },

    /** What the client can pay online now: their open invoices and trust requests in a currency a configured gateway takes. */
    options: async (principal: PortalPrincipal): Promise<PortalPaymentOptions> => {
      const rows = await database.withFirm(
        principal.firmId,
        (tx) => findClientPayables(tx, principal.firmId, principal.clientId),
        READ_ONLY,
      );
      return {
        payable: rows.flatMap((row) => {
          const gateway = gatewayFor(settings, row.currencyCode);
          return gateway && gateways[gateway]
            ? [{ kind: row.kind, id: row.id, currencyCode: row.currencyCode, amountDue: row.amountDue, gateway }]
            : [];
        }),
      };
    },

    async start(
      principal: PortalPrincipal,
      input: { kind: StartPortalPaymentInput['kind']; id: string; amount: string | null },
    ): Promise<StartedPortalPayment> {
      const { firmId, clientId } = principal;
      const reference = `mh_${randomUUID().replaceAll('-', '')}`;
      const attempt = await database.withFirm(firmId, async (tx) => {
        const payable = await findClientPayable(tx, firmId, clientId, input.kind, input.id);
        if (!payable) throw notFound(input.kind === 'invoice' ? 'Invoice' : 'Trust request');
        if (compareMoney(payable.amountDue, '0') <= 0) throw conflict(PORTAL_PAYMENT_MESSAGES.nothingDue);
        const amount = input.amount ?? payable.amountDue;
        if (compareMoney(amount, payable.amountDue) > 0)
          throw badRequest(PORTAL_PAYMENT_MESSAGES.overpayment, { amount: PORTAL_PAYMENT_MESSAGES.overpayment });
        const gatewayName = gatewayFor(settings, payable.currencyCode);
        const gateway = gatewayName ? gateways[gatewayName] : undefined;
        if (!gatewayName || !gateway) throw conflict(PORTAL_PAYMENT_MESSAGES.noGateway);
        const amountMinor = toMinorUnits(amount, payable.currencyCode);
        if (amountMinor === null)
          throw badRequest(`${payable.currencyCode} amounts have no cents`, { amount: `${payable.currencyCode} amounts have no cents` });
        const id = await insertGatewayPayment(tx, {
          firmId,
          clientId,
          portalAccountId: principal.portalAccountId,
          invoiceId: input.kind === 'invoice' ? input.id : null,
          trustRequestId: input.kind === 'trustRequest' ? input.id : null,
          amount,
          currencyCode: payable.currencyCode,
          gateway: gatewayName,
          reference,
        });
        const email = await findPortalAccountEmail(tx, firmId, principal.portalAccountId);
        return { id, amount, amountMinor, gateway, gatewayName, label: payable.label, currencyCode: payable.currencyCode, email };
      });
      const tab = input.kind === 'invoice' ? 'invoices' : 'trust';
      const portalPage = `${appUrl}/portal/${encodeURIComponent(principal.company)}/${clientId}?activeTab=${tab}`;
      try {
        const checkout = await attempt.gateway.startCheckout({
          reference,
          amountMinor: attempt.amountMinor,
          currencyCode: attempt.currencyCode,
          email: attempt.email,
          description: `${attempt.label} (${attempt.amount} ${attempt.currencyCode})`,
          returnUrl: `${portalPage}&payment=returned`,
          cancelUrl: portalPage,
        });
        await database.withFirm(firmId, (tx) => setGatewaySession(tx, firmId, attempt.id, checkout.sessionId, null));
        return {
          checkoutUrl: checkout.checkoutUrl,
          reference,
          gateway: attempt.gatewayName,
          amount: attempt.amount,
          currencyCode: attempt.currencyCode,
        };
      } catch (error) {
        if (!(error instanceof GatewayUnavailableError)) throw error;
        await database.withFirm(firmId, (tx) => setGatewaySession(tx, firmId, attempt.id, null, error.message.slice(0, 500)));
        throw gatewayUnavailable();
      }
    },

    /**
     * A gateway's webhook: its signature checked on the raw bytes (refused: 400, nothing changes), its
     * firm found from our reference, and its event processed once. A success is confirmed with the
     * gateway first where it asks for that (Paystack's verify).
     */
    async webhook(gatewayName: PaymentGatewayName, rawBody: Buffer, signature: string | undefined): Promise<string> {
      const gateway = gateways[gatewayName];
      if (!gateway) throw notFound('Payment gateway');
      const event = gateway.readEvent(rawBody, signature);
      if (!event) throw badRequest('The webhook signature is not valid');
      if (event.kind === 'ignored') return 'ignored';
      const owner = await database.withIdentityLookup((tx) => findFirmOfReference(tx, event.reference));
      if (!owner || owner.gateway !== gatewayName) return 'unknown';
      if (event.kind === 'failed') return database.withFirm(owner.firmId, (tx) => recordFailure(tx, owner.firmId, gatewayName, event));
      const confirmed = await gateway.confirm(event).catch((error: unknown) => {
        if (error instanceof GatewayUnavailableError) throw gatewayUnavailable();
        throw error;
      });
      // Not a success by the gateway's own word: nothing is recorded, and a later delivery is processed afresh.
      if (!confirmed) return 'unconfirmed';
      return database.withFirm(owner.firmId, (tx) => recordSuccess(tx, owner.firmId, gatewayName, confirmed));
    },
  };
}
export type GatewayPaymentService = ReturnType<typeof createGatewayPaymentService>;
