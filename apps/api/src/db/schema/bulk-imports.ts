import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { BULK_IMPORT_STATUSES } from '@matterhorn/shared';
import { firms, users } from './firms.ts';

/**
 * A bulk import (issue 39): a CSV or .xlsx file of one record type, its column mapping, the dry
 * run's report, and the background run's progress and counts; the file stays in the file store.
 */
export const bulkImports = pgTable(
  'bulk_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type', { enum: ['csv', 'xlsx'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    fileSha256: text('file_sha256').notNull(),
    /** The file's header row, as read. */
    headers: text('headers').array().notNull(),
    /** Each field of the record type to the header it is read from (null: not in the file). */
    mapping: jsonb('mapping').$type<Record<string, string | null>>(),
    status: text('status', { enum: BULK_IMPORT_STATUSES }).notNull().default('uploaded'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    /** The dry run's answer: counts and the first rows' findings. */
    dryRun: jsonb('dry_run').$type<Record<string, unknown>>(),
    /** The run's rows that failed, as CSV (the file's columns plus error), in the file store. */
    errorsKey: text('errors_key'),
    failure: text('failure'),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('bulk_imports_firm_idx').on(table.firmId, table.createdAt),
    check(
      'bulk_imports_kind_check',
      sql`${table.kind} in ('clients', 'matters', 'timeEntries', 'expenses', 'openingTrustBalances', 'openingReceivables')`,
    ),
  ],
);

/** The rows already imported, by a fingerprint of their values: importing the same file again creates nothing twice. */
export const bulkImportRows = pgTable(
  'bulk_import_rows',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    kind: text('kind').notNull(),
    fingerprint: text('fingerprint').notNull(),
    recordId: uuid('record_id').notNull(),
    importId: uuid('import_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.firmId, table.kind, table.fingerprint] })],
);

/** Each firm's last mapping per record type, offered for its next file. */
export const bulkImportMappings = pgTable(
  'bulk_import_mappings',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    kind: text('kind').notNull(),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.firmId, table.kind] })],
);
