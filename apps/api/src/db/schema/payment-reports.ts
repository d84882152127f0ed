import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { portalAccounts } from './clients.ts';
import { firms, users } from './firms.ts';
import { invoices } from './invoices.ts';
import { trustRequests } from './trust.ts';

/**
 * A bank transfer the client says they made for one of their invoices or for a trust request the
 * firm sent them, with the proof they uploaded (PRODUCT.md module 14). Nothing is paid until a firm
 * user confirms it, which records the invoice's payment through the invoices module's payment path
 * (or the trust deposit through the trust module's), once; or rejects it with a reason.
 */
export const paymentReports = pgTable(
  'payment_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id').notNull(),
    /** Exactly one of the invoice and the trust request is named. */
    invoiceId: uuid('invoice_id'),
    trustRequestId: uuid('trust_request_id'),
    portalAccountId: uuid('portal_account_id')
      .notNull()
      .references(() => portalAccounts.id),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    paymentDate: date('payment_date').notNull(),
    reference: text('reference'),
    proofStorageKey: text('proof_storage_key').notNull().unique(),
    proofFileName: text('proof_file_name').notNull(),
    proofContentType: text('proof_content_type').notNull(),
    proofSizeBytes: bigint('proof_size_bytes', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['reported', 'confirmed', 'rejected'] })
      .notNull()
      .default('reported'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id),
    rejectionReason: text('rejection_reason'),
    /** The invoice payment a confirmation recorded. */
    paymentId: uuid('payment_id'),
    /** The trust deposit a confirmation of a trust request's report recorded. */
    trustTransactionId: uuid('trust_transaction_id'),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.invoiceId],
      foreignColumns: [invoices.firmId, invoices.id],
      name: 'payment_reports_firm_invoice_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.trustRequestId],
      foreignColumns: [trustRequests.firmId, trustRequests.id],
      name: 'payment_reports_firm_trust_request_fk',
    }),
    check('payment_reports_amount_check', sql`${table.amount} > 0`),
    check('payment_reports_item_check', sql`(${table.invoiceId} is null) <> (${table.trustRequestId} is null)`),
    check(
      'payment_reports_decision_check',
      sql`(${table.status} = 'reported') = (${table.decidedAt} is null)
        and (${table.status} <> 'confirmed' or ${table.paymentId} is not null or ${table.trustTransactionId} is not null)
        and (${table.status} <> 'rejected' or ${table.rejectionReason} is not null)`,
    ),
    // One waiting report per invoice (and per trust request): a double submit cannot report the same transfer twice.
    uniqueIndex('payment_reports_one_waiting_key')
      .on(table.firmId, table.invoiceId)
      .where(sql`${table.status} = 'reported'`),
    uniqueIndex('payment_reports_one_waiting_request_key')
      .on(table.firmId, table.trustRequestId)
      .where(sql`${table.status} = 'reported' and ${table.trustRequestId} is not null`),
    index('payment_reports_status_idx').on(table.firmId, table.status, table.reportedAt),
  ],
);
