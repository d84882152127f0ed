import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { portalAccounts } from './clients.ts';
import { firms } from './firms.ts';

/**
 * A portal client's secret calendar feed of their own hearings (the next adjourned dates of their
 * matters' shared court updates). Only the token's hash is kept; resetting revokes the old one.
 */
export const portalCalendarFeeds = pgTable(
  'portal_calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    portalAccountId: uuid('portal_account_id')
      .notNull()
      .references(() => portalAccounts.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    unique('portal_calendar_feeds_token_hash_key').on(table.tokenHash),
    index('portal_calendar_feeds_account_idx')
      .on(table.firmId, table.portalAccountId)
      .where(sql`revoked_at is null`),
  ],
);

/**
 * Each time a portal client opened a shared item (a progress note or court update on the Matters
 * tab, an invoice's PDF): one insert per view, so the firm sees when the client viewed or downloaded it.
 */
export const portalItemViews = pgTable(
  'portal_item_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    portalAccountId: uuid('portal_account_id').notNull(),
    itemKind: text('item_kind', { enum: ['progressNote', 'courtUpdate', 'invoice'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    action: text('action', { enum: ['viewed', 'downloaded'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.portalAccountId],
      foreignColumns: [portalAccounts.id],
      name: 'portal_item_views_portal_account_fk',
    }),
    index('portal_item_views_item_idx').on(table.firmId, table.itemKind, table.itemId, table.at.desc()),
  ],
);
