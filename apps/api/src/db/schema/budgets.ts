import { sql } from 'drizzle-orm';
import { check, date, foreignKey, integer, numeric, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { firms, users } from './firms.ts';
import { ledgerAccounts } from './ledger.ts';

/**
 * A firm budget (PRODUCT.md module 12): one per fiscal year, in the home currency it was saved in.
 * `fiscalYear` is the calendar year the fiscal year starts in.
 */
export const firmBudgets = pgTable(
  'firm_budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    fiscalYear: integer('fiscal_year').notNull(),
    currencyCode: text('currency_code').notNull(),
    updatedByUserId: uuid('updated_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('firm_budgets_firm_id_key').on(table.firmId, table.id),
    unique('firm_budgets_firm_year_key').on(table.firmId, table.fiscalYear),
    foreignKey({
      columns: [table.firmId, table.updatedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'firm_budgets_firm_updated_by_fk',
    }),
    check('firm_budgets_fiscal_year_check', sql`${table.fiscalYear} between 1900 and 9999`),
    check('firm_budgets_currency_code_check', sql`${table.currencyCode} ~ '^[A-Z]{3}$'`),
  ],
);

/** One income or expense account's budget for one calendar month (its first day) of the budget's year. */
export const firmBudgetAmounts = pgTable(
  'firm_budget_amounts',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    budgetId: uuid('budget_id').notNull(),
    accountId: uuid('account_id').notNull(),
    month: date('month').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'firm_budget_amounts_pkey', columns: [table.budgetId, table.accountId, table.month] }),
    foreignKey({
      columns: [table.firmId, table.budgetId],
      foreignColumns: [firmBudgets.firmId, firmBudgets.id],
      name: 'firm_budget_amounts_budget_fk',
    }).onDelete('cascade'),
    // An account without entries may be deleted: its budget goes with it.
    foreignKey({
      columns: [table.firmId, table.accountId],
      foreignColumns: [ledgerAccounts.firmId, ledgerAccounts.id],
      name: 'firm_budget_amounts_account_fk',
    }).onDelete('cascade'),
    check('firm_budget_amounts_month_check', sql`extract(day from ${table.month}) = 1`),
  ],
);
