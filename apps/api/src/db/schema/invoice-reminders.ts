import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { firms, users } from './firms.ts';
import { invoices } from './invoices.ts';

/**
 * Invoice reminders (issue 44 §4, ADR 0071): the firm's schedule of steps counted from each
 * invoice's due date, the reminders sent, invoices the client disputes and clients who asked for
 * no reminders. A firm without a schedule row has reminders off and the default steps.
 */
export const invoiceReminderSchedules = pgTable(
  'invoice_reminder_schedules',
  {
    firmId: uuid('firm_id')
      .primaryKey()
      .references(() => firms.id),
    isEnabled: boolean('is_enabled').notNull().default(false),
    updatedByUserId: uuid('updated_by_user_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.updatedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'invoice_reminder_schedules_updated_by_fk',
    }),
  ],
);

/** One step of the schedule: a day relative to the due date, with its own subject and message. */
export const invoiceReminderSteps = pgTable(
  'invoice_reminder_steps',
  {
    firmId: uuid('firm_id').notNull(),
    daysFromDue: integer('days_from_due').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
  },
  (table) => [
    primaryKey({ name: 'invoice_reminder_steps_pkey', columns: [table.firmId, table.daysFromDue] }),
    foreignKey({
      columns: [table.firmId],
      foreignColumns: [invoiceReminderSchedules.firmId],
      name: 'invoice_reminder_steps_schedule_fk',
    }).onDelete('cascade'),
    check('invoice_reminder_steps_days_check', sql`${table.daysFromDue} between -90 and 365`),
  ],
);

/**
 * A reminder sent: one per invoice and step, ever (the unique key is what makes a step go once
 * whatever runs overlap); written in the transaction that queues its email.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    invoiceId: uuid('invoice_id').notNull(),
    daysFromDue: integer('days_from_due').notNull(),
    /** The firm's date it was sent on. */
    reminderDate: date('reminder_date').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** The outbox row that carries it (no foreign key: the outbox's rows are its own to keep or purge). */
    outgoingMessageId: uuid('outgoing_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('invoice_reminders_once_key').on(table.firmId, table.invoiceId, table.daysFromDue),
    foreignKey({
      columns: [table.firmId, table.invoiceId],
      foreignColumns: [invoices.firmId, invoices.id],
      name: 'invoice_reminders_invoice_fk',
    }),
  ],
);

/** An invoice the client disputes: no reminder goes while it is here. Clearing deletes it (the audit trail keeps both). */
export const invoiceDisputes = pgTable(
  'invoice_disputes',
  {
    firmId: uuid('firm_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    note: text('note').notNull(),
    disputedByUserId: uuid('disputed_by_user_id').notNull(),
    disputedAt: timestamp('disputed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'invoice_disputes_pkey', columns: [table.firmId, table.invoiceId] }),
    foreignKey({
      columns: [table.firmId, table.invoiceId],
      foreignColumns: [invoices.firmId, invoices.id],
      name: 'invoice_disputes_invoice_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.disputedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'invoice_disputes_disputed_by_fk',
    }),
  ],
);

/** A client who asked for no invoice reminders. */
export const clientReminderOptOuts = pgTable(
  'client_reminder_opt_outs',
  {
    firmId: uuid('firm_id').notNull(),
    clientId: uuid('client_id').notNull(),
    optedOutByUserId: uuid('opted_out_by_user_id').notNull(),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'client_reminder_opt_outs_pkey', columns: [table.firmId, table.clientId] }),
    // The choice goes with the client when the recycle bin purges it.
    foreignKey({
      columns: [table.firmId, table.clientId],
      foreignColumns: [clients.firmId, clients.id],
      name: 'client_reminder_opt_outs_client_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.firmId, table.optedOutByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'client_reminder_opt_outs_by_fk',
    }),
  ],
);
