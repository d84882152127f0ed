import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { firms, users } from './firms.ts';

/**
 * A firm's full export (issue 39): one zip of every record as CSV and JSON, every document version,
 * every invoice's PDF and LEDES, built in the background; kept 7 days in the file store.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    requestedByUserId: uuid('requested_by_user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['running', 'ready', 'failed', 'expired'] })
      .notNull()
      .default('running'),
    /** 0–100, and what it is doing ("Documents: 120 of 480"). */
    progress: integer('progress').notNull().default(0),
    step: text('step').notNull().default('Starting'),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Its last progress: a build silent for 15 minutes died with its process. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    index('data_exports_firm_idx').on(table.firmId, table.createdAt),
    check('data_exports_status_check', sql`${table.status} in ('running', 'ready', 'failed', 'expired')`),
    check('data_exports_progress_check', sql`${table.progress} between 0 and 100`),
  ],
);
