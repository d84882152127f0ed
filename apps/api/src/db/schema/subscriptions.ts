import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/** Every change to money or client data, kept for the audit-trail report. */
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
  },
  (table) => [
    index('audit_events_firm_idx').on(table.firmId, table.createdAt),
    // A record's history (a trust movement's page reads its events by id).
    index('audit_events_entity_idx').on(table.firmId, table.entityId),
  ],
);
