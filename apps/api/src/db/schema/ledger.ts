import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
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
import { matters } from './matters.ts';

/**
 * The firm's chart of accounts (PRODUCT.md module 12, ADRs 0020 and 0046): every firm starts with a
 * numbered law-firm chart. System accounts carry a `code` the modules post to (one per code); the
 * firm's own accounts have none. Neither is ever deleted once it has lines.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    /** The stable key modules post to ('operating-bank'); null on the firm's own accounts. */
    code: text('code'),
    /** The account's 4-digit number in the chart, unique in the firm; the firm may renumber any account. */
    number: text('number').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** The account this one is a sub-account of (same type). */
    parentId: uuid('parent_id'),
    /** A deactivated account takes no new manual postings and is left out of pickers; its history stays. */
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The module whose sub-ledger the account's balance must equal (invoices, trust, payments, expenses):
     * never posted to by hand. Null: manual journals may post to it.
     */
    ownedByModule: text('owned_by_module'),
    /** asset, liability, income, expense or equity. */
    type: text('type').notNull(),
    /** debit or credit: the side the account's balance normally sits on. */
    normalBalance: text('normal_balance').notNull(),
    /** A system account (it has a code): it cannot be retyped, deactivated or deleted. */
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('ledger_accounts_firm_code_key').on(table.firmId, table.code),
    unique('ledger_accounts_firm_id_key').on(table.firmId, table.id),
    unique('ledger_accounts_firm_number_key').on(table.firmId, table.number),
    foreignKey({
      columns: [table.firmId, table.parentId],
      foreignColumns: [table.firmId, table.id],
      name: 'ledger_accounts_firm_parent_fk',
    }),
    check('ledger_accounts_number_check', sql`${table.number} ~ '^[0-9]{4}$'`),
    check('ledger_accounts_system_code_check', sql`${table.isSystem} = (${table.code} is not null)`),
    check('ledger_accounts_owned_by_module_check', sql`${table.ownedByModule} in ('invoices', 'trust', 'payments', 'expenses')`),
    check('ledger_accounts_parent_check', sql`${table.parentId} <> ${table.id}`),
    check('ledger_accounts_type_check', sql`${table.type} in ('asset', 'liability', 'income', 'expense', 'equity')`),
    check('ledger_accounts_normal_balance_check', sql`${table.normalBalance} in ('debit', 'credit')`),
  ],
);

