import { sql } from 'drizzle-orm';
import { date, index, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { firms, users } from './firms.ts';

export const MATTER_BILLING_TYPES = ['Hourly', 'Flat Rate', 'Contingency', 'Retainer'] as const;

export const matters = pgTable(
  'matters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    matterName: text('matter_name').notNull(),
    billingType: text('billing_type', { enum: MATTER_BILLING_TYPES }).notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['Open', 'Closed'] })
      .notNull()
      .default('Open'),
    practiceArea: text('practice_area'),
    shelfLocation: text('shelf_location'),
    matterOpenDate: date('matter_open_date')
      .notNull()
      .default(sql`current_date`),
    matterCloseDate: date('matter_close_date'),
    flatRate: numeric('flat_rate', { precision: 14, scale: 2 }),
    contingencyPercentage: numeric('contingency_percentage', { precision: 5, scale: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('matters_firm_idx').on(table.firmId, table.createdAt), index('matters_client_idx').on(table.firmId, table.clientId)],
);

/** Fee earners assigned to a matter, each with the hourly rate they bill on it. */
export const matterAssignees = pgTable(
  'matter_assignees',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    matterId: uuid('matter_id')
      .notNull()
      .references(() => matters.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    hourlyRate: numeric('hourly_rate', { precision: 14, scale: 2 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.matterId, table.userId] })],
);

/** Activity types for time entries, optionally mapped to a UTBMS activity code (A101–A111). */
export const activityTypes = pgTable(
  'activity_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    activityType: text('activity_type').notNull(),
    utbmsCode: text('utbms_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('activity_types_firm_idx').on(table.firmId)],
);
