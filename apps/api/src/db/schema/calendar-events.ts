import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { firms, users } from './firms.ts';
import { matters } from './matters.ts';

/**
 * A calendar event (issue 40): a meeting, deadline or consultation, on the firm's wall clock
 * (`start_local`/`end_local` carry no time zone: the firm's is applied when they are read, so a
 * weekly 09:00 meeting stays at 09:00 across daylight-saving changes), repeating by an RRULE.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['Meeting', 'Deadline', 'Consultation', 'Other'] }).notNull(),
    matterId: uuid('matter_id'),
    location: text('location'),
    videoLink: text('video_link'),
    description: text('description'),
    isAllDay: boolean('is_all_day').notNull().default(false),
    startLocal: timestamp('start_local', { mode: 'string' }).notNull(),
    endLocal: timestamp('end_local', { mode: 'string' }).notNull(),
    recurrence: text('recurrence'),
    /** The last occurrence to run to (UNTIL/COUNT worked out on save), or null: it repeats for ever. */
    lastEndLocal: timestamp('last_end_local', { mode: 'string' }),
    reminderMinutesBefore: integer('reminder_minutes_before'),
    /** The start of the latest occurrence whose reminder went. */
    remindedThroughLocal: timestamp('reminded_through_local', { mode: 'string' }),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('calendar_events_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.matterId],
      foreignColumns: [matters.firmId, matters.id],
      name: 'calendar_events_firm_matter_fk',
    }),
    check('calendar_events_order_check', sql`${table.endLocal} >= ${table.startLocal}`),
    // A range's events: those starting before its end and (for ever, or) ending after its start.
    index('calendar_events_range_idx').on(table.firmId, table.startLocal, table.lastEndLocal),
    index('calendar_events_matter_idx').on(table.firmId, table.matterId),
  ],
);

export const calendarEventAttendees = pgTable(
  'calendar_event_attendees',
  {
    firmId: uuid('firm_id').notNull(),
    eventId: uuid('event_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.userId] }),
    foreignKey({
      columns: [table.firmId, table.eventId],
      foreignColumns: [calendarEvents.firmId, calendarEvents.id],
      name: 'calendar_event_attendees_event_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.firmId, table.userId],
      foreignColumns: [users.firmId, users.id],
      name: 'calendar_event_attendees_user_fk',
    }),
    index('calendar_event_attendees_user_idx').on(table.firmId, table.userId),
  ],
);
