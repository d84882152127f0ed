import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { firms, users } from './firms.ts';
import { bankAccounts } from './ledger.ts';
import { matters } from './matters.ts';
import { currencies } from './reference.ts';

/** A firm's expense categories (Settings), each with an optional UTBMS expense code E101–E124. */
export const expenseCategories = pgTable(
  'expense_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    name: text('name').notNull(),
    utbmsExpenseCode: text('utbms_expense_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    unique('expense_categories_firm_id_key').on(table.firmId, table.id),
    // A name once among the firm's live categories; a deleted one frees its name.
    uniqueIndex('expense_categories_firm_name_key')
      .on(table.firmId, sql`lower(${table.name})`)
      .where(sql`deleted_at is null`),
    check(
      'expense_categories_utbms_check',
      sql`${table.utbmsExpenseCode} is null or ${table.utbmsExpenseCode} ~ '^E1(0[1-9]|1[0-9]|2[0-4])$'`,
    ),
  ],
);

/**
 * An expense (PRODUCT.md module 7): a client expense (a client and one of its matters, billable or
 * not) or a firm expense (the firm's own cost, never billed). Amounts are what the server computed
 * (quantity × unit cost, and its home-currency value at the exchange rate), never recomputed on
 * read. An invoice that takes it sets invoice_id, which locks it (expenses.api.ts).
 */
export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    isFirmExpense: boolean('is_firm_expense').notNull(),
    /** Raised as a request for approval (by a fee earner asking to be paid or reimbursed). */
    isExpenseRequest: boolean('is_expense_request').notNull().default(false),
    clientId: uuid('client_id'),
    matterId: uuid('matter_id'),
    expenseDate: date('expense_date').notNull(),
    description: text('description').notNull(),
    categoryId: uuid('category_id').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 4 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 14, scale: 2 }).notNull(),
    /** quantity × unit cost, in the expense's currency. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** The amount in the firm's home currency: amount × exchange rate. */
    homeAmount: numeric('home_amount', { precision: 14, scale: 2 }).notNull(),
    homeCurrencyId: integer('home_currency_id').references(() => currencies.id),
    foreignCurrencyId: integer('foreign_currency_id').references(() => currencies.id),
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 8 }).notNull().default('1'),
    /** SPEC.md §9: 2 = not billable, 4 = billable. A firm expense is always 2. */
    isBillable: smallint('is_billable').notNull(),
    payee: text('payee'),
    reference: text('reference'),
    note: text('note'),
    approvalStatus: text('approval_status').notNull(),
    decidedByUserId: uuid('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    paymentStatus: text('payment_status').notNull().default('Unpaid'),
    paidDate: date('paid_date'),
    paymentMethod: text('payment_method'),
    paymentReference: text('payment_reference'),
    /** The journal entry that booked the payment (Dr firm expenses or client costs advanced, Cr operating bank). */
    paymentEntryId: uuid('payment_entry_id'),
    /** The operating bank account it was paid from; null: the system operating bank (1000). */
    paidFromBankAccountId: uuid('paid_from_bank_account_id'),
    invoiceId: uuid('invoice_id'),
    /** Who added it (SPEC.md's ExpenseAddedUserId filter); a request's requester. */
    addedByUserId: uuid('added_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: uuid('deleted_by_user_id').references(() => users.id),
  },
  (table) => [
    unique('expenses_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.paidFromBankAccountId],
      foreignColumns: [bankAccounts.firmId, bankAccounts.id],
      name: 'expenses_firm_paid_from_bank_account_fk',
    }),
    foreignKey({ columns: [table.firmId, table.clientId], foreignColumns: [clients.firmId, clients.id], name: 'expenses_firm_client_fk' }),
    foreignKey({ columns: [table.firmId, table.matterId], foreignColumns: [matters.firmId, matters.id], name: 'expenses_firm_matter_fk' }),
    foreignKey({
      columns: [table.firmId, table.categoryId],
      foreignColumns: [expenseCategories.firmId, expenseCategories.id],
      name: 'expenses_firm_category_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.addedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'expenses_firm_added_by_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.decidedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'expenses_firm_decided_by_fk',
    }),
    check(
      'expenses_owner_check',
      sql`(${table.isFirmExpense} and ${table.clientId} is null and ${table.matterId} is null and ${table.isBillable} = 2)
        or (not ${table.isFirmExpense} and ${table.clientId} is not null and ${table.matterId} is not null)`,
    ),
    check('expenses_is_billable_check', sql`${table.isBillable} in (2, 4)`),
    check('expenses_approval_status_check', sql`${table.approvalStatus} in ('Pending', 'Approved', 'Rejected')`),
    check('expenses_payment_status_check', sql`${table.paymentStatus} in ('Unpaid', 'Paid')`),
    check('expenses_amounts_check', sql`${table.quantity} > 0 and ${table.unitCost} > 0 and ${table.exchangeRate} > 0`),
    // The list's default order (newest date first) on each tab, live rows only.
    index('expenses_firm_date_idx')
      .on(table.firmId, table.isFirmExpense, table.expenseDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    // A matter's expenses (the matter's Expenses tab, the matter filter).
    index('expenses_matter_date_idx')
      .on(table.firmId, table.matterId, table.expenseDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    // What the billing state pre-fetches on every page load: approved, billable, unbilled client expenses.
    index('expenses_unbilled_date_idx')
      .on(table.firmId, table.expenseDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(
        sql`deleted_at is null and invoice_id is null and approval_status = 'Approved' and is_firm_expense = false and is_billable = 4`,
      ),
    // Requests waiting for an approver (the dashboard, the approvals view).
    index('expenses_pending_idx')
      .on(table.firmId, table.expenseDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null and approval_status = 'Pending'`),
    index('expenses_added_by_idx')
      .on(table.firmId, table.addedByUserId, table.expenseDate.desc())
      .where(sql`deleted_at is null`),
    index('expenses_description_trgm_idx').using('gin', sql`${table.description} gin_trgm_ops`),
    index('expenses_payee_trgm_idx').using('gin', sql`${table.payee} gin_trgm_ops`),
  ],
);

/**
 * A receipt attached to an expense: the file lives in the file store (platform/files) under its
 * unguessable key; this row is what says whose it is, so it is only served through a check of it.
 */
export const expenseReceipts = pgTable(
  'expense_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    expenseId: uuid('expense_id').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: uuid('deleted_by_user_id').references(() => users.id),
  },
  (table) => [
    unique('expense_receipts_storage_key_key').on(table.storageKey),
    foreignKey({
      columns: [table.firmId, table.expenseId],
      foreignColumns: [expenses.firmId, expenses.id],
      name: 'expense_receipts_firm_expense_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.uploadedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'expense_receipts_firm_uploaded_by_fk',
    }),
    index('expense_receipts_expense_idx')
      .on(table.firmId, table.expenseId)
      .where(sql`deleted_at is null`),
  ],
);
