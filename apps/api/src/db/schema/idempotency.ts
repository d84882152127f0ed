import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { firms } from './firms.ts';

/**
 * Answers to mutations sent with an Idempotency-Key header, so that a retried or double-clicked
 * request replays the first answer instead of creating the record twice.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** Null while the first request is still being handled. */
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.firmId, table.key] })],
);
