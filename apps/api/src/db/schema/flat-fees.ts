import { sql } from 'drizzle-orm';
import { date, foreignKey, index, integer, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { firms, users } from './firms.ts';
import { activityTypes, matters } from './matters.ts';
import { currencies } from './reference.ts';

/**
 * A fixed fee on a client's matter (PRODUCT.md module 8): billed beside time and expenses. Its
 * amount is in the firm's home currency, as entered. An invoice that takes it sets invoice_id,
 * which locks it (flat-fees.api.ts).
 */
export const flatFees = pgTable(
  'flat_fees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id').notNull(),
    matterId: uuid('matter_id').notNull(),
    /** The fee earner the fee is for. */
    userId: uuid('user_id').notNull(),
    activityTypeId: uuid('activity_type_id'),
    flatFeeDate: date('flat_fee_date').notNull(),
    description: text('description').notNull(),
    note: text('note'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currencyId: integer('currency_id').references(() => currencies.id),
    invoiceId: uuid('invoice_id'),
    /** Who added it (SPEC.md's ExpenseAddedUserId filter). */
    addedByUserId: uuid('added_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: uuid('deleted_by_user_id').references(() => users.id),
  },
  (table) => [
    unique('flat_fees_firm_id_key').on(table.firmId, table.id),
    foreignKey({ columns: [table.firmId, table.clientId], foreignColumns: [clients.firmId, clients.id], name: 'flat_fees_firm_client_fk' }),
    foreignKey({ columns: [table.firmId, table.matterId], foreignColumns: [matters.firmId, matters.id], name: 'flat_fees_firm_matter_fk' }),
    foreignKey({ columns: [table.firmId, table.userId], foreignColumns: [users.firmId, users.id], name: 'flat_fees_firm_user_fk' }),
    foreignKey({
      columns: [table.firmId, table.addedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'flat_fees_firm_added_by_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.activityTypeId],
      foreignColumns: [activityTypes.firmId, activityTypes.id],
      name: 'flat_fees_firm_activity_fk',
    }),
    // The list's default order (newest date first) and its matter filter, live rows only.
    index('flat_fees_firm_date_idx')
      .on(table.firmId, table.flatFeeDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('flat_fees_matter_date_idx')
      .on(table.firmId, table.matterId, table.flatFeeDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('flat_fees_description_trgm_idx').using('gin', sql`${table.description} gin_trgm_ops`),
  ],
);
