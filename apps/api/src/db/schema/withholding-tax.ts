import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { firms, users } from './firms.ts';
import { invoicePayments } from './invoices.ts';

const rate = (name: string) => numeric(name, { precision: 5, scale: 2 });

/**
 * The withholding tax (WHT) rates a firm's clients deduct from its fees, per kind of client (ADR 0093):
 * a percentage of the fee part of an invoice. No row: no rates set (nothing is proposed).
 */
export const withholdingTaxSettings = pgTable(
  'withholding_tax_settings',
  {
    firmId: uuid('firm_id')
      .primaryKey()
      .references(() => firms.id),
    companyRate: rate('company_rate').notNull().default('0'),
    governmentRate: rate('government_rate').notNull().default('0'),
    individualRate: rate('individual_rate').notNull().default('0'),
    updatedByUserId: uuid('updated_by_user_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'withholding_tax_settings_rates_check',
      sql`${table.companyRate} between 0 and 100 and ${table.governmentRate} between 0 and 100 and ${table.individualRate} between 0 and 100`,
    ),
  ],
);

/**
 * How a client is treated for WHT: its kind (a government body is a company to the clients module)
 * and, when it differs, its own rate. No row: the kind follows the client's type, at the firm's rate.
 */
export const clientWithholdingTax = pgTable(
  'client_withholding_tax',
  {
    firmId: uuid('firm_id').notNull(),
    clientId: uuid('client_id').notNull(),
    category: text('category').notNull(),
    rateOverride: rate('rate_override'),
    updatedByUserId: uuid('updated_by_user_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.firmId, table.clientId], name: 'client_withholding_tax_pkey' }),
    foreignKey({
      columns: [table.firmId, table.clientId],
      foreignColumns: [clients.firmId, clients.id],
      name: 'client_withholding_tax_client_fk',
    }),
    check('client_withholding_tax_category_check', sql`${table.category} in ('company', 'government', 'individual')`),
    check('client_withholding_tax_rate_check', sql`${table.rateOverride} is null or ${table.rateOverride} between 0 and 100`),
  ],
);

/**
 * The WHT credit note a client issues for the tax it deducted from a payment: the firm's evidence to
 * offset the tax against its own. One per payment; recorded when it arrives (a payment row is never
 * updated), its PDF in the file store under an unguessable key.
 */
export const withholdingTaxCreditNotes = pgTable(
  'withholding_tax_credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    creditNoteNumber: text('credit_note_number').notNull(),
    issueDate: date('issue_date').notNull(),
    storageKey: text('storage_key'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    recordedByUserId: uuid('recorded_by_user_id').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('withholding_tax_credit_notes_payment_key').on(table.firmId, table.paymentId),
    foreignKey({
      columns: [table.firmId, table.paymentId],
      foreignColumns: [invoicePayments.firmId, invoicePayments.id],
      name: 'withholding_tax_credit_notes_payment_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.recordedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'withholding_tax_credit_notes_recorded_by_fk',
    }),
  ],
);
