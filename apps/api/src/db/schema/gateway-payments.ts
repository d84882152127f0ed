import { sql } from 'drizzle-orm';
import { GATEWAY_PAYMENT_STATUSES, PAYMENT_GATEWAY_NAMES as PAYMENT_GATEWAYS } from '@matterhorn/shared';
import {
  type AnyPgColumn,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients, portalAccounts } from './clients.ts';
import { firms, users } from './firms.ts';
import { invoices } from './invoices.ts';
import { paymentPlans } from './payment-plans.ts';
import { trustRequests } from './trust.ts';

/**
 * A payment a client started online (issue 19): for one of their invoices or trust requests, through
 * Paystack (naira) or Stripe. It is recorded only when the gateway's signed webhook says the money
 * was taken; the browser's return from the checkout records nothing.
 */
export const gatewayPayments = pgTable(
  'gateway_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id').notNull(),
    invoiceId: uuid('invoice_id'),
    trustRequestId: uuid('trust_request_id'),
    /** The portal account that started it; null when it was started from the invoice's public link (no sign-in). */
    portalAccountId: uuid('portal_account_id').references(() => portalAccounts.id),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    currencyCode: text('currency_code').notNull(),
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    /** Ours, sent to the gateway and read back from its webhook: unique across firms, so a webhook finds its firm. */
    reference: text('reference').notNull().unique(),
    status: text('status', { enum: GATEWAY_PAYMENT_STATUSES }).notNull().default('pending'),
    /** The gateway's checkout (Stripe's session id, Paystack's access code) and its charge (transaction or payment intent). */
    gatewaySessionId: text('gateway_session_id'),
    gatewayTransactionId: text('gateway_transaction_id'),
    /** What the gateway kept, when it says: the firm's cost, never taken from the client's money. */
    fee: numeric('fee', { precision: 16, scale: 2 }),
    /** The invoice payment or trust deposit the success recorded. */
    recordedId: uuid('recorded_id'),
    failureReason: text('failure_reason'),
    /**
     * Money the gateway took that settles nothing (an invoice paid in the meantime, a refused charge):
     * held as unapplied client cash until the firm refunds or applies it. What is still held, in its currency.
     */
    unappliedAmount: numeric('unapplied_amount', { precision: 16, scale: 2 }),
    unappliedCurrencyCode: text('unapplied_currency_code'),
    /** The client agreed, at this checkout, that the gateway keep the card to pay their plan's instalments on their due dates. */
    keepsMethod: boolean('keeps_method').notNull().default(false),
    /**
     * An automatic charge (issue 44 §4): the saved card charged, for which instalment of which plan.
     * One try per instalment (gateway_payments_instalment_charge_key): a second run of the job finds it taken.
     */
    paymentMethodId: uuid('payment_method_id'),
    paymentPlanId: uuid('payment_plan_id'),
    instalmentNumber: integer('instalment_number'),
    /**
     * The withholding tax the client deducts, paying an invoice net of it online (ADR 0093): recorded
     * beside the money when the gateway confirms it. Null when none.
     */
    withholdingTaxAmount: numeric('withholding_tax_amount', { precision: 16, scale: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'gateway_payments_withholding_tax_on_invoice',
      sql`${table.withholdingTaxAmount} is null or (${table.withholdingTaxAmount} > 0 and ${table.invoiceId} is not null)`,
    ),
    foreignKey({
      columns: [table.firmId, table.invoiceId],
      foreignColumns: [invoices.firmId, invoices.id],
      name: 'gateway_payments_invoice_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.trustRequestId],
      foreignColumns: [trustRequests.firmId, trustRequests.id],
      name: 'gateway_payments_trust_request_fk',
    }),
    check('gateway_payments_amount_check', sql`${table.amount} > 0`),
    check('gateway_payments_one_target_check', sql`(${table.invoiceId} is null) <> (${table.trustRequestId} is null)`),
    check('gateway_payments_unapplied_check', sql`${table.unappliedAmount} is null or ${table.unappliedAmount} >= 0`),
    check('gateway_payments_settled_check', sql`(${table.status} = 'succeeded') = (${table.settledAt} is not null)`),
    foreignKey({
      columns: [table.firmId, table.paymentPlanId],
      foreignColumns: [paymentPlans.firmId, paymentPlans.id],
      name: 'gateway_payments_payment_plan_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.paymentMethodId],
      foreignColumns: [clientPaymentMethods.firmId, clientPaymentMethods.id],
      name: 'gateway_payments_payment_method_fk',
    }),
    check(
      'gateway_payments_automatic_charge_check',
      sql`(${table.paymentMethodId} is null) = (${table.paymentPlanId} is null) and (${table.paymentPlanId} is null) = (${table.instalmentNumber} is null)`,
    ),
    uniqueIndex('gateway_payments_instalment_charge_key')
      .on(table.firmId, table.paymentPlanId, table.instalmentNumber)
      .where(sql`payment_plan_id is not null`),
    index('gateway_payments_client_idx').on(table.firmId, table.clientId, table.createdAt),
    /** The firm's Online Payments page, newest first. */
    index('gateway_payments_firm_created_idx').on(table.firmId, table.createdAt.desc(), table.id.desc()),
  ],
);

/**
 * Each gateway event processed, written in the transaction that acts on it: a repeated delivery
 * finds its id here and changes nothing.
 */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    gatewayPaymentId: uuid('gateway_payment_id')
      .notNull()
      .references(() => gatewayPayments.id),
    outcome: text('outcome').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('gateway_events_event_key').on(table.gateway, table.eventId)],
);

/**
 * A card or account a client let the gateway keep (issue 44 §4): they consented on the portal, at a
 * checkout, that the instalments of their payment plans be charged to it on their due dates. The
 * gateway's token charges money, so it is stored sealed (lib/secrets.ts). Consent is withdrawn on the
 * portal (or replaced by a newer card for the same gateway): the row stays as the record of it.
 */
export const clientPaymentMethods = pgTable(
  'client_payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id').notNull(),
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    /** The gateway's token and the payer's e-mail it is tied to, encrypted. */
    sealed: text('sealed').notNull(),
    /** How the client and the firm see it named: "Visa ending 4081". */
    description: text('description').notNull(),
    consentedByPortalAccountId: uuid('consented_by_portal_account_id')
      .notNull()
      .references(() => portalAccounts.id),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
    /** The payment whose checkout the client consented at. */
    savedFromPaymentId: uuid('saved_from_payment_id')
      .notNull()
      .references((): AnyPgColumn => gatewayPayments.id),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnByPortalAccountId: uuid('withdrawn_by_portal_account_id').references(() => portalAccounts.id),
    withdrawnByUserId: uuid('withdrawn_by_user_id'),
    /** Why it is no longer charged: withdrawn by the client, by the firm at their request, or replaced by a newer card. */
    withdrawnReason: text('withdrawn_reason'),
  },
  (table) => [
    unique('client_payment_methods_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.clientId],
      foreignColumns: [clients.firmId, clients.id],
      name: 'client_payment_methods_client_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.withdrawnByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'client_payment_methods_withdrawn_by_fk',
    }),
    check('client_payment_methods_withdrawn_check', sql`(${table.withdrawnAt} is null) = (${table.withdrawnReason} is null)`),
    // One card charged per client and gateway: a newer consent replaces the older in the same transaction.
    uniqueIndex('client_payment_methods_live_key')
      .on(table.firmId, table.clientId, table.gateway)
      .where(sql`withdrawn_at is null`),
  ],
);
