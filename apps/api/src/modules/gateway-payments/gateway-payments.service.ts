import { randomUUID } from 'node:crypto';
import {
  addMoney,
  compareMoney,
  PORTAL_PAYMENT_MESSAGES,
  SAVED_CARD_MESSAGES,
  type OnlinePaymentsFilter,
  type PaymentGatewayName,
  type PortalPaymentOptions,
  type SavedCard,
  type StartedPortalPayment,
  type StartPortalPaymentInput,
} from '@matterhorn/shared';
import type { PaymentGatewaySettings } from '../../config.ts';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { decryptSecret, encryptSecret } from '../../lib/secrets.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { FirmPrincipal, PortalPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import {
  claimInstalmentCharge,
  findFirmOfReference,
  findInstalmentChargeNotice,
  findInstalmentsToCharge,
  findSavedCards,
  invoiceHasLivePlan,
  saveClientCard,
  withdrawSavedCard,
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
import { GatewayUnavailableError, type GatewayEvent, type PaymentGateway, type SavedMethodCharge } from './gateways.ts';
import { instalmentChargedEmail, instalmentDeclinedEmail, instalmentDeclinedFirmEmail } from './instalment-charge-emails.ts';
import { createPaymentRecorder } from './payment-recorder.ts';
import { createPaystackGateway } from './paystack-gateway.ts';
import { holdUnappliedCash } from './unapplied-cash.ts';
import { createStripeGateway } from './stripe-gateway.ts';
import { lockInvoiceForPayment } from '../invoices/invoices.api.ts';
import { invoiceWithholdingTaxOf } from '../withholding-tax/withholding-tax.api.ts';
import { findFirmToday, listFirmClocks } from '../../platform/firm-clock.ts';
import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';

type Succeeded = Extract<GatewayEvent, { kind: 'succeeded' }>;

/** Another module's online payments: which references are its, and the settling of a verified event about one. */
export type OtherPayments = {
  owns(reference: string): boolean;
  settle(gateway: PaymentGatewayName, event: Exclude<GatewayEvent, { kind: 'ignored' }>): Promise<string>;
};

/** The purpose a client's saved card is encrypted for (lib/secrets.ts). */
const SAVED_CARD = 'client-saved-card';
/** Saved cards are charged from 09:00 in the firm's time zone, when the firm can answer a client who calls. */
export const INSTALMENT_CHARGE_HOUR = 9;
/** Instalments claimed per transaction: the gateway is called after it commits, one charge at a time. */
const CHARGE_BATCH = 100;

/** The gateways configured: Paystack (naira) and Stripe (other currencies), each only with its keys. */
export function createGateways(settings: PaymentGatewaySettings): Partial<Record<PaymentGatewayName, PaymentGateway>> {
  return {
    ...(settings.paystack ? { paystack: createPaystackGateway(settings.paystack) } : {}),
    ...(settings.stripe ? { stripe: createStripeGateway(settings.stripe) } : {}),
  };
}

const gatewayUnavailable = () => new AppError(502, PORTAL_PAYMENT_MESSAGES.gatewayUnavailable);

/**
 * A client paying an invoice net of the withholding tax it deducts (ADR 0093): the tax proposed from
 * its rate on the fee part, which the payment records beside the money once the gateway confirms it.
 */
