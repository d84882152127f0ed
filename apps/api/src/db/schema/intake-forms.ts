import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { firms, users } from './firms.ts';
import { practiceAreas } from './matters.ts';

/**
 * A firm's intake forms (issue 45, ADR 80): the fields a visitor fills at /intake/{firm}/{form}.
 * Saving a form makes a new version; a lead keeps a copy of the definition it was sent against,
 * so a published form's changes reach only new submissions.
 */
export const intakeForms = pgTable(
  'intake_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    introduction: text('introduction'),
    /** The fields in order, as intakeFieldSchema outputs them. */
    fields: jsonb('fields').notNull(),
    thankYouText: text('thank_you_text').notNull(),
    assigneeUserId: uuid('assignee_user_id').notNull(),
    practiceAreaId: uuid('practice_area_id'),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: uuid('deleted_by_user_id'),
  },
  (table) => [
    unique('intake_forms_firm_id_key').on(table.firmId, table.id),
    uniqueIndex('intake_forms_slug_key')
      .on(table.firmId, table.slug)
      .where(sql`deleted_at is null`),
    foreignKey({
      columns: [table.firmId, table.assigneeUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'intake_forms_assignee_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.practiceAreaId],
      foreignColumns: [practiceAreas.firmId, practiceAreas.id],
      name: 'intake_forms_practice_area_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.createdByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'intake_forms_created_by_fk',
    }),
    check('intake_forms_published_check', sql`not ${table.isPublished} or ${table.publishedAt} is not null`),
  ],
);

/**
 * A file a visitor uploaded for a form's file field: kept apart until the form is sent (then it
 * names its lead), and opened by nobody until the virus scanner has passed it (scanning →
 * available or quarantined), as every document.
 */
export const intakeUploads = pgTable(
  'intake_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    intakeFormId: uuid('intake_form_id').notNull(),
    fieldKey: text('field_key').notNull(),
    leadId: uuid('lead_id'),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    scanStatus: text('scan_status').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('intake_uploads_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.intakeFormId],
      foreignColumns: [intakeForms.firmId, intakeForms.id],
      name: 'intake_uploads_form_fk',
    }),
    index('intake_uploads_lead_idx').on(table.firmId, table.leadId),
    index('intake_uploads_scanning_idx')
      .on(table.firmId, table.createdAt)
      .where(sql`scan_status = 'scanning'`),
    check('intake_uploads_scan_status_check', sql`${table.scanStatus} in ('scanning', 'available', 'quarantined')`),
  ],
);
