import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
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
import { matters } from './matters.ts';

/**
 * Client trust money (PRODUCT.md module 10, ADR 0023). The balances below are written only by the
 * database's own triggers as movements are inserted, and their CHECKs refuse any balance below
 * zero: no code path and no race can overdraw a client, a matter or a trust bank account.
 */
export const trustAccounts = pgTable(
  'trust_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    name: text('name').notNull(),
    bankName: text('bank_name').notNull(),
    /** Only the last four digits are kept ("••••1234" on screen). */
    accountNumberLast4: text('account_number_last4').notNull(),
    currencyCode: text('currency_code').notNull(),
    /** What a client is told to pay into (bank, account name and number): shown on trust requests. */
    paymentInstructions: text('payment_instructions').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** Maintained by trust_apply_movement(); the app role cannot update these columns. */
    balance: numeric('balance', { precision: 16, scale: 2 }).notNull().default('0'),
    clearedBalance: numeric('cleared_balance', { precision: 16, scale: 2 }).notNull().default('0'),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('trust_accounts_firm_id_key').on(table.firmId, table.id),
    unique('trust_accounts_firm_name_key').on(table.firmId, table.name),
    foreignKey({
      columns: [table.firmId, table.createdByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'trust_accounts_created_by_fk',
    }),
    check('trust_accounts_balance_check', sql`${table.balance} >= 0`),
    check('trust_accounts_cleared_balance_check', sql`${table.clearedBalance} >= 0 and ${table.clearedBalance} <= ${table.balance}`),
    check('trust_accounts_last4_check', sql`${table.accountNumberLast4} ~ '^[0-9A-Za-z]{1,4}$'`),
  ],
);

/** One client ledger per trust account, client and matter (matter null: the client's funds held generally). */
export const trustLedgers = pgTable(
  'trust_ledgers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    trustAccountId: uuid('trust_account_id').notNull(),
    clientId: uuid('client_id').notNull(),
    matterId: uuid('matter_id'),
    balance: numeric('balance', { precision: 16, scale: 2 }).notNull().default('0'),
    /** Funds received and cleared: only these may be paid out. */
    clearedBalance: numeric('cleared_balance', { precision: 16, scale: 2 }).notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('trust_ledgers_account_client_matter_key').on(table.trustAccountId, table.clientId, table.matterId).nullsNotDistinct(),
    foreignKey({
      columns: [table.firmId, table.trustAccountId],
      foreignColumns: [trustAccounts.firmId, trustAccounts.id],
      name: 'trust_ledgers_account_fk',
    }),
    foreignKey({ columns: [table.firmId, table.clientId], foreignColumns: [clients.firmId, clients.id], name: 'trust_ledgers_client_fk' }),
    foreignKey({ columns: [table.firmId, table.matterId], foreignColumns: [matters.firmId, matters.id], name: 'trust_ledgers_matter_fk' }),
    check('trust_ledgers_balance_check', sql`${table.balance} >= 0`),
    check('trust_ledgers_cleared_balance_check', sql`${table.clearedBalance} >= 0 and ${table.clearedBalance} <= ${table.balance}`),
    index('trust_ledgers_firm_client_idx').on(table.firmId, table.clientId),
    index('trust_ledgers_firm_matter_idx').on(table.firmId, table.matterId),
  ],
);

export const TRUST_TRANSACTION_TYPES = [
  'deposit',
  'disbursement',
  'invoice-payment',
  'refund',
  'transfer-out',
  'transfer-in',
  'reversal',
] as const;

/**
 * A trust movement: insert-only (no grant to update or delete; triggers refuse it to everyone). A
 * mistake is corrected by a reversal row that references the original; both stay visible.
 */
