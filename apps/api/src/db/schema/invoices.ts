import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, numeric, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { firms, users } from './firms.ts';
import { bankAccounts } from './ledger.ts';
import { matters } from './matters.ts';
import { currencies } from './reference.ts';

const money = (name: string) => numeric(name, { precision: 16, scale: 2 }).notNull().default('0');

/**
 * An invoice (PRODUCT.md module 9): a client's bill from its chosen time entries, expenses and flat
 * fees. Every figure is what the server computed (computeInvoiceAmounts) when the draft was last
 * saved, and paid / written-off amounts as payments and write-offs come; never recomputed on read.
 * The number is given when it leaves Draft, from the firm's gapless 'invoice' sequence.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id').notNull(),
    /**
     * The sequence's value (1, 2, …) and its text with the firm's prefix (INV-00001), given as the
     * invoice leaves Draft; null in Draft, except a draft rejected after submission keeps its number.
     */
    numberValue: integer('number_value'),
    invoiceNumber: text('invoice_number'),
    status: text('status').notNull(),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    discountType: text('discount_type'),
    discountValue: numeric('discount_value', { precision: 16, scale: 4 }),
    taxName: text('tax_name'),
    taxPercent: numeric('tax_percent', { precision: 7, scale: 4 }).notNull().default('0'),
    taxAppliesTo: text('tax_applies_to').notNull().default('both'),
    notes: text('notes'),
    paymentInstructions: text('payment_instructions'),
    currencyId: integer('currency_id').references(() => currencies.id),
    feesSubtotal: money('fees_subtotal'),
    expensesSubtotal: money('expenses_subtotal'),
    flatFeesSubtotal: money('flat_fees_subtotal'),
    subtotal: money('subtotal'),
    discountAmount: money('discount_amount'),
    taxableAmount: money('taxable_amount'),
    taxAmount: money('tax_amount'),
    total: money('total'),
    paidAmount: money('paid_amount'),
    writtenOffAmount: money('written_off_amount'),
    /** What credit notes took off the balance due (a credit beyond it is the client's credit balance). */
    creditedAmount: money('credited_amount'),
    balanceDue: money('balance_due'),
    /** Bill of charges: the date it reached the client (email or by hand) and how. */
    deliveredDate: date('delivered_date'),
    deliveryMethod: text('delivery_method'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedByUserId: uuid('approved_by_user_id'),
    /** When it was issued (Approved, or sent straight from Draft): its ledger entry is posted then. */
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    issueEntryId: uuid('issue_entry_id'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: uuid('deleted_by_user_id').references(() => users.id),
  },
  (table) => [
    unique('invoices_firm_id_key').on(table.firmId, table.id),
    foreignKey({ columns: [table.firmId, table.clientId], foreignColumns: [clients.firmId, clients.id], name: 'invoices_firm_client_fk' }),
    foreignKey({
      columns: [table.firmId, table.createdByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'invoices_firm_created_by_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.approvedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'invoices_firm_approved_by_fk',
    }),
    // A number is used once in a firm, even by a void invoice.
    uniqueIndex('invoices_firm_number_key')
      .on(table.firmId, table.numberValue)
      .where(sql`number_value is not null`),
    check('invoices_status_check', sql`${table.status} in ('Draft', 'AwaitingApproval', 'Approved', 'Sent', 'PartlyPaid', 'Paid', 'Void')`),
    // Every invoice past Draft has its number; a draft has none unless an approver rejected it back
    // to Draft after submission, when it keeps the number it took (gapless: never given back)…
    check('invoices_number_check', sql`${table.status} = 'Draft' or ${table.numberValue} is not null`),
    // …and a numbered invoice is never deleted (voided instead), so every number stays on the books.
    check('invoices_numbered_not_deleted_check', sql`${table.numberValue} is null or ${table.deletedAt} is null`),
    check('invoices_total_check', sql`${table.total} = ${table.subtotal} - ${table.discountAmount} + ${table.taxAmount}`),
    check(
      'invoices_balance_check',
      sql`${table.balanceDue} = ${table.total} - ${table.paidAmount} - ${table.writtenOffAmount} - ${table.creditedAmount}`,
    ),
    check('invoices_not_overpaid_check', sql`${table.balanceDue} >= 0`),
    // Migration 0068 adds INCLUDE (status, currency_id, total), which drizzle cannot express: a period's billed totals
    // come from the index alone.
    index('invoices_firm_issue_idx')
      .on(table.firmId, table.issueDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('invoices_firm_status_idx')
      .on(table.firmId, table.status, table.issueDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('invoices_firm_client_idx')
      .on(table.firmId, table.clientId, table.issueDate.desc())
      .where(sql`deleted_at is null`),
    // The list's "newest first" (the web's default), its status tabs in that order, the overdue tab
    // (issued, money due: created in migration 0035 with INCLUDE (due_date), which drizzle cannot
    // express), the number search and the totals.
    index('invoices_firm_created_idx')
      .on(table.firmId, table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('invoices_firm_status_created_idx')
      .on(table.firmId, table.status, table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('invoices_open_created_idx')
      .on(table.firmId, table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null and status in ('Approved', 'Sent', 'PartlyPaid') and balance_due > 0`),
    index('invoices_number_trgm_idx').using('gin', sql`${table.invoiceNumber} gin_trgm_ops`),
    // The list's totals (IncludeTotals), per currency, read from the index alone: created in migration
    // 0035 with INCLUDE (total, paid_amount, balance_due), currency_id added in 0053.
    index('invoices_firm_totals_idx')
      .on(table.firmId, table.status)
      .where(sql`deleted_at is null`),
    // What clients owe, read from the index alone: the tie-outs on every statement sum it (sumOpenReceivables),
    // and a firm's invoices are mostly paid (migration 0066).
    index('invoices_firm_owed_idx')
      .on(table.firmId, table.status, table.currencyId, table.balanceDue)
      .where(sql`deleted_at is null and balance_due > 0`),
  ],
);

/** The matters an invoice covers. */
export const invoiceMatters = pgTable(
  'invoice_matters',
  {
    firmId: uuid('firm_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    matterId: uuid('matter_id').notNull(),
  },
  (table) => [
    unique('invoice_matters_key').on(table.invoiceId, table.matterId),
    foreignKey({
      columns: [table.firmId, table.invoiceId],
      foreignColumns: [invoices.firmId, invoices.id],
      name: 'invoice_matters_invoice_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.matterId],
      foreignColumns: [matters.firmId, matters.id],
      name: 'invoice_matters_matter_fk',
    }),
    index('invoice_matters_matter_idx').on(table.firmId, table.matterId),
  ],
);

/**
 * A line of an invoice: a snapshot of the item it bills (date, fee earner, description, hours,
 * rate, quantity, amount) as the item held it when the draft was saved, plus a write-down or up
 * with its reason (LEDES LINE_ITEM_ADJUSTMENT_AMOUNT); the item itself is never changed.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    itemType: text('item_type').notNull(),
    itemId: uuid('item_id').notNull(),
    matterId: uuid('matter_id').notNull(),
    lineDate: date('line_date').notNull(),
    feeEarnerId: uuid('fee_earner_id'),
    feeEarnerName: text('fee_earner_name'),
    description: text('description').notNull(),
    hours: numeric('hours', { precision: 10, scale: 4 }),
    rate: numeric('rate', { precision: 14, scale: 2 }),
    quantity: numeric('quantity', { precision: 12, scale: 4 }),
    itemAmount: numeric('item_amount', { precision: 16, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    adjustment: numeric('adjustment', { precision: 16, scale: 2 }).notNull().default('0'),
    adjustmentReason: text('adjustment_reason'),
    utbmsTaskCode: text('utbms_task_code'),
    utbmsActivityCode: text('utbms_activity_code'),
    utbmsExpenseCode: text('utbms_expense_code'),
    sortOrder: integer('sort_order').notNull(),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.invoiceId],
      foreignColumns: [invoices.firmId, invoices.id],
      name: 'invoice_lines_invoice_fk',
    }),
    check('invoice_lines_type_check', sql`${table.itemType} in ('fee', 'expense', 'flatFee')`),
    check('invoice_lines_adjustment_check', sql`${table.adjustment} = ${table.amount} - ${table.itemAmount}`),
    index('invoice_lines_invoice_idx').on(table.firmId, table.invoiceId, table.sortOrder),
  ],
);

/**
 * Payments on an invoice, never edited or deleted: a payment is undone by a reversing row (a
 * negative amount naming the payment it reverses; a payment is reversed at most once).
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    receiptNumber: text('receipt_number').notNull(),
    /** What the payment settled of the invoice: the money received plus any withholding tax deducted. */
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    /** Of amount, the withholding tax the client deducted (Dr withholding tax receivable, not the bank); reversals negative. */
    withholdingTaxAmount: numeric('withholding_tax_amount', { precision: 16, scale: 2 }).notNull().default('0'),
    paymentDate: date('payment_date').notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    reversesPaymentId: uuid('reverses_payment_id'),
    reason: text('reason'),
    journalEntryId: uuid('journal_entry_id'),
    /** The operating bank account the money went into; null: the system operating bank (1000), or trust's transfer. */
    bankAccountId: uuid('bank_account_id'),
    recordedByUserId: uuid('recorded_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('invoice_payments_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.bankAccountId],
      foreignColumns: [bankAccounts.firmId, bankAccounts.id],
      name: 'invoice_payments_bank_account_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.invoiceId],
      foreignColumns: [invoices.firmId, invoices.id],
      name: 'invoice_payments_invoice_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.reversesPaymentId],
      foreignColumns: [table.firmId, table.id],
      name: 'invoice_payments_reverses_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.recordedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'invoice_payments_recorded_by_fk',
    }),
    uniqueIndex('invoice_payments_reversal_key')
      .on(table.reversesPaymentId)
      .where(sql`reverses_payment_id is not null`),
    check('invoice_payments_sign_check', sql`(${table.reversesPaymentId} is null) = (${table.amount} > 0)`),
    index('invoice_payments_invoice_idx').on(table.firmId, table.invoiceId, table.createdAt),
    // A period's collections, and the invoices a payment after a day settled (aged receivables as of that day).
    index('invoice_payments_firm_date_idx').on(table.firmId, table.paymentDate),
  ],
);

/**
 * Each payment's parts by fee earner (fee_earner_id null: the part no fee earner earned — expenses,
 * tax, fee lines without one), written by the database as the payment is inserted (0069's
 * invoice_payment_parts_apply) and, like the payment, never edited: the collections report reads
 * them instead of allocating a year of payments again at each request. They add up to the payment
 * exactly; a reversal's are its payment's, negated. The rule is written out in ADR 0056.
 * Client, receivable matter (null: several), currency and date are the payment's and its invoice's,
 * which never change once issued; the index holds every column the report sums.
 */
export const invoicePaymentParts = pgTable(
  'invoice_payment_parts',
  {
    firmId: uuid('firm_id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    clientId: uuid('client_id').notNull(),
    matterId: uuid('matter_id'),
    currencyCode: text('currency_code').notNull(),
    paymentDate: date('payment_date').notNull(),
    feeEarnerId: uuid('fee_earner_id'),
    /** The fee earner's name on the invoice's lines, for one no longer in the firm's team. */
    feeEarnerName: text('fee_earner_name'),
    part: numeric('part', { precision: 16, scale: 2 }).notNull(),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.paymentId],
      foreignColumns: [invoicePayments.firmId, invoicePayments.id],
      name: 'invoice_payment_parts_payment_fk',
    }).onDelete('cascade'),
    unique('invoice_payment_parts_key').on(table.paymentId, table.feeEarnerId).nullsNotDistinct(),
    // INCLUDE (client_id, matter_id, currency_code, fee_earner_id, part, payment_id) is added in 0069's SQL (drizzle cannot say it).
    index('invoice_payment_parts_firm_date_idx').on(table.firmId, table.paymentDate),
  ],
);

/** Amounts of an issued invoice written off as bad debt (Dr write-offs / Cr accounts receivable). */
export const invoiceWriteOffs = pgTable(
  'invoice_write_offs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
    writeOffDate: date('write_off_date').notNull(),
    journalEntryId: uuid('journal_entry_id'),
    byUserId: uuid('by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.invoiceId],
      foreignColumns: [invoices.firmId, invoices.id],
      name: 'invoice_write_offs_invoice_fk',
    }),
    check('invoice_write_offs_amount_check', sql`${table.amount} > 0`),
    index('invoice_write_offs_invoice_idx').on(table.firmId, table.invoiceId),
  ],
);

/** The invoice's status history: every transition and money event, who and when. */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    status: text('status').notNull(),
    action: text('action').notNull(),
    note: text('note'),
    byUserId: uuid('by_user_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.invoiceId],
      foreignColumns: [invoices.firmId, invoices.id],
      name: 'invoice_events_invoice_fk',
    }),
    index('invoice_events_invoice_idx').on(table.firmId, table.invoiceId, table.at),
  ],
);
