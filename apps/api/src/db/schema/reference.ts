import { boolean, integer, numeric, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';

/** Reference data shared by every firm: no firm_id, no row-level security. */
export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  currencyName: text('currency_name').notNull(),
  isoCode: text('iso_code').notNull().unique(),
  symbol: text('symbol').notNull(),
});

export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
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
