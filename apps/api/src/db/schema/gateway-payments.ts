import { sql } from 'drizzle-orm';
import { GATEWAY_PAYMENT_STATUSES, PAYMENT_GATEWAY_NAMES as PAYMENT_GATEWAYS } from '@matterhorn/shared';
import { check, foreignKey, index, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { portalAccounts } from './clients.ts';
import { firms } from './firms.ts';
import { invoices } from './invoices.ts';
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
    portalAccountId: uuid('portal_account_id')
      .notNull()
      .references(() => portalAccounts.id),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
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
