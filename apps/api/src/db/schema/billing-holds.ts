import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { firms, users } from './firms.ts';

/**
 * An unbilled item (a time entry, expense or flat fee) held back from billing at pre-bill review:
 * while a hold is live (not released) no draft or bill run takes the item. Released holds stay as
 * the record of who held what, why, and who let it go.
 */
export const billingHolds = pgTable(
  'billing_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    itemType: text('item_type').notNull(),
    itemId: uuid('item_id').notNull(),
    clientId: uuid('client_id').notNull(),
    matterId: uuid('matter_id').notNull(),
    /** The draft it was taken off (kept as a plain id: the draft may be deleted later). */
    fromInvoiceId: uuid('from_invoice_id'),
    reason: text('reason').notNull(),
    heldByUserId: uuid('held_by_user_id').notNull(),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
    releasedByUserId: uuid('released_by_user_id'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    check('billing_holds_type_check', sql`${table.itemType} in ('fee', 'expense', 'flatFee')`),
    foreignKey({ columns: [table.firmId, table.clientId], foreignColumns: [clients.firmId, clients.id], name: 'billing_holds_client_fk' }),
    foreignKey({ columns: [table.firmId, table.heldByUserId], foreignColumns: [users.firmId, users.id], name: 'billing_holds_held_by_fk' }),
    // One live hold per item: holding twice holds once.
    uniqueIndex('billing_holds_live_item_key')
      .on(table.firmId, table.itemId)
      .where(sql`released_at is null`),
    index('billing_holds_firm_held_idx').on(table.firmId, table.heldAt.desc()),
  ],
);
