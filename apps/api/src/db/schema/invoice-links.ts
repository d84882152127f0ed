import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { firms } from './firms.ts';
import { invoices } from './invoices.ts';

/**
 * A public link to an invoice (/billing/invoice/[slug]): the slug is 22 base64url characters of 16
 * random bytes (128 bits). It is found by its SHA-256 (and told apart by its first 4 characters);
 * the slug itself is kept only sealed (slugSealed), so the table alone never holds a working link.
 * Each send makes a new link; reissuing or revoking retires every live link of the invoice.
 */
export const invoiceLinks = pgTable(
  'invoice_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    invoiceId: uuid('invoice_id').notNull(),
    slugHash: text('slug_hash').notNull(),
    slugPrefix: text('slug_prefix').notNull(),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
    /**
     * The slug sealed with AES-256-GCM under a key derived from APP_SECRET (ADR 0036), so the invoice
     * page can show the current link; a copy of the database alone still holds no working link.
     * Null for links issued before it was kept.
     */
    slugSealed: text('slug_sealed'),
    /** Where and when the send emailed this link (null: not emailed). */
    emailedTo: text('emailed_to'),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.invoiceId],
      foreignColumns: [invoices.firmId, invoices.id],
      name: 'invoice_links_invoice_fk',
    }),
    uniqueIndex('invoice_links_slug_hash_key').on(table.slugHash),
    index('invoice_links_invoice_idx')
      .on(table.firmId, table.invoiceId)
      .where(sql`${table.revokedAt} is null`),
  ],
);
