import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { firms, users } from './firms.ts';
import { matters } from './matters.ts';

/**
 * What a member did on a matter inside Matterhorn, for Suggested time: a document read (seconds
 * while its tab was visible), a note or court update written (open to save), a call logged, and
 * so on. Only its own member reads it; the retention job deletes rows older than 90 days.
 */
export const workActivities = pgTable(
  'work_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    userId: uuid('user_id').notNull(),
    matterId: uuid('matter_id').notNull(),
    /** The firm's calendar day the work was done on (its time zone). */
    workDate: date('work_date').notNull(),
    kind: text('kind').notNull(),
    /** What the narrative names: the document's file name, the note's first words, whom the call was with. */
    subject: text('subject').notNull(),
    seconds: integer('seconds').notNull().default(0),
    /** The document (or other record) worked on: a day's reading of one document adds up in one row. */
    sourceId: uuid('source_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ columns: [table.firmId, table.userId], foreignColumns: [users.firmId, users.id], name: 'work_activities_firm_user_fk' }),
    foreignKey({
      columns: [table.firmId, table.matterId],
      foreignColumns: [matters.firmId, matters.id],
      name: 'work_activities_firm_matter_fk',
    }),
    index('work_activities_user_day_idx').on(table.firmId, table.userId, table.workDate),
    uniqueIndex('work_activities_source_day_key')
      .on(table.firmId, table.userId, table.workDate, table.kind, table.sourceId)
      .where(sql`${table.sourceId} is not null`),
    check('work_activities_seconds_check', sql`${table.seconds} between 0 and 86400`),
    check('work_activities_subject_length_check', sql`char_length(${table.subject}) <= 300`),
  ],
);

/**
 * A day's suggestion for a matter the member accepted or dismissed: the seconds of work it held then
 * are settled, and only work beyond them is suggested again that day (so an entry accepted shorter
 * than suggested does not bring the rest back).
 */
export const timeSuggestionDismissals = pgTable(
  'time_suggestion_dismissals',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    userId: uuid('user_id').notNull(),
    workDate: date('work_date').notNull(),
    matterId: uuid('matter_id').notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
    settledSeconds: integer('settled_seconds').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.firmId, table.userId, table.workDate, table.matterId] }),
    foreignKey({
      columns: [table.firmId, table.userId],
      foreignColumns: [users.firmId, users.id],
      name: 'time_suggestion_dismissals_firm_user_fk',
    }),
  ],
);

/** A member's own choices for recording time: whole numbers typed as Duration, and Suggested time. */
export const timeRecordingPreferences = pgTable(
  'time_recording_preferences',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    userId: uuid('user_id').notNull(),
    /** "90" in a Duration: 'hours' (SPEC.md's decimal hours) or 'minutes'. */
    bareNumberUnit: text('bare_number_unit').notNull().default('hours'),
    /** Off: the member's work is not recorded and no time is suggested to them. */
    suggestsTime: boolean('suggests_time').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.firmId, table.userId] }),
    foreignKey({
      columns: [table.firmId, table.userId],
      foreignColumns: [users.firmId, users.id],
      name: 'time_recording_preferences_firm_user_fk',
    }),
    check('time_recording_preferences_unit_check', sql`${table.bareNumberUnit} in ('hours', 'minutes')`),
  ],
);

/** "Log a call" on a matter: who it was with, how long, and a note. */
export const matterCalls = pgTable(
  'matter_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    matterId: uuid('matter_id').notNull(),
    userId: uuid('user_id').notNull(),
    callDate: date('call_date').notNull(),
    withWhom: text('with_whom').notNull(),
    minutes: integer('minutes').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ columns: [table.firmId, table.userId], foreignColumns: [users.firmId, users.id], name: 'matter_calls_firm_user_fk' }),
    foreignKey({
      columns: [table.firmId, table.matterId],
      foreignColumns: [matters.firmId, matters.id],
      name: 'matter_calls_firm_matter_fk',
    }),
    index('matter_calls_matter_idx').on(table.firmId, table.matterId, table.callDate),
    check('matter_calls_minutes_check', sql`${table.minutes} between 1 and 1440`),
    check('matter_calls_with_whom_length_check', sql`char_length(${table.withWhom}) between 1 and 200`),
    check('matter_calls_note_length_check', sql`char_length(${table.note}) <= 5000`),
  ],
);