export const trustTransactions = pgTable(
  'trust_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    /** Gapless per firm (numbering service, sequence trustTransaction): the order movements were recorded in. */
    sequenceNumber: integer('sequence_number').notNull(),
    trustAccountId: uuid('trust_account_id').notNull(),
    clientId: uuid('client_id').notNull(),
    matterId: uuid('matter_id'),
    type: text('type', { enum: TRUST_TRANSACTION_TYPES }).notNull(),
    /** in: the ledger grows; out: it shrinks. */
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    /**
     * Its ledger's (account, client, matter) balance once it was applied, stamped by the database as
     * it posts the movement under the account's lock (migration 0055): a ledger page reads the
     * running balance instead of summing every later movement.
     */
    // No default of its own: the trigger stamps every row, and NOT NULL refuses one it did not.
    ledgerBalanceAfter: numeric('ledger_balance_after', { precision: 16, scale: 2 })
      .notNull()
      .default(sql`null`),
    transactionDate: date('transaction_date').notNull(),
    method: text('method'),
    reference: text('reference'),
    /** Who paid it in (deposit) or who it was paid to (disbursement, refund). */
    counterparty: text('counterparty'),
    purpose: text('purpose'),
    /** A deposit's funds: false until cleared (trust_deposit_clearances). Other movements: true. */
    isCleared: boolean('is_cleared').notNull().default(true),
    trustRequestId: uuid('trust_request_id'),
    invoiceId: uuid('invoice_id'),
    invoicePaymentId: uuid('invoice_payment_id'),
    /** The two legs of one transfer share it. */
    transferId: uuid('transfer_id'),
    reversesTransactionId: uuid('reverses_transaction_id'),
    /** Why: a reversal's or a transfer's reason. */
    reason: text('reason'),
    /** A transfer's record of both sides' consent. */
    consentNote: text('consent_note'),
    journalEntryId: uuid('journal_entry_id').notNull(),
    /** The movement request it carried out, when it needed a second person's approval. */
    movementRequestId: uuid('movement_request_id'),
    createdByUserId: uuid('created_by_user_id').notNull(),
    approvedByUserId: uuid('approved_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('trust_transactions_firm_id_key').on(table.firmId, table.id),
    unique('trust_transactions_firm_sequence_key').on(table.firmId, table.sequenceNumber),
    unique('trust_transactions_reverses_key').on(table.reversesTransactionId),
    foreignKey({
      columns: [table.firmId, table.trustAccountId],
      foreignColumns: [trustAccounts.firmId, trustAccounts.id],
      name: 'trust_transactions_account_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.clientId],
      foreignColumns: [clients.firmId, clients.id],
      name: 'trust_transactions_client_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.matterId],
      foreignColumns: [matters.firmId, matters.id],
      name: 'trust_transactions_matter_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.invoiceId],
      foreignColumns: [invoices.firmId, invoices.id],
      name: 'trust_transactions_invoice_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.reversesTransactionId],
      foreignColumns: [table.firmId, table.id],
      name: 'trust_transactions_reverses_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.createdByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'trust_transactions_created_by_fk',
    }),
    check('trust_transactions_amount_check', sql`${table.amount} > 0`),
    check(
      'trust_transactions_direction_check',
      sql`(${table.type} in ('deposit', 'transfer-in') and ${table.direction} = 'in')
        or (${table.type} in ('disbursement', 'invoice-payment', 'refund', 'transfer-out') and ${table.direction} = 'out')
        or (${table.type} = 'reversal' and ${table.reversesTransactionId} is not null)`,
    ),
    check('trust_transactions_cleared_check', sql`${table.isCleared} or ${table.type} = 'deposit' or ${table.type} = 'reversal'`),
    check('trust_transactions_ledger_balance_check', sql`${table.ledgerBalanceAfter} >= 0`),
    index('trust_transactions_account_idx').on(
      table.firmId,
      table.trustAccountId,
      table.transactionDate.desc(),
      table.sequenceNumber.desc(),
    ),
    index('trust_transactions_client_idx').on(table.firmId, table.clientId, table.transactionDate.desc(), table.sequenceNumber.desc()),
    index('trust_transactions_matter_idx').on(table.firmId, table.matterId, table.transactionDate.desc(), table.sequenceNumber.desc()),
    // A ledger page reads newest recorded first (read backwards: `desc` is nulls first, which DESC NULLS LAST cannot serve).
    index('trust_transactions_client_sequence_idx').on(table.firmId, table.clientId, table.sequenceNumber),
    index('trust_transactions_matter_sequence_idx').on(table.firmId, table.matterId, table.sequenceNumber),
    // One ledger's balance as of a movement: the newest of its movements up to it (balanceAfterRow in trust.repository.ts).
    index('trust_transactions_ledger_sequence_idx').on(
      table.firmId,
      table.trustAccountId,
      table.clientId,
      table.matterId,
      table.sequenceNumber,
    ),
    index('trust_transactions_request_idx')
      .on(table.firmId, table.trustRequestId)
      .where(sql`${table.trustRequestId} is not null`),
    index('trust_transactions_invoice_idx')
      .on(table.firmId, table.invoiceId)
      .where(sql`${table.invoiceId} is not null`),
  ],
);

