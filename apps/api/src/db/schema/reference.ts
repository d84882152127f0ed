import { boolean, integer, numeric, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';

/** Reference data shared by every firm: no firm_id, no row-level security. */
export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  currencyName: text('currency_name').notNull(),
  isoCode: text('iso_code').notNull().unique(),
  symbol: text('symbol').notNull(),
});

/**
 * The plans firms subscribe to: the operator's catalogue (PLANS_FILE), written here at each start
 * (plan-catalogue.ts) so subscriptions can name them; a plan dropped from the catalogue stays, not
 * public. Prices are one seat's for 30 days (amount in dollars, ngn_amount in naira).
 */
export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The catalogue's code ('trial' for the trial); null for a plan from before the catalogue. */
  code: text('code').unique(),
  name: text('name').notNull().unique(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  ngnAmount: numeric('ngn_amount', { precision: 14, scale: 2 }).notNull(),
  currencyId: integer('currency_id').references(() => currencies.id),
  durationInDays: integer('duration_in_days').notNull(),
  allocatedNumberUsers: integer('allocated_number_users').notNull(),
  isPublic: boolean('is_public').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  description: text('description').notNull().default(''),
});
