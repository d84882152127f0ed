import { date, index, integer, numeric, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { firms, users } from './firms.ts';
import { currencies } from './reference.ts';

/**
 * A firm's exchange rates: how many units of its home currency one unit of the foreign currency
 * buys, from the effective date on. The newest rate on or before a date applies.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    foreignCurrencyId: integer('foreign_currency_id')
      .notNull()
      .references(() => currencies.id),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    effectiveDate: date('effective_date').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('exchange_rates_firm_currency_date_key').on(table.firmId, table.foreignCurrencyId, table.effectiveDate),
    index('exchange_rates_firm_idx').on(table.firmId),
  ],
);