async function netOfWithholdingTax(tx: Tx, firmId: string, item: { kind: StartPortalPaymentInput['kind']; id: string }) {
  const refuse = () =>
    badRequest(PORTAL_PAYMENT_MESSAGES.noWithholdingTax, { deductWithholdingTax: PORTAL_PAYMENT_MESSAGES.noWithholdingTax });
  if (item.kind !== 'invoice') throw refuse();
  const invoice = await lockInvoiceForPayment(tx, firmId, item.id);
  const tax = invoice ? await invoiceWithholdingTaxOf(tx, firmId, invoice.row) : null;
  if (!tax || compareMoney(tax.proposedAmount, '0') <= 0) throw refuse();
  return { withholdingTaxAmount: tax.proposedAmount, amountToReceive: tax.amountToReceive };
}

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
  appSecret,
  outbox,
  gateways = createGateways(settings),
  otherPayments,
}: {
  database: Database;
  settings: PaymentGatewaySettings;
  appUrl: string;
  /** Seals the saved cards' tokens. */
  appSecret: string;
  /** Tells a client (and the firm) of an automatic charge of a saved card. */
  outbox: Outbox;
  gateways?: Partial<Record<PaymentGatewayName, PaymentGateway>>;
  /** Payments another module started under references of its own (consultation fees): their verified events are handed to it. */
  otherPayments?: OtherPayments;
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
      // The card the client agreed, at this checkout, to have charged for their plan's instalments.
      if (payment.keepsMethod && event.savedMethod)
        await saveClientCard(tx, {
          firmId,
          clientId: payment.clientId,
          gateway,
          sealed: encryptSecret(JSON.stringify({ token: event.savedMethod.token, email: event.savedMethod.email }), appSecret, SAVED_CARD),
          description: event.savedMethod.description,
          portalAccountId: payment.portalAccountId,
          paymentId: payment.id,
        });
      if (payment.paymentMethodId) await tellOfCharge(tx, firmId, payment.id, null);
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
      // A saved card declined: the instalment stays due, and the client and the invoice's issuer are told.
      if (payment.paymentMethodId) await tellOfCharge(tx, firmId, payment.id, event.reason);
      return 'failed';
    });

  /** Emails about an automatic charge, in its settling transaction: paid (the client), or declined (the client and the firm). */
  async function tellOfCharge(tx: Tx, firmId: string, paymentId: string, declinedFor: string | null) {
    const notice = await findInstalmentChargeNotice(tx, firmId, paymentId);
    if (!notice) return;
    const about = { kind: 'invoice' as const, id: notice.invoiceId };
    if (declinedFor === null) {
      await outbox.queue(tx, firmId, instalmentChargedEmail(notice, appUrl), about);
      return;
    }
    await outbox.queue(tx, firmId, instalmentDeclinedEmail(notice, declinedFor, appUrl), about);
    const firmEmail = instalmentDeclinedFirmEmail(notice, declinedFor, appUrl);
    if (firmEmail) await outbox.queue(tx, firmId, firmEmail);
  }

  /** A claimed instalment charged to its saved card, outside any transaction; the answer settles it as a webhook would. */
  async function chargeClaimed(
    firmId: string,
    claimed: {
      reference: string;
      gateway: PaymentGatewayName;
      amount: string;
      currencyCode: string;
      sealed: string;
      invoiceNumber: string;
      instalmentNumber: number;
    },
  ) {
    const gateway = gateways[claimed.gateway];
    const opened = decryptSecret(claimed.sealed, appSecret, SAVED_CARD);
    const declined = (reason: string): SavedMethodCharge => ({ outcome: 'failed', reason, payload: JSON.stringify({ reason }) });
    const answer: SavedMethodCharge =
      !gateway || !opened
        ? declined(!gateway ? 'online payment is no longer set up' : 'the saved card could not be read')
        : await gateway
            .chargeSavedMethod({
              reference: claimed.reference,
              amountMinor: toMinorUnits(claimed.amount, claimed.currencyCode) ?? 0,
              currencyCode: claimed.currencyCode,
              method: JSON.parse(opened) as { token: string; email: string },
              description: `Invoice ${claimed.invoiceNumber}, instalment ${claimed.instalmentNumber}`,
            })
            .catch((error: unknown) => {
              // Out of reach: the try fails and the instalment stays due (a late success from the gateway still settles it).
              if (error instanceof GatewayUnavailableError) return declined('the payment gateway could not be reached');
              throw error;
            });
    if (answer.outcome === 'pending') return 'pending';
    return database.withFirm(firmId, (tx) =>
      answer.outcome === 'succeeded'
        ? recordSuccess(tx, firmId, claimed.gateway, answer.event)
        : recordFailure(tx, firmId, claimed.gateway, {
            kind: 'failed',
            eventId: `saved-card-declined:${claimed.reference}`,
            eventType: 'saved-card.declined',
            reference: claimed.reference,
            reason: answer.reason,
          }),
    );
  }

  /**
   * One firm's instalments due by `now` charged to the saved cards: each claimed first (one try per
   * instalment, whatever runs at once), in batches, then charged one by one. Answers each outcome.
   */
  async function chargeFirmInstalments(firmId: string, now: Date): Promise<string[]> {
    const configured = (Object.keys(gateways) as PaymentGatewayName[]).filter((name) => gateways[name]);
    const outcomes: string[] = [];
    for (;;) {
      const claimed = await database.withFirm(firmId, async (tx) => {
        const due = await findInstalmentsToCharge(tx, firmId, await findFirmToday(tx, firmId, now), configured, CHARGE_BATCH);
        const mine = [];
        for (const instalment of due) {
          if (toMinorUnits(instalment.amount, instalment.currencyCode) === null) continue;
          const reference = `mh_${randomUUID().replaceAll('-', '')}`;
          if (await claimInstalmentCharge(tx, firmId, instalment, reference)) mine.push({ ...instalment, reference });
        }
        return { due: due.length, mine };
      });
      for (const charge of claimed.mine) outcomes.push(await chargeClaimed(firmId, charge));
      if (claimed.due < CHARGE_BATCH) return outcomes;
    }
  }

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
      input: {
        kind: StartPortalPaymentInput['kind'];
        id: string;
        amount: string | null;
        saveCard?: boolean;
        deductWithholdingTax?: boolean;
      },
    ): Promise<StartedPortalPayment> {
      const keepsMethod = input.saveCard === true;
      const { firmId, clientId } = principal;
      const reference = `mh_${randomUUID().replaceAll('-', '')}`;
      const attempt = await database.withFirm(firmId, async (tx) => {
        const payable = await findClientPayable(tx, firmId, clientId, input.kind, input.id);
        if (!payable) throw notFound(input.kind === 'invoice' ? 'Invoice' : 'Trust request');
        if (compareMoney(payable.amountDue, '0') <= 0) throw conflict(PORTAL_PAYMENT_MESSAGES.nothingDue);
        const net = input.deductWithholdingTax ? await netOfWithholdingTax(tx, firmId, input) : null;
        const amount = input.amount ?? net?.amountToReceive ?? payable.amountDue;
        if (net && compareMoney(addMoney(amount, net.withholdingTaxAmount), payable.amountDue) > 0)
          throw badRequest(PORTAL_PAYMENT_MESSAGES.overNetOfWithholdingTax, { amount: PORTAL_PAYMENT_MESSAGES.overNetOfWithholdingTax });
        if (compareMoney(amount, payable.amountDue) > 0)
          throw badRequest(PORTAL_PAYMENT_MESSAGES.overpayment, { amount: PORTAL_PAYMENT_MESSAGES.overpayment });
        const gatewayName = gatewayFor(settings, payable.currencyCode);
        const gateway = gatewayName ? gateways[gatewayName] : undefined;
        if (!gatewayName || !gateway) throw conflict(PORTAL_PAYMENT_MESSAGES.noGateway);
        if (keepsMethod && (input.kind !== 'invoice' || !(await invoiceHasLivePlan(tx, firmId, input.id))))
          throw badRequest(SAVED_CARD_MESSAGES.planOnly, { saveCard: SAVED_CARD_MESSAGES.planOnly });
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
          keepsMethod,
          withholdingTaxAmount: net?.withholdingTaxAmount ?? null,
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
          keepMethod: keepsMethod,
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

    /** The client's cards the firm may charge for their plans' instalments. */
    savedCards: (principal: PortalPrincipal): Promise<SavedCard[]> =>
      database.withFirm(principal.firmId, (tx) => findSavedCards(tx, principal.firmId, principal.clientId), READ_ONLY),

    /** The client withdraws their consent: the card is never charged again (its record stays); answers the cards left. */
    withdrawSavedCard: (principal: PortalPrincipal, id: string): Promise<SavedCard[]> =>
      database.withFirm(principal.firmId, async (tx) => {
        if (!(await withdrawSavedCard(tx, principal.firmId, principal.clientId, id, principal.portalAccountId)))
          throw notFound('Saved card');
        return findSavedCards(tx, principal.firmId, principal.clientId);
      }),

    /**
     * The periodic run: in each firm where it is 09:00 or later, the instalments due by its today
     * charged to the cards their clients saved. A firm that fails is logged and the others go on;
     * it throws after every firm was tried, so the queue retries (what was charged is claimed).
     */
    async chargeDueInstalments(now = new Date()): Promise<{ firmId: string; outcome: string }[]> {
      const clocks = await database.withIdentityLookup((tx) => listFirmClocks(tx, now));
      const results: { firmId: string; outcome: string }[] = [];
      const failures: unknown[] = [];
      for (const clock of clocks.filter((firm) => firm.hour >= INSTALMENT_CHARGE_HOUR)) {
        try {
          for (const outcome of await chargeFirmInstalments(clock.firmId, now)) results.push({ firmId: clock.firmId, outcome });
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length) throw new AggregateError(failures, `Instalments of ${failures.length} firms were not charged`);
      return results;
    },

    /** One firm's instalments due at `now`, whatever its hour (tests and the demo seed). */
    chargeFirmInstalments,

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
      if (otherPayments?.owns(event.reference)) {
        if (event.kind === 'failed') return otherPayments.settle(gatewayName, event);
        const confirmed = await gateway.confirm(event).catch((error: unknown) => {
          if (error instanceof GatewayUnavailableError) throw gatewayUnavailable();
          throw error;
        });
        return confirmed ? otherPayments.settle(gatewayName, confirmed) : 'unconfirmed';
      }
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

export const INSTALMENT_CHARGES_JOB = 'instalment-charges';

/** Every half hour: a firm's instalments due today are charged in the first run after 09:00 its time; later runs find them claimed. */
export const instalmentChargeJobs = (
  payments: Pick<GatewayPaymentService, 'chargeDueInstalments'>,
  logger?: { info: (details: object, message: string) => void },
): PeriodicJob[] => [
  {
    name: INSTALMENT_CHARGES_JOB,
    everyMinutes: 30,
    run: async () => {
      const charged = await payments.chargeDueInstalments();
      if (charged.length > 0) logger?.info({ charged: charged.length }, 'instalments charged to saved cards');
    },
  },
];