/** An uncleared deposit becomes payable when its clearance is recorded (insert-only, once). */
export const trustDepositClearances = pgTable(
  'trust_deposit_clearances',
  {
    transactionId: uuid('transaction_id').primaryKey(),
    firmId: uuid('firm_id').notNull(),
    clearedDate: date('cleared_date').notNull(),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.transactionId],
      foreignColumns: [trustTransactions.firmId, trustTransactions.id],
      name: 'trust_deposit_clearances_transaction_fk',
    }),
  ],
);

/** The firm's trust rules: the two-person threshold and whether trust requests need approval. */
export const trustSettings = pgTable('trust_settings', {
  firmId: uuid('firm_id')
    .primaryKey()
    .references(() => firms.id),
  /** Disbursements, refunds and invoice payments above it need a second user's approval; null: never. */
  approvalThreshold: numeric('approval_threshold', { precision: 16, scale: 2 }),
  requireRequestApproval: boolean('require_request_approval').notNull().default(false),
  /** Deposits at or above it are flagged for anti-money-laundering review (RPC 2023 ch. 2); null: never. */
  cashReviewThreshold: numeric('cash_review_threshold', { precision: 16, scale: 2 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An evergreen retainer: the matter's trust balance should not fall below this. */
export const trustMatterMinimums = pgTable(
  'trust_matter_minimums',
  {
    firmId: uuid('firm_id').notNull(),
    matterId: uuid('matter_id').notNull(),
    minimumBalance: numeric('minimum_balance', { precision: 16, scale: 2 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.firmId, table.matterId] }),
    foreignKey({
      columns: [table.firmId, table.matterId],
      foreignColumns: [matters.firmId, matters.id],
      name: 'trust_matter_minimums_matter_fk',
    }),
    check('trust_matter_minimums_check', sql`${table.minimumBalance} > 0`),
  ],
);

export const TRUST_MOVEMENT_REQUEST_STATUSES = ['AwaitingApproval', 'Approved', 'Rejected'] as const;

/** A disbursement, refund or invoice payment waiting for a second person (the two-person rule). */
export const trustMovementRequests = pgTable(
  'trust_movement_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    kind: text('kind', { enum: ['disbursement', 'refund', 'invoice-payment'] }).notNull(),
    trustAccountId: uuid('trust_account_id').notNull(),
    clientId: uuid('client_id').notNull(),
    matterId: uuid('matter_id'),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    /** The validated request body, replayed on approval. */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: TRUST_MOVEMENT_REQUEST_STATUSES }).notNull().default('AwaitingApproval'),
    requestedByUserId: uuid('requested_by_user_id').notNull(),
    decidedByUserId: uuid('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    transactionId: uuid('transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('trust_movement_requests_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.trustAccountId],
      foreignColumns: [trustAccounts.firmId, trustAccounts.id],
      name: 'trust_movement_requests_account_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.clientId],
      foreignColumns: [clients.firmId, clients.id],
      name: 'trust_movement_requests_client_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.requestedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'trust_movement_requests_requested_by_fk',
    }),
    check('trust_movement_requests_amount_check', sql`${table.amount} > 0`),
    check(
      'trust_movement_requests_two_people_check',
      sql`${table.decidedByUserId} is null or ${table.decidedByUserId} <> ${table.requestedByUserId}`,
    ),
    index('trust_movement_requests_status_idx').on(table.firmId, table.status, table.createdAt.desc()),
  ],
);

export const TRUST_REQUEST_STATUSES = ['Draft', 'AwaitingApproval', 'Sent', 'PartlyPaid', 'Paid', 'Cancelled'] as const;

