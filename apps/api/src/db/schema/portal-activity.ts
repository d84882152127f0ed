import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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
 * When a portal client opened a shared item (a progress note or court update on the Matters tab, an
 * invoice or its PDF): per item, account and action, the first and last time and how often. Each
 * view is one upsert, so a busy client's refreshes cost a row update, never a growing log.
 */
export const portalItemViews = pgTable(
  'portal_item_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    portalAccountId: uuid('portal_account_id')
      .notNull()
      .references(() => portalAccounts.id),
    itemKind: text('item_kind', { enum: ['progressNote', 'courtUpdate', 'invoice'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    action: text('action', { enum: ['viewed', 'downloaded'] }).notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
    times: integer('times').notNull().default(1),
  },
  (table) => [
    unique('portal_item_views_item_account_action_key').on(table.firmId, table.itemKind, table.itemId, table.portalAccountId, table.action),
  ],
);
