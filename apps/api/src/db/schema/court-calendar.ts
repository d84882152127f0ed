import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { firms, users } from './firms.ts';
import { matters } from './matters.ts';

/**
 * Progress notes, court updates and the court calendar (PRODUCT.md module 6). A note and a court
 * update each belong to one matter; client_id is the matter's client, copied so the lists filter by
 * client from their own indexes.
 */

/** The firm's list of courts a court update is heard in. */
export const courts = pgTable(
  'courts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    name: text('name').notNull(),
    division: text('division'),
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [unique('courts_firm_id_key').on(table.firmId, table.id), index('courts_firm_name_idx').on(table.firmId, table.name)],
);

export const progressNotes = pgTable(
  'progress_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id').notNull(),
    matterId: uuid('matter_id').notNull(),
    noteDate: date('note_date').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML (paragraphs, lists, bold, italics, links): the only markup ever stored. */
    bodyHtml: text('body_html').notNull(),
    /** The body's text without markup: what search, CSV and e-mail read. */
    bodyText: text('body_text').notNull(),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(title || ' ' || body_text)`),
    authorUserId: uuid('author_user_id').notNull(),
    /** Shown to the client in the portal. */
    isSharedWithClient: boolean('is_shared_with_client').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: uuid('deleted_by_user_id').references(() => users.id),
  },
  (table) => [
    unique('progress_notes_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.clientId],
      foreignColumns: [clients.firmId, clients.id],
      name: 'progress_notes_firm_client_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.matterId],
      foreignColumns: [matters.firmId, matters.id],
      name: 'progress_notes_firm_matter_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.authorUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'progress_notes_firm_author_fk',
    }),
    // The list's default order (newest first) and its matter, client and author filters, live rows only.
    index('progress_notes_firm_date_idx')
      .on(table.firmId, table.noteDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('progress_notes_matter_date_idx')
      .on(table.firmId, table.matterId, table.noteDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('progress_notes_client_date_idx')
      .on(table.firmId, table.clientId, table.noteDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('progress_notes_author_date_idx')
      .on(table.firmId, table.authorUserId, table.noteDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('progress_notes_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/** A file attached to a progress note, kept in the file store (platform/files) as expense receipts are. */
export const progressNoteAttachments = pgTable(
  'progress_note_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    progressNoteId: uuid('progress_note_id').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: uuid('deleted_by_user_id').references(() => users.id),
  },
  (table) => [
    unique('progress_note_attachments_storage_key_key').on(table.storageKey),
    foreignKey({
      columns: [table.firmId, table.progressNoteId],
      foreignColumns: [progressNotes.firmId, progressNotes.id],
      name: 'progress_note_attachments_firm_note_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.uploadedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'progress_note_attachments_firm_uploaded_by_fk',
    }),
    index('progress_note_attachments_note_idx')
      .on(table.firmId, table.progressNoteId)
      .where(sql`deleted_at is null`),
  ],
);

/** What happened at a hearing and when the matter is next in court. */
export const courtUpdates = pgTable(
  'court_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id').notNull(),
    matterId: uuid('matter_id').notNull(),
    courtId: uuid('court_id').notNull(),
    suitNumber: text('suit_number').notNull(),
    judge: text('judge'),
    hearingDate: date('hearing_date').notNull(),
    /** What happened at the hearing. */
    outcome: text('outcome').notNull(),
    /** The next hearing: what the calendar, the dashboard, the ICS feed and reminders read. */
    nextAdjournedDate: date('next_adjourned_date'),
    nextAdjournedTime: time('next_adjourned_time'),
    nextAdjournedPurpose: text('next_adjourned_purpose'),
    nextSteps: text('next_steps'),
    /**
     * The next hearing an edit took away (the date and time the calendars showed), kept so the feeds
     * can send it as cancelled; cleared when the update names a next hearing again.
     */
    cancelledNextDate: date('cancelled_next_date'),
    cancelledNextTime: time('cancelled_next_time'),
    /**
     * The hearing's revision in the calendar feeds (iCalendar SEQUENCE), raised by one with every
     * edit and with the delete. A counter, not a time since creation: two edits in one second are
     * still two revisions, and a clock set back can never lower it.
     */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    isSharedWithClient: boolean('is_shared_with_client').notNull().default(false),
    addedByUserId: uuid('added_by_user_id').notNull(),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(suit_number || ' ' || coalesce(judge, '') || ' ' || outcome || ' ' || coalesce(next_adjourned_purpose, '') || ' ' || coalesce(next_steps, ''))`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: uuid('deleted_by_user_id').references(() => users.id),
  },
  (table) => [
    unique('court_updates_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.clientId],
      foreignColumns: [clients.firmId, clients.id],
      name: 'court_updates_firm_client_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.matterId],
      foreignColumns: [matters.firmId, matters.id],
      name: 'court_updates_firm_matter_fk',
    }),
    foreignKey({ columns: [table.firmId, table.courtId], foreignColumns: [courts.firmId, courts.id], name: 'court_updates_firm_court_fk' }),
    foreignKey({
      columns: [table.firmId, table.addedByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'court_updates_firm_added_by_fk',
    }),
    index('court_updates_firm_date_idx')
      .on(table.firmId, table.hearingDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('court_updates_matter_date_idx')
      .on(table.firmId, table.matterId, table.hearingDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('court_updates_client_date_idx')
      .on(table.firmId, table.clientId, table.hearingDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('court_updates_court_date_idx')
      .on(table.firmId, table.courtId, table.hearingDate.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    // Upcoming hearings: the dashboard, the calendar, the ICS feed and the reminders.
    index('court_updates_next_hearing_idx')
      .on(table.firmId, table.nextAdjournedDate, table.nextAdjournedTime)
      .where(sql`deleted_at is null and next_adjourned_date is not null`),
    // Cancelled hearings the feeds still send (STATUS:CANCELLED): a deleted update's next hearing, or one an edit took away.
    index('court_updates_cancelled_hearing_idx')
      .on(table.firmId, sql`coalesce(${table.nextAdjournedDate}, ${table.cancelledNextDate})`)
      .where(
        sql`(deleted_at is not null or next_adjourned_date is null) and coalesce(next_adjourned_date, cancelled_next_date) is not null`,
      ),
    index('court_updates_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check(
      'court_updates_cancelled_next_check',
      sql`${table.nextAdjournedDate} is null or (${table.cancelledNextDate} is null and ${table.cancelledNextTime} is null)`,
    ),
  ],
);

/** The fee earners who appeared at the hearing. */
export const courtUpdateAppearances = pgTable(
  'court_update_appearances',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    courtUpdateId: uuid('court_update_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.courtUpdateId, table.userId] }),
    foreignKey({
      columns: [table.firmId, table.courtUpdateId],
      foreignColumns: [courtUpdates.firmId, courtUpdates.id],
      name: 'court_update_appearances_firm_update_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.userId],
      foreignColumns: [users.firmId, users.id],
      name: 'court_update_appearances_firm_user_fk',
    }),
    index('court_update_appearances_user_idx').on(table.firmId, table.userId),
  ],
);

/**
 * A user's iCalendar subscription. The URL's token is the secret: only its hash is kept, so the URL
 * is shown once when made; revoking sets revoked_at and the calendar apps stop receiving updates.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** 'mine': hearings of the user's matters; 'firm': every hearing (for those who may see all). */
    scope: text('scope', { enum: ['mine', 'firm'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    unique('calendar_feeds_token_hash_key').on(table.tokenHash),
    foreignKey({ columns: [table.firmId, table.userId], foreignColumns: [users.firmId, users.id], name: 'calendar_feeds_firm_user_fk' }),
    index('calendar_feeds_user_idx')
      .on(table.firmId, table.userId)
      .where(sql`revoked_at is null`),
  ],
);

/** When the firm's fee earners are reminded of hearings. */
export const courtCalendarSettings = pgTable('court_calendar_settings', {
  firmId: uuid('firm_id')
    .primaryKey()
    .references(() => firms.id),
  /** Days before a hearing that its fee earners are e-mailed (1 = the day before). */
  reminderDaysBefore: integer('reminder_days_before')
    .array()
    .notNull()
    .default(sql`'{1}'::integer[]`),
  isDailyDigestEnabled: boolean('is_daily_digest_enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per reminder e-mailed: the unique key is what makes a reminder go exactly once, however
 * many app processes run the queue and however often a job is retried.
 */
export const hearingReminders = pgTable(
  'hearing_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    courtUpdateId: uuid('court_update_id').notNull(),
    userId: uuid('user_id').notNull(),
    hearingDate: date('hearing_date').notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('hearing_reminders_once_key').on(table.courtUpdateId, table.userId, table.hearingDate, table.daysBefore),
    foreignKey({
      columns: [table.firmId, table.courtUpdateId],
      foreignColumns: [courtUpdates.firmId, courtUpdates.id],
      name: 'hearing_reminders_firm_update_fk',
    }),
    foreignKey({ columns: [table.firmId, table.userId], foreignColumns: [users.firmId, users.id], name: 'hearing_reminders_firm_user_fk' }),
  ],
);

/** One row per daily digest of tomorrow's hearings e-mailed to a user. */
export const hearingDigests = pgTable(
  'hearing_digests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    userId: uuid('user_id').notNull(),
    digestDate: date('digest_date').notNull(),
    hearingCount: integer('hearing_count').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('hearing_digests_once_key').on(table.firmId, table.userId, table.digestDate),
    foreignKey({ columns: [table.firmId, table.userId], foreignColumns: [users.firmId, users.id], name: 'hearing_digests_firm_user_fk' }),
  ],
);
