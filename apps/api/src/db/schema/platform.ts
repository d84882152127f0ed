import { bigint, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { firms } from './firms.ts';

/**
 * Each firm's gapless numbering (matters today; invoices, receipts and trust transactions next):
 * the next number of each sequence, taken under the row's lock in the transaction that uses it.
 */
export const firmSequences = pgTable(
  'firm_sequences',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    sequence: text('sequence').notNull(),
    nextValue: bigint('next_value', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.firmId, table.sequence] })],
);
