import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { firms, users } from './firms.ts';

/**
 * "Who looked" (NDPA 2023, ADR 92): one row per view by a team member of a client's matter,
 * document, list of documents or trust ledger. Written once, never changed: the app's role may
 * insert and read, not update or delete (migration 0116). client_id, matter_id and record_id name
 * records that the recycle bin may purge later, so they are not foreign keys: the log outlives them
 * as the audit trail does.
 */
export const recordViews = pgTable(
  'record_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id').notNull(),
    matterId: uuid('matter_id'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    recordType: text('record_type').notNull(),
    recordId: uuid('record_id').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('record_views_firm_client_viewed_idx').on(table.firmId, table.clientId, table.viewedAt.desc()),
    check('record_views_record_type_check', sql`${table.recordType} in ('matter', 'document', 'documentList', 'trustLedger')`),
  ],
);
