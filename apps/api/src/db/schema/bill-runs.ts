import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { firms, users } from './firms.ts';

/**
 * Bill runs (issue 44 §3, ADR 0076): the filters a member started a run with and its progress. The
 * queue's job takes a Queued run (or a Running one whose lease ran out: its process died) and
 * drafts its results one by one, each in its own short transaction.
 */
export const billRuns = pgTable(
  'bill_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    status: text('status', { enum: ['Queued', 'Running', 'Finished', 'Failed'] })
      .notNull()
      .default('Queued'),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    total: integer('total').notNull(),
    startedByUserId: uuid('started_by_user_id').notNull(),
    /** Until when the process running it holds it; past this, another process takes it over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    unique('bill_runs_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.startedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'bill_runs_started_by_fk',
    }),
    index('bill_runs_firm_created_idx').on(table.firmId, table.createdAt),
    index('bill_runs_waiting_idx')
      .on(table.createdAt)
      .where(sql`${table.status} in ('Queued', 'Running')`),
    check('bill_runs_status_check', sql`${table.status} in ('Queued', 'Running', 'Finished', 'Failed')`),
  ],
);

/**
 * One invoice a run drafts (a matter, or a client's matters) and what came of it. No foreign key to
 * the client, matter or invoice: the recycle bin may purge those, and the run's history stays.
 */
export const billRunResults = pgTable(
  'bill_run_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    billRunId: uuid('bill_run_id').notNull(),
    sortOrder: integer('sort_order').notNull(),
    clientId: uuid('client_id').notNull(),
    /** The matter of a per-matter invoice; null for one invoice over the client's matters. */
    matterId: uuid('matter_id'),
    matterIds: uuid('matter_ids').array().notNull(),
    unbilledAmount: numeric('unbilled_amount', { precision: 20, scale: 2 }).notNull(),
    itemCount: integer('item_count').notNull(),
    outcome: text('outcome', { enum: ['Pending', 'Drafted', 'Skipped'] })
      .notNull()
      .default('Pending'),
    invoiceId: uuid('invoice_id'),
    skipReason: text('skip_reason'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.billRunId],
      foreignColumns: [billRuns.firmId, billRuns.id],
      name: 'bill_run_results_run_fk',
    }),
    index('bill_run_results_run_idx').on(table.firmId, table.billRunId, table.sortOrder),
    check('bill_run_results_outcome_check', sql`${table.outcome} in ('Pending', 'Drafted', 'Skipped')`),
  ],
);
