import { sql } from 'drizzle-orm';
import { check, foreignKey, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { firms, users } from './firms.ts';
import { matters } from './matters.ts';

/** What a matter budget limits: the total (fees + expenses), hours, fees or expenses. */
export const MATTER_BUDGET_MEASURES = ['total', 'hours', 'fees', 'expenses'] as const;

/**
 * A matter's budget (issue 36): a total amount and/or limits on hours, fees and expenses, amounts in
 * the firm's home currency. `responsible_user_id` is the fee earner told at 80% and 100% of each.
 */
export const matterBudgets = pgTable(
  'matter_budgets',
  {
    matterId: uuid('matter_id').primaryKey(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }),
    hoursLimit: numeric('hours_limit', { precision: 10, scale: 2 }),
    feesLimit: numeric('fees_limit', { precision: 14, scale: 2 }),
    expensesLimit: numeric('expenses_limit', { precision: 14, scale: 2 }),
    responsibleUserId: uuid('responsible_user_id').notNull(),
    updatedByUserId: uuid('updated_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ columns: [table.firmId, table.matterId], foreignColumns: [matters.firmId, matters.id], name: 'matter_budgets_matter_fk' }),
    foreignKey({
      columns: [table.firmId, table.responsibleUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'matter_budgets_responsible_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.updatedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'matter_budgets_updated_by_fk',
    }),
    check(
      'matter_budgets_some_limit_check',
      sql`coalesce(${table.totalAmount}, ${table.hoursLimit}, ${table.feesLimit}, ${table.expensesLimit}) is not null`,
    ),
    check(
      'matter_budgets_positive_check',
      sql`coalesce(${table.totalAmount}, 1) > 0 and coalesce(${table.hoursLimit}, 1) > 0 and coalesce(${table.feesLimit}, 1) > 0 and coalesce(${table.expensesLimit}, 1) > 0`,
    ),
  ],
);

/**
 * Each threshold (80, 100) of each measure the responsible fee earner was told of, once: the row is
 * claimed in the transaction that crossed it, with the email. Changing that limit re-arms it.
 */
export const matterBudgetAlerts = pgTable(
  'matter_budget_alerts',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    matterId: uuid('matter_id').notNull(),
    measure: text('measure', { enum: MATTER_BUDGET_MEASURES }).notNull(),
    threshold: smallint('threshold').notNull(),
    notifiedUserId: uuid('notified_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.matterId, table.measure, table.threshold] }),
    foreignKey({
      columns: [table.matterId],
      foreignColumns: [matterBudgets.matterId],
      name: 'matter_budget_alerts_budget_fk',
    }).onDelete('cascade'),
    check('matter_budget_alerts_measure_check', sql`${table.measure} in ('total', 'hours', 'fees', 'expenses')`),
    check('matter_budget_alerts_threshold_check', sql`${table.threshold} in (80, 100)`),
  ],
);