/** PostgreSQL's 64-bit transaction id (xid8), read as text. */
const transactionId = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * A journal entry: never updated or deleted (triggers refuse it; the app role has no grant), a
 * mistake is corrected by a reversing entry. Its lines must balance, checked at commit.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    entryDate: date('entry_date').notNull(),
    memo: text('memo').notNull(),
    /** A manual entry's reference (a voucher or document number); null on module postings. */
    reference: text('reference'),
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id'),
    /** The entry this one reverses: an entry is reversed at most once. */
    reversesEntryId: uuid('reverses_entry_id'),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The top-level transaction that posted it (savepoints included), so the day totals are kept for
     * exactly this transaction's entries at its commit; null on entries posted before migration 0063.
     */
    postedXid: transactionId('posted_xid').default(sql`pg_current_xact_id()`),
  },
  (table) => [
    unique('journal_entries_firm_id_key').on(table.firmId, table.id),
    unique('journal_entries_reverses_key').on(table.reversesEntryId),
    foreignKey({
      columns: [table.firmId, table.reversesEntryId],
      foreignColumns: [table.firmId, table.id],
      name: 'journal_entries_firm_reverses_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.createdByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'journal_entries_firm_created_by_fk',
    }),
    check(
      'journal_entries_source_type_check',
      sql`${table.sourceType} in ('invoice', 'invoice-payment', 'invoice-void', 'invoice-write-off', 'trust', 'gateway-fee', 'expense-payment', 'unapplied-cash', 'manual', 'credit-note', 'client-credit', 'consultation-fee')`,
    ),
    index('journal_entries_firm_created_idx').on(table.firmId, table.createdAt.desc(), table.id.desc()),
    index('journal_entries_firm_source_idx').on(table.firmId, table.sourceType, table.sourceId),
    // The entries of a few days: a general-ledger page reads the days its day totals place it on (migration 0066).
    index('journal_entries_firm_date_idx').on(table.firmId, table.entryDate),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    entryId: uuid('entry_id').notNull(),
    accountId: uuid('account_id').notNull(),
    debit: numeric('debit', { precision: 14, scale: 2 }).notNull().default('0'),
    credit: numeric('credit', { precision: 14, scale: 2 }).notNull().default('0'),
    clientId: uuid('client_id'),
    matterId: uuid('matter_id'),
    /** Which trust bank account a trust line concerns (the trust-bank and client-trust-liability accounts' sub-ledgers). */
    trustAccountId: uuid('trust_account_id'),
    memo: text('memo'),
    /** ISO 4217 code: an entry balances in each of its currencies, and no balance adds two of them. */
    currencyCode: text('currency_code').notNull(),
    /** Home-currency units per unit of currency_code; only on a line in another currency, with its home amount. */
    exchangeRate: numeric('exchange_rate', { precision: 20, scale: 10 }),
    /** The line's amount in the firm's home currency at exchange_rate, rounded half-up to 2 decimals. */
    homeAmount: numeric('home_amount', { precision: 14, scale: 2 }),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.entryId],
      foreignColumns: [journalEntries.firmId, journalEntries.id],
      name: 'journal_lines_firm_entry_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.accountId],
      foreignColumns: [ledgerAccounts.firmId, ledgerAccounts.id],
      name: 'journal_lines_firm_account_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.clientId],
      foreignColumns: [clients.firmId, clients.id],
      name: 'journal_lines_firm_client_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.matterId],
      foreignColumns: [matters.firmId, matters.id],
      name: 'journal_lines_firm_matter_fk',
    }),
    index('journal_lines_firm_account_trust_idx')
      .on(table.firmId, table.accountId, table.trustAccountId)
      .where(sql`${table.trustAccountId} is not null`),
    check('journal_lines_debit_check', sql`${table.debit} >= 0`),
    check('journal_lines_credit_check', sql`${table.credit} >= 0`),
    check('journal_lines_one_side_check', sql`(${table.debit} > 0) <> (${table.credit} > 0)`),
    check('journal_lines_currency_code_check', sql`${table.currencyCode} ~ '^[A-Z]{3}$'`),
    check(
      'journal_lines_conversion_check',
      sql`(${table.exchangeRate} is null) = (${table.homeAmount} is null) and (${table.exchangeRate} is null or ${table.exchangeRate} > 0)`,
    ),
    index('journal_lines_entry_idx').on(table.entryId),
    index('journal_lines_firm_account_client_idx').on(table.firmId, table.accountId, table.clientId),
    index('journal_lines_firm_account_matter_idx').on(table.firmId, table.accountId, table.matterId),
  ],
);

