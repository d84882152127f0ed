import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { firms } from './firms.ts';
import { invoices } from './invoices.ts';

/**
 * A public link to an invoice (/billing/invoice/[slug]): the slug is 22 base64url characters of 16
 * random bytes (128 bits). Only its SHA-256 is stored (and its first 4 characters, to tell links
 * apart), so the table never holds a working link; the firm gets a new one by reissuing. Each send
 * makes a new link; revoking retires every live link of the invoice.
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
