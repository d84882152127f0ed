import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { firms, users } from './firms.ts';

/**
 * A user's saved report filters (issue 37): a preset is the report's query as the report centre
 * sends it. A scheduled preset is sent weekly or monthly, as PDF and CSV, to chosen team members;
 * next_run_on is the firm's date it is next due.
 */
export const reportPresets = pgTable(
  'report_presets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    userId: uuid('user_id').notNull(),
    report: text('report').notNull(),
    name: text('name').notNull(),
    query: jsonb('query').$type<Record<string, string>>().notNull().default({}),
    schedule: text('schedule', { enum: ['weekly', 'monthly'] }),
    recipientUserIds: uuid('recipient_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    nextRunOn: date('next_run_on'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('report_presets_firm_user_name_key').on(table.firmId, table.userId, table.report, table.name),
    foreignKey({ columns: [table.firmId, table.userId], foreignColumns: [users.firmId, users.id], name: 'report_presets_firm_user_fk' }),
    // The scheduler's question: which presets are due today or earlier.
    index('report_presets_due_idx')
      .on(table.nextRunOn)
      .where(sql`${table.schedule} is not null`),
    check('report_presets_schedule_check', sql`${table.schedule} in ('weekly', 'monthly')`),
    check('report_presets_scheduled_check', sql`(${table.schedule} is null) = (${table.nextRunOn} is null)`),
    check('report_presets_name_check', sql`char_length(${table.name}) between 1 and 80`),
  ],
);
