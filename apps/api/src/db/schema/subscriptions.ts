import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid, bigserial } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscriptions_firm_idx').on(table.firmId, table.createdAt)],
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
