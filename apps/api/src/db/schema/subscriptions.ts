import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { firms, users } from './firms.ts';
import { currencies, plans } from './reference.ts';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    allocatedNumberUsers: integer('allocated_number_users').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currencyId: integer('currency_id').references(() => currencies.id),
    isNgnSubscription: boolean('is_ngn_subscription').notNull().default(false),
    paymentType: text('payment_type').notNull().default('None'),
    paymentTypeId: integer('payment_type_id').notNull().default(0),
    isCancelled: boolean('is_cancelled').notNull().default(false),
    cancellationDate: date('cancellation_date'),
    reactivationDate: date('reactivation_date'),
    /** The state machine's status (subscription-states.ts): trialing, active, past_due, free or read_only. */
    status: text('status').notNull().default('trialing'),
    /** A paid plan's interval: monthly (30 days) or yearly (365). */
    billingInterval: text('billing_interval'),
    /** What it is billed in: NGN (a firm in Nigeria, through Paystack) or USD (Stripe). */
    currencyCode: text('currency_code').notNull().default('USD'),
    /** A downgrade or another interval waiting for the next billing date. */
    scheduledPlanId: uuid('scheduled_plan_id').references(() => plans.id),
    scheduledInterval: text('scheduled_interval'),
    scheduledSeats: integer('scheduled_seats'),
    /** The day a renewal first failed, while past due. */
    pastDueSince: date('past_due_since'),
    /**
     * What renewals are charged to: the card or account the firm's last payment let the gateway keep
     * (its token and payer e-mail, encrypted with the app secret), which gateway, and its name for the
     * firm ("Visa ending 4081"). Null until a payment saved one.
     */
    renewalGateway: text('renewal_gateway'),
    renewalMethodSealed: text('renewal_method_sealed'),
    renewalMethodDescription: text('renewal_method_description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_firm_idx').on(table.firmId, table.createdAt),
    check('subscriptions_status_check', sql`${table.status} in ('trialing', 'active', 'past_due', 'free', 'read_only')`),
    check('subscriptions_interval_check', sql`${table.billingInterval} in ('monthly', 'yearly')`),
    check('subscriptions_scheduled_interval_check', sql`${table.scheduledInterval} in ('monthly', 'yearly')`),
    check('subscriptions_currency_check', sql`${table.currencyCode} in ('NGN', 'USD')`),
  ],
);

/**
 * Every change to money or client data, kept for the audit-trail report. Tamper-evident (issue 39):
 * a trigger (audit_event_chain, migration 0075) links each record to the firm's previous one —
 * its place in the firm's chain, the previous record's hash, and the SHA-256 of its own canonical
 * content with that hash — one writer per firm at a time; the application's role may add records
 * but never change or remove one.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').notNull().default({}),
    /** Where the change came from: the request's client address and browser, set per request transaction (app.client_ip, app.user_agent). */
    ipAddress: text('ip_address').default(sql`nullif(current_setting('app.client_ip', true), '')`),
    userAgent: text('user_agent').default(sql`nullif(current_setting('app.user_agent', true), '')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the trigger (the default is never kept): 1, 2, 3… within the firm. */
    chainPosition: bigint('chain_position', { mode: 'number' }).notNull().default(0),
    /** Set by the trigger: the firm's previous record's row_hash (null for its first). */
    previousHash: text('previous_hash'),
    /** Set by the trigger: hex SHA-256 of audit_event_canonical(this record), which includes previous_hash. */
    rowHash: text('row_hash').notNull().default(''),
  },
  (table) => [
    unique('audit_events_chain_key').on(table.firmId, table.chainPosition),
    index('audit_events_firm_idx').on(table.firmId, table.createdAt),
    // A record's history (a trust movement's page reads its events by id).
    index('audit_events_entity_idx').on(table.firmId, table.entityId),
  ],
);

/**
 * A charge for Matterhorn itself (issue 38): a first period or an upgrade's days, started through the
 * operator's Paystack (naira) or Stripe (dollars) checkout under a reference of ours, and applied to
 * the subscription only when the gateway's signed webhook says it was paid. Amounts in minor units,
 * VAT included (vat_minor of it). Never edited but to settle it.
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    reference: text('reference').notNull().unique(),
    gateway: text('gateway').notNull(),
    /**
     * start: a first period from the day it is paid; upgrade: the plan and seats now, the period kept;
     * renewal: the next period, after the one ending renews_period_end.
     */
    kind: text('kind').notNull(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    billingInterval: text('billing_interval').notNull(),
    seats: integer('seats').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    status: text('status').notNull().default('pending'),
    /** Why the gateway's word was not taken (a failure, or the wrong amount or currency). */
    failure: text('failure'),
    /** Who asked for it; a renewal the clock charges names the firm's owner. */
    requestedByUserId: uuid('requested_by_user_id').notNull(),
    /** A renewal's: the last day of the period it follows. */
    renewsPeriodEnd: date('renews_period_end'),
    /** A renewal the clock charged to the saved card: its try (0 on the billing date, 1 and 2 on the 3rd and 6th day past due); null when paid through checkout. */
    renewalAttempt: integer('renewal_attempt'),
    /** The moment it was asked for (not its transaction's start: an upgrade declined on the saved card and its checkout are one request's). */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    check('subscription_charges_kind_check', sql`${table.kind} in ('start', 'upgrade', 'renewal')`),
    check('subscription_charges_renewal_check', sql`(${table.kind} = 'renewal') = (${table.renewsPeriodEnd} is not null)`),
    // Each try of a renewal once, whichever replica's clock runs it.
    uniqueIndex('subscription_charges_renewal_attempt_key')
      .on(table.firmId, table.renewsPeriodEnd, table.renewalAttempt)
      .where(sql`${table.renewalAttempt} is not null`),
    check('subscription_charges_status_check', sql`${table.status} in ('pending', 'paid', 'failed', 'refused')`),
    check('subscription_charges_gateway_check', sql`${table.gateway} in ('paystack', 'stripe')`),
    check('subscription_charges_amount_check', sql`${table.amountMinor} > 0 and ${table.vatMinor} >= 0`),
    index('subscription_charges_firm_idx').on(table.firmId, table.createdAt),
  ],
);

/** Each subscription gateway event acted on, kept verbatim: a repeated delivery finds its id here and changes nothing. */
export const subscriptionGatewayEvents = pgTable(
  'subscription_gateway_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => subscriptionCharges.id),
    payload: text('payload').notNull(),
    outcome: text('outcome').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('subscription_gateway_events_event_key').on(table.gateway, table.eventId)],
);
