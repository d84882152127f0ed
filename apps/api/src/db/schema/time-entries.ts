import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { firms, users } from './firms.ts';
import { activityTypes, matters } from './matters.ts';
import { currencies } from './reference.ts';

/**
 * Billable (and non-billable) time recorded by a fee earner on a matter. Amounts are stored as the
 * server computed them (packages/shared computeTimeEntryAmounts) and never recomputed on read.
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id').notNull(),
    matterId: uuid('matter_id').notNull(),
    activityTypeId: uuid('activity_type_id').notNull(),
    /** The fee earner whose time this is (SPEC.md's timeEntryUserId). */
    userId: uuid('user_id').notNull(),
    /** SPEC.md §9: 2 = not billable, 4 = billable. */
    isBillable: smallint('is_billable').notNull(),
    description: text('description').notNull().default(''),
    timeEntryDate: date('time_entry_date').notNull(),
    /**
     * Decimal hours billed: the recorded hours rounded up once, when recorded, to the firm's billing
     * increment. Every amount, total, sort and invoice reads this one.
     */
    duration: numeric('duration', { precision: 8, scale: 4 }).notNull(),
    /** Decimal hours as recorded (typed or timed) before rounding; null on rows from before increments: the same as duration. */
    recordedDuration: numeric('recorded_duration', { precision: 8, scale: 4 }),
    /** The hourly rate in the firm's home currency. */
    userRate: numeric('user_rate', { precision: 14, scale: 2 }).notNull(),
    foreignUserRate: numeric('foreign_user_rate', { precision: 14, scale: 2 }).notNull(),
    homeCurrencyId: integer('home_currency_id').references(() => currencies.id),
    /** The billing currency; null or equal to the home currency when billing at home. */
    foreignCurrencyId: integer('foreign_currency_id').references(() => currencies.id),
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 8 }).notNull().default('1'),
    /** rate × duration ÷ exchange rate, in the billing currency. */
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }).notNull(),
    foreignTotalAmount: numeric('foreign_total_amount', { precision: 14, scale: 2 }).notNull(),
    /** rate × duration in the home currency. */
    homeTotalAmount: numeric('home_total_amount', { precision: 14, scale: 2 }).notNull(),
    /**
     * What the time cost the firm: hours × the fee earner's cost rate on the day of the work
     * (fee_earner_cost_rates), half-up to the cent; null when they had no cost rate that day. Set by
     * the database at every insert and change of hours, fee earner or date (migration 0072), and again
     * for the fee earner's time from a day whose cost rate is set.
     */
    costAmount: numeric('cost_amount', { precision: 20, scale: 2 }),
    /** SPEC.md §9: 3 recorded; 5 once on an invoice. */
    status: smallint('status').notNull().default(3),
    /** Set by invoicing: a billed entry is locked. */
    invoiceId: uuid('invoice_id'),
    manualTimeEntry: boolean('manual_time_entry').notNull().default(true),
    utbmsTaskCode: text('utbms_task_code'),
    enteredByUserId: uuid('entered_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: uuid('deleted_by_user_id').references(() => users.id),
  },
  (table) => [
    unique('time_entries_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.clientId],
      foreignColumns: [clients.firmId, clients.id],
      name: 'time_entries_firm_client_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.matterId],
      foreignColumns: [matters.firmId, matters.id],
      name: 'time_entries_firm_matter_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.activityTypeId],
      foreignColumns: [activityTypes.firmId, activityTypes.id],
      name: 'time_entries_firm_activity_fk',
    }),
    foreignKey({ columns: [table.firmId, table.userId], foreignColumns: [users.firmId, users.id], name: 'time_entries_firm_user_fk' }),
    // The list's orders and filters, live rows only; the default order is newest date first. Migration
    // 0013 adds INCLUDE (is_billable, status, invoice_id, duration, home_total_amount), which drizzle
    // cannot express, so counts and totals read the index alone.
    index('time_entries_firm_date_idx')
      .on(table.firmId, table.timeEntryDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('time_entries_user_date_idx')
      .on(table.firmId, table.userId, table.timeEntryDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('time_entries_matter_date_idx')
      .on(table.firmId, table.matterId, table.timeEntryDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('time_entries_client_date_idx')
      .on(table.firmId, table.clientId, table.timeEntryDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
  ],
);

/**
 * A fee earner's timers (issue 44): up to 10, each on a matter with the words its entry will be
 * filled in with, or on none (SPEC's plain Start Timer). The current one is what the header shows
 * and SPEC's four timer calls act on; at most one per member, and none once it is recorded or
 * discarded. Only the current timer ever runs.
 */
export const timers = pgTable(
  'timers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    userId: uuid('user_id').notNull(),
    matterId: uuid('matter_id'),
    description: text('description').notNull().default(''),
    isCurrent: boolean('is_current').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('timers_firm_id_key').on(table.firmId, table.id),
    foreignKey({ columns: [table.firmId, table.userId], foreignColumns: [users.firmId, users.id], name: 'timers_firm_user_fk' }),
    foreignKey({ columns: [table.firmId, table.matterId], foreignColumns: [matters.firmId, matters.id], name: 'timers_firm_matter_fk' }),
    index('timers_user_idx').on(table.firmId, table.userId),
    uniqueIndex('timers_one_current_key')
      .on(table.firmId, table.userId)
      .where(sql`is_current`),
  ],
);

/**
 * The runs of each timer, kept on the server so they survive refreshes, logouts and a second
 * device. Each start (or continue) opens a log; pause closes it. A user has at most one open log
 * (one timer runs at a time): the partial unique index makes a double-clicked Start open one. A log
 * inserted without a timer goes on the member's current timer, made if there is none (migration 0093).
 */
export const timeEntryLogs = pgTable(
  'time_entry_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    userId: uuid('user_id').notNull(),
    timerId: uuid('timer_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({ columns: [table.firmId, table.userId], foreignColumns: [users.firmId, users.id], name: 'time_entry_logs_firm_user_fk' }),
    // Discarding a timer discards its time.
    foreignKey({
      columns: [table.firmId, table.timerId],
      foreignColumns: [timers.firmId, timers.id],
      name: 'time_entry_logs_timer_fk',
    }).onDelete('cascade'),
    index('time_entry_logs_user_idx').on(table.firmId, table.userId),
    index('time_entry_logs_timer_idx').on(table.firmId, table.timerId),
    uniqueIndex('time_entry_logs_one_running_key')
      .on(table.firmId, table.userId)
      .where(sql`paused_at is null`),
  ],
);

/**
 * Each day's time per fee earner, billable or not, billed or not: the sums of the live time entries,
 * kept by the database at every statement that inserts, changes or deletes them (migration 0068), so
 * the dashboard and utilisation read a few thousand rows instead of a year's half-million entries,
 * and the time reports' tie-outs have a second source. The app role only reads it.
 */
export const timeEntryDayTotals = pgTable(
  'time_entry_day_totals',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    entryDate: date('entry_date').notNull(),
    feeEarnerId: uuid('fee_earner_id').notNull(),
    /** The entries' is_billable: 4 billable, 2 not (SPEC.md §9). */
    isBillable: smallint('is_billable').notNull(),
    /** The time-entries module's rule of billed (isBilledTimeEntry). */
    isBilled: boolean('is_billed').notNull(),
    hours: numeric('hours', { precision: 20, scale: 4 }).notNull(),
    /** Σ home_total_amount. */
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    /** Σ cost_amount (matter profitability's cost of time). */
    cost: numeric('cost', { precision: 20, scale: 2 }).notNull().default('0'),
    /** Σ hours of the entries without a cost (no cost rate on their day). */
    uncostedHours: numeric('uncosted_hours', { precision: 20, scale: 4 }).notNull().default('0'),
    entries: integer('entries').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'time_entry_day_totals_pkey',
      columns: [table.firmId, table.entryDate, table.feeEarnerId, table.isBillable, table.isBilled],
    }),
  ],
);

/**
 * Each fee earner's cost rate over time: the rate applies to their time worked from effective_from
 * until the next row's day, so a rate set today leaves the cost of last year's work as it was, and
 * a rate set from a past day recosts the time worked since. A null rate: no cost from that day.
 * users.cost_rate is the rate of today, for the team pages.
 */
export const feeEarnerCostRates = pgTable(
  'fee_earner_cost_rates',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    feeEarnerId: uuid('fee_earner_id').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    costRate: numeric('cost_rate', { precision: 14, scale: 2 }),
    setByUserId: uuid('set_by_user_id').references(() => users.id),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'fee_earner_cost_rates_pkey', columns: [table.firmId, table.feeEarnerId, table.effectiveFrom] }),
    foreignKey({
      columns: [table.firmId, table.feeEarnerId],
      foreignColumns: [users.firmId, users.id],
      name: 'fee_earner_cost_rates_firm_user_fk',
    }),
    check('fee_earner_cost_rates_rate_check', sql`${table.costRate} >= 0`),
  ],
);
