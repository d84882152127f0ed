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
    /** The user (or portal account) that sent it: a key is never replayed to anyone else. */
    callerId: uuid('caller_id').notNull(),
    /** A hash of the method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** Written in the same transaction as the request's own writes, so a key is never left half-done. */
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.firmId, table.key] })],
);
