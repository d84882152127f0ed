import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { firms } from './firms.ts';

/**
 * Every distinct name a firm has on file (clients, companies, contact people, related and opposing
 * parties), kept by triggers (migration 0011). The conflict check matches trigrams against these
 * names once, then finds the records behind each similar name by index: a bank or a government body
 * that is a party to a thousand matters is one name to compare, not a thousand. Names are kept as
 * written (trigram similarity ignores case) so those lookups are plain equality, which row-level
 * security lets an index serve. On PostgreSQL the trigram index leads with the firm (btree_gin,
 * migration 0016): only the firm's own names are candidates to recheck, not every firm's names that
 * share trigrams; the embedded database keeps a name-only trigram index (see the migration).
 */
export const conflictNames = pgTable(
  'conflict_names',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    name: text('name').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.firmId, table.name] }),
    index('conflict_names_firm_trgm_idx').using('gin', table.firmId, sql`${table.name} gin_trgm_ops`),
  ],
);
