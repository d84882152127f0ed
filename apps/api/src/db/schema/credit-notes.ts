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
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { users } from './firms.ts';
import { invoiceLines, invoices } from './invoices.ts';

const money = (name: string) => numeric(name, { precision: 16, scale: 2 }).notNull();

/**
 * A credit note against an issued invoice (issue 36, ADR 0050): the whole invoice or chosen lines,
 * with a reason, numbered in its own gapless series (CN-00001). Never edited or deleted; its journal
 * entry mirrors the share of the invoice's issue entry it credits. What it credits beyond the
 * invoice's balance due (the invoice was paid) becomes the client's credit balance.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    clientId: uuid('client_id').notNull(),
    numberValue: integer('number_value').notNull(),
    creditNoteNumber: text('credit_note_number').notNull(),
    creditDate: date('credit_date').notNull(),
    reason: text('reason').notNull(),
    /** Fees and flat fees credited, after their line adjustments. */
    feesAmount: money('fees_amount'),
    expensesAmount: money('expenses_amount'),
    /** The invoice's discount on what is credited (given back to income, so it is subtracted). */
    discountAmount: money('discount_amount'),
    taxAmount: money('tax_amount'),
    total: money('total'),
    /** What the credit took off the invoice's balance due, and what went to the client's credit balance. */
    appliedAmount: money('applied_amount'),
    toClientCreditAmount: money('to_client_credit_amount'),
    /** The credited lines' time entries, expenses and flat fees returned to unbilled. */
    releasesItems: boolean('releases_items').notNull(),
    journalEntryId: uuid('journal_entry_id'),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('credit_notes_firm_id_key').on(table.firmId, table.id),
    uniqueIndex('credit_notes_firm_number_key').on(table.firmId, table.numberValue),
    foreignKey({
      columns: [table.firmId, table.invoiceId],
      foreignColumns: [invoices.firmId, invoices.id],
      name: 'credit_notes_invoice_fk',
    }),
    foreignKey({ columns: [table.firmId, table.clientId], foreignColumns: [clients.firmId, clients.id], name: 'credit_notes_client_fk' }),
    foreignKey({
      columns: [table.firmId, table.createdByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'credit_notes_created_by_fk',
    }),
    check(
      'credit_notes_total_check',
      sql`${table.total} = ${table.feesAmount} + ${table.expensesAmount} - ${table.discountAmount} + ${table.taxAmount}`,
    ),
    check('credit_notes_split_check', sql`${table.total} = ${table.appliedAmount} + ${table.toClientCreditAmount}`),
    check(
      'credit_notes_amounts_check',
      sql`${table.total} > 0 and ${table.appliedAmount} >= 0 and ${table.toClientCreditAmount} >= 0 and ${table.discountAmount} >= 0`,
    ),
    check('credit_notes_reason_check', sql`char_length(${table.reason}) between 1 and 500`),
    index('credit_notes_invoice_idx').on(table.firmId, table.invoiceId, table.createdAt),
    index('credit_notes_client_idx').on(table.firmId, table.clientId, table.creditDate),
  ],
);

/** The invoice lines a credit note credits: each line of an invoice is credited at most once. */
export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    firmId: uuid('firm_id').notNull(),
    creditNoteId: uuid('credit_note_id').notNull(),
    invoiceLineId: uuid('invoice_line_id').notNull(),
    amount: money('amount'),
  },
  (table) => [
    uniqueIndex('credit_note_lines_invoice_line_key').on(table.invoiceLineId),
    foreignKey({
      columns: [table.firmId, table.creditNoteId],
      foreignColumns: [creditNotes.firmId, creditNotes.id],
      name: 'credit_note_lines_credit_note_fk',
    }),
    foreignKey({ columns: [table.invoiceLineId], foreignColumns: [invoiceLines.id], name: 'credit_note_lines_invoice_line_fk' }),
    index('credit_note_lines_credit_note_idx').on(table.firmId, table.creditNoteId),
  ],
);

/**
 * A client's credit balance, per currency, as its movements (never edited): money the client has
 * with the firm beyond what it owes — a credit note over a paid invoice, an overpayment — and its
 * use, applied to another invoice or refunded (negative); a payment reversed takes back its own
 * movement. Booked to unapplied cash (2400).
 */
export const clientCreditMovements = pgTable(
  'client_credit_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    clientId: uuid('client_id').notNull(),
    currencyCode: text('currency_code').notNull(),
    /** Positive: credit the client gained; negative: credit applied or refunded. */
    amount: money('amount'),
    kind: text('kind').notNull(),
    movementDate: date('movement_date').notNull(),
    creditNoteId: uuid('credit_note_id'),
    /** The invoice overpaid (overpayment) or paid with the credit (applied). */
    invoiceId: uuid('invoice_id'),
    reference: text('reference'),
    journalEntryId: uuid('journal_entry_id'),
    byUserId: uuid('by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('client_credit_movements_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.clientId],
      foreignColumns: [clients.firmId, clients.id],
      name: 'client_credit_movements_client_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.creditNoteId],
      foreignColumns: [creditNotes.firmId, creditNotes.id],
      name: 'client_credit_movements_credit_note_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.invoiceId],
      foreignColumns: [invoices.firmId, invoices.id],
      name: 'client_credit_movements_invoice_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.byUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'client_credit_movements_by_user_fk',
    }),
    // A reversed payment takes back what it did to the credit (migration 0065): the credit it applied
    // returns (applied-reversed, positive), the excess it kept goes (overpayment-reversed, negative).
    check(
      'client_credit_movements_kind_check',
      sql`${table.kind} in ('credit-note', 'overpayment', 'applied', 'refunded', 'applied-reversed', 'overpayment-reversed')`,
    ),
    check(
      'client_credit_movements_sign_check',
      sql`(${table.kind} in ('credit-note', 'overpayment', 'applied-reversed')) = (${table.amount} > 0) and ${table.amount} <> 0`,
    ),
    check('client_credit_movements_currency_check', sql`${table.currencyCode} ~ '^[A-Z]{3}$'`),
    index('client_credit_movements_client_idx').on(table.firmId, table.clientId, table.currencyCode, table.createdAt),
  ],
);