/**
 * The firm's operating bank accounts (issue 36): each books to its own asset account in the chart.
 * Money with no account chosen goes to the firm's default for its currency, and without one to the
 * system operating bank (1000), as before there were several. Only the last 4 digits of the account
 * number are ever kept: the books need to tell accounts apart, not to pay into them.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    /** What the firm calls it ("USD domiciliary"). */
    name: text('name').notNull(),
    bankName: text('bank_name').notNull(),
    /** The last 4 digits of the account number; the rest is never stored. */
    accountNumberLast4: text('account_number_last4'),
    /** ISO 4217: only money in this currency is received into or paid from it. */
    currencyCode: text('currency_code').notNull(),
    /** The asset account its money is booked to (one bank account per ledger account). */
    ledgerAccountId: uuid('ledger_account_id').notNull(),
    /** The account money in its currency goes to when none is chosen (one per currency). */
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('bank_accounts_firm_id_key').on(table.firmId, table.id),
    unique('bank_accounts_firm_ledger_account_key').on(table.firmId, table.ledgerAccountId),
    uniqueIndex('bank_accounts_firm_default_key')
      .on(table.firmId, table.currencyCode)
      .where(sql`is_default`),
    foreignKey({
      columns: [table.firmId, table.ledgerAccountId],
      foreignColumns: [ledgerAccounts.firmId, ledgerAccounts.id],
      name: 'bank_accounts_firm_ledger_account_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.createdByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'bank_accounts_firm_created_by_fk',
    }),
    check('bank_accounts_last4_check', sql`${table.accountNumberLast4} ~ '^[0-9]{4}$'`),
    check('bank_accounts_currency_code_check', sql`${table.currencyCode} ~ '^[A-Z]{3}$'`),
    check('bank_accounts_default_active_check', sql`not ${table.isDefault} or ${table.isActive}`),
    check(
      'bank_accounts_name_check',
      sql`char_length(${table.name}) between 1 and 120 and char_length(${table.bankName}) between 1 and 120`,
    ),
  ],
);

/** The firm's tax rates (issue 36): Nigeria's VAT at 7.5% for a Nigerian firm; invoices carry the rate they charged. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    name: text('name').notNull(),
    ratePercent: numeric('rate_percent', { precision: 7, scale: 4 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('tax_rates_firm_name_rate_key').on(table.firmId, table.name, table.ratePercent),
    check('tax_rates_rate_check', sql`${table.ratePercent} >= 0 and ${table.ratePercent} <= 100`),
    check('tax_rates_name_check', sql`char_length(${table.name}) between 1 and 60`),
  ],
);

/**
 * Evidence attached to a journal entry (a receipt, a bank letter). The entry is never edited, but
 * its evidence may arrive later, so attaching is allowed at any time; an attachment is never
 * changed or removed (the app role may only add and read them).
 */
export const journalAttachments = pgTable(
  'journal_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    entryId: uuid('entry_id').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('journal_attachments_storage_key_key').on(table.storageKey),
    foreignKey({
      columns: [table.firmId, table.entryId],
      foreignColumns: [journalEntries.firmId, journalEntries.id],
      name: 'journal_attachments_firm_entry_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.uploadedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'journal_attachments_firm_uploaded_by_fk',
    }),
    index('journal_attachments_entry_idx').on(table.firmId, table.entryId, table.uploadedAt),
  ],
);

/**
 * Each day's debits and credits per account, currency and source type: the sums of journal_lines,
 * kept at the commit of every transaction that posts (migration 0063), so a statement over three
 * years reads thousands of rows instead of a million lines. The app role only reads it; the
 * database writes it. Source type is kept because the cash basis leaves out what invoices post.
 */
export const journalDayTotals = pgTable(
  'journal_day_totals',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    entryDate: date('entry_date').notNull(),
    accountId: uuid('account_id').notNull(),
    currencyCode: text('currency_code').notNull(),
    sourceType: text('source_type').notNull(),
    debit: numeric('debit', { precision: 18, scale: 2 }).notNull(),
    credit: numeric('credit', { precision: 18, scale: 2 }).notNull(),
    /** How many lines the sums are of (migration 0066): a general-ledger page is found and counted from them. */
    lines: integer('lines').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'journal_day_totals_pkey',
      columns: [table.firmId, table.entryDate, table.accountId, table.currencyCode, table.sourceType],
    }),
    foreignKey({
      columns: [table.firmId, table.accountId],
      foreignColumns: [ledgerAccounts.firmId, ledgerAccounts.id],
      name: 'journal_day_totals_firm_account_fk',
    }),
    // One account's days, read from the index alone: its general ledger's totals, opening balance and pages, and the
    // tie-outs' three accounts (created in migration 0066 with INCLUDE (currency_code, source_type, debit, credit,
    // lines), which drizzle cannot express).
    index('journal_day_totals_account_idx').on(table.firmId, table.accountId, table.entryDate),
  ],
);