/** A retainer request to a client, with a public link (/billing/trust-accounting/[slug]) once sent. */
export const trustRequests = pgTable(
  'trust_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    requestNumber: text('request_number').notNull(),
    trustAccountId: uuid('trust_account_id').notNull(),
    clientId: uuid('client_id').notNull(),
    matterId: uuid('matter_id'),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    paidAmount: numeric('paid_amount', { precision: 16, scale: 2 }).notNull().default('0'),
    dueDate: date('due_date').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: TRUST_REQUEST_STATUSES }).notNull().default('Draft'),
    /** Drafted by an evergreen retainer when a payment took the matter below its minimum. */
    isTopUp: boolean('is_top_up').notNull().default(false),
    /** Who should follow it up (the matter's responsible fee earner for a top-up). */
    assignedUserId: uuid('assigned_user_id'),
    /** Only the public link's SHA-256 is kept; the link itself is shown when sent. */
    slugHash: text('slug_hash'),
    sentToEmail: text('sent_to_email'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    approvedByUserId: uuid('approved_by_user_id'),
    cancelReason: text('cancel_reason'),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('trust_requests_firm_id_key').on(table.firmId, table.id),
    unique('trust_requests_firm_number_key').on(table.firmId, table.requestNumber),
    uniqueIndex('trust_requests_slug_hash_key').on(table.slugHash),
    foreignKey({
      columns: [table.firmId, table.trustAccountId],
      foreignColumns: [trustAccounts.firmId, trustAccounts.id],
      name: 'trust_requests_account_fk',
    }),
    foreignKey({ columns: [table.firmId, table.clientId], foreignColumns: [clients.firmId, clients.id], name: 'trust_requests_client_fk' }),
    foreignKey({ columns: [table.firmId, table.matterId], foreignColumns: [matters.firmId, matters.id], name: 'trust_requests_matter_fk' }),
    foreignKey({
      columns: [table.firmId, table.createdByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'trust_requests_created_by_fk',
    }),
    check('trust_requests_amount_check', sql`${table.amount} > 0 and ${table.paidAmount} >= 0`),
    index('trust_requests_firm_status_idx').on(table.firmId, table.status, table.createdAt.desc()),
    index('trust_requests_firm_client_idx').on(table.firmId, table.clientId),
  ],
);

/** An imported bank statement (or a balance entered by hand for a date, with no lines). */
export const trustBankStatements = pgTable(
  'trust_bank_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    trustAccountId: uuid('trust_account_id').notNull(),
    statementDate: date('statement_date').notNull(),
    closingBalance: numeric('closing_balance', { precision: 16, scale: 2 }).notNull(),
    fileName: text('file_name'),
    importedByUserId: uuid('imported_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('trust_bank_statements_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.trustAccountId],
      foreignColumns: [trustAccounts.firmId, trustAccounts.id],
      name: 'trust_bank_statements_account_fk',
    }),
    index('trust_bank_statements_account_idx').on(table.firmId, table.trustAccountId, table.statementDate.desc()),
  ],
);

export const trustStatementLines = pgTable(
  'trust_statement_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    statementId: uuid('statement_id').notNull(),
    trustAccountId: uuid('trust_account_id').notNull(),
    lineDate: date('line_date').notNull(),
    description: text('description').notNull().default(''),
    /** Signed: money in is positive, money out negative. */
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    balance: numeric('balance', { precision: 16, scale: 2 }),
    matchedTransactionId: uuid('matched_transaction_id'),
    matchedByUserId: uuid('matched_by_user_id'),
    /** auto or manual */
    matchKind: text('match_kind'),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    /** sha256 of the line's date, amount, balance, description and occurrence in its file: a re-import skips it. */
    fingerprint: text('fingerprint').notNull(),
  },
  (table) => [
    uniqueIndex('trust_statement_lines_fingerprint_key').on(table.firmId, table.trustAccountId, table.fingerprint),
    foreignKey({
      columns: [table.firmId, table.statementId],
      foreignColumns: [trustBankStatements.firmId, trustBankStatements.id],
      name: 'trust_statement_lines_statement_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.matchedTransactionId],
      foreignColumns: [trustTransactions.firmId, trustTransactions.id],
      name: 'trust_statement_lines_transaction_fk',
    }),
    uniqueIndex('trust_statement_lines_matched_key').on(table.matchedTransactionId),
    index('trust_statement_lines_account_idx').on(table.firmId, table.trustAccountId, table.lineDate),
  ],
);

/** A signed-off reconciliation: no movement may be dated on or before its period end afterwards. */
export const trustReconciliations = pgTable(
  'trust_reconciliations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    trustAccountId: uuid('trust_account_id').notNull(),
    periodEnd: date('period_end').notNull(),
    ledgerBalance: numeric('ledger_balance', { precision: 16, scale: 2 }).notNull(),
    clientLedgersTotal: numeric('client_ledgers_total', { precision: 16, scale: 2 }).notNull(),
    bankBalance: numeric('bank_balance', { precision: 16, scale: 2 }).notNull(),
    note: text('note').notNull().default(''),
    signedOffByUserId: uuid('signed_off_by_user_id').notNull(),
    signedOffAt: timestamp('signed_off_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('trust_reconciliations_account_period_key').on(table.trustAccountId, table.periodEnd),
    foreignKey({
      columns: [table.firmId, table.trustAccountId],
      foreignColumns: [trustAccounts.firmId, trustAccounts.id],
      name: 'trust_reconciliations_account_fk',
    }),
  ],
);
