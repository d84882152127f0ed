import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { firms, users } from './firms.ts';
import { invoices } from './invoices.ts';

/**
 * Payment plans (issue 44 §4, ADR 0074): an issued invoice's balance due in instalments. A plan
 * records no money: what it has been paid is read from the invoice's balance (its payments), so the
 * invoice's payments stay the one record of money received. A plan is never edited: replacing it
 * ends it (status Replaced) and writes a new one; cancelling ends it. One live plan per invoice.
 */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    /** The invoice of an invoice plan; null for a plan on a client's balance (its invoices are in payment_plan_invoices). */
    invoiceId: uuid('invoice_id'),
    /** 'invoice': one invoice's balance; 'clientBalance': several open invoices of one client in one currency (ADR 0077). */
    kind: text('kind').notNull().default('invoice'),
    clientId: uuid('client_id').notNull(),
    status: text('status').notNull().default('Active'),
    /** The invoice's balance due when the plan was set up, which the instalments add up to. */
    total: numeric('total', { precision: 16, scale: 2 }).notNull(),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedByUserId: uuid('ended_by_user_id'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    unique('payment_plans_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.invoiceId],
      foreignColumns: [invoices.firmId, invoices.id],
      name: 'payment_plans_invoice_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.clientId],
      foreignColumns: [clients.firmId, clients.id],
      name: 'payment_plans_client_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.createdByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'payment_plans_created_by_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.endedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'payment_plans_ended_by_fk',
    }),
    check('payment_plans_status_check', sql`${table.status} in ('Active', 'Replaced', 'Cancelled')`),
    check(
      'payment_plans_kind_check',
      sql`(${table.kind} = 'invoice') = (${table.invoiceId} is not null) and ${table.kind} in ('invoice', 'clientBalance')`,
    ),
    check('payment_plans_total_check', sql`${table.total} > 0`),
    check('payment_plans_ended_check', sql`(${table.status} = 'Active') = (${table.endedAt} is null)`),
    // One live plan per invoice: two set-ups racing each other leave one plan.
    uniqueIndex('payment_plans_live_key')
      .on(table.firmId, table.invoiceId)
      .where(sql`status = 'Active'`),
    // One live plan on a client's balance per client: the client's page shows it.
    uniqueIndex('payment_plans_live_client_key')
      .on(table.firmId, table.clientId)
      .where(sql`status = 'Active' and kind = 'clientBalance'`),
    index('payment_plans_invoice_idx').on(table.firmId, table.invoiceId, table.createdAt.desc()),
  ],
);

/**
 * A plan's instalments, written with it and never changed. `cumulativeAmount` is the sum of this
 * instalment and those before it: an instalment is paid once the plan's covered amount reaches it,
 * which lets the invoice list and the dashboard find missed instalments in one statement.
 */
export const paymentPlanInstalments = pgTable(
  'payment_plan_instalments',
  {
    firmId: uuid('firm_id').notNull(),
    planId: uuid('plan_id').notNull(),
    number: integer('number').notNull(),
    dueDate: date('due_date').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    cumulativeAmount: numeric('cumulative_amount', { precision: 16, scale: 2 }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'payment_plan_instalments_pkey', columns: [table.planId, table.number] }),
    foreignKey({
      columns: [table.firmId, table.planId],
      foreignColumns: [paymentPlans.firmId, paymentPlans.id],
      name: 'payment_plan_instalments_plan_fk',
    }),
    check('payment_plan_instalments_amount_check', sql`${table.amount} > 0`),
    index('payment_plan_instalments_due_idx').on(table.firmId, table.dueDate),
  ],
);

/**
 * Every plan's invoices (ADR 0077): one row for an invoice plan, one per invoice covered for a plan
 * on a client's balance. What a plan has been paid is its total less these invoices' balances now.
 * An invoice is in at most one live plan: set-ups lock the invoices and check here first.
 */
export const paymentPlanInvoices = pgTable(
  'payment_plan_invoices',
  {
    firmId: uuid('firm_id').notNull(),
    planId: uuid('plan_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
  },
  (table) => [
    primaryKey({ name: 'payment_plan_invoices_pkey', columns: [table.planId, table.invoiceId] }),
    foreignKey({
      columns: [table.firmId, table.planId],
      foreignColumns: [paymentPlans.firmId, paymentPlans.id],
      name: 'payment_plan_invoices_plan_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.invoiceId],
      foreignColumns: [invoices.firmId, invoices.id],
      name: 'payment_plan_invoices_invoice_fk',
    }),
    index('payment_plan_invoices_invoice_idx').on(table.firmId, table.invoiceId),
  ],
);
