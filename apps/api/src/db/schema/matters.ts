import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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
    /** The firm's reference for the matter, e.g. MAT-00042: sequential per firm. */
    matterNumber: text('matter_number'),
    /** The number the client's legal department gives the matter (LEDES's CLIENT_MATTER_ID). */
    clientMatterReference: text('client_matter_reference'),
    matterName: text('matter_name').notNull(),
    billingType: text('billing_type', { enum: MATTER_BILLING_TYPES }).notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['Open', 'Closed'] })
      .notNull()
      .default('Open'),
    shelfLocation: text('shelf_location'),
    matterOpenDate: date('matter_open_date')
      .notNull()
      .default(sql`current_date`),
    matterCloseDate: date('matter_close_date'),
    /** The matter's own hourly rate, used for fee earners without a rate of their own on it. */
    hourlyRate: numeric('hourly_rate', { precision: 14, scale: 2 }),
    flatRate: numeric('flat_rate', { precision: 14, scale: 2 }),
    contingencyPercentage: numeric('contingency_percentage', { precision: 5, scale: 2 }),
    customFields: jsonb('custom_fields').$type<Record<string, string>>().notNull().default({}),
    /**
     * Copies of the client's name and deletion, kept by triggers (migration 0010), so the matter list
     * filters, searches and sorts on matters alone: a large firm's list never joins its clients.
     */
    clientName: text('client_name').notNull().default(''),
    clientDeletedAt: timestamp('client_deleted_at', { withTimezone: true }),
    /** Lower-case matter name, number, shelf location and client name: what the list's search matches. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(matter_name || ' ' || coalesce(matter_number, '') || ' ' || coalesce(shelf_location, '') || ' ' || client_name)`,
      ),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: uuid('deleted_by_user_id').references(() => users.id),
  },
  (table) => [
    index('matters_firm_idx').on(table.firmId, table.createdAt),
    index('matters_client_idx').on(table.firmId, table.clientId),
    index('matters_firm_status_idx').on(table.firmId, table.status, table.createdAt),
    index('matters_firm_billing_type_idx').on(table.firmId, table.billingType, table.createdAt),
    unique('matters_firm_id_key').on(table.firmId, table.id),
    unique('matters_firm_number_key').on(table.firmId, table.matterNumber),
    foreignKey({ columns: [table.firmId, table.clientId], foreignColumns: [clients.firmId, clients.id], name: 'matters_firm_client_fk' }),
    index('matters_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('matters_name_trgm_idx').using('gin', sql`${table.matterName} gin_trgm_ops`),
    // Quick add's matching (migrations 0096, 0097): led by the firm (btree_gin, on PostgreSQL only; the
    // embedded database keeps to matters_search_trgm_idx).
    index('matters_firm_search_trgm_idx').using('gin', table.firmId, sql`${table.searchText} gin_trgm_ops`),
    // Created in migration 0010 with INCLUDE (client_id, status, billing_type, search_text), which
    // drizzle cannot express: a search walks it in list order without reading the table.
    index('matters_firm_live_idx')
      .on(table.firmId, table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null and client_deleted_at is null`),
  ],
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
    /**
     * Copies of the matter's creation time and of whether it and its client are live (kept by
     * triggers, migrations 0010 and 0012): a fee earner's matters page and count in list order from
     * this table's index alone.
     */
    matterCreatedAt: timestamp('matter_created_at', { withTimezone: true }).notNull().defaultNow(),
    isMatterLive: boolean('is_matter_live').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.matterId, table.userId] }),
    index('matter_assignees_user_idx')
      // Nulls first, as a plain ORDER BY … DESC means: an index in another null order cannot serve it.
      .on(table.firmId, table.userId, table.matterCreatedAt.desc().nullsFirst(), table.matterId.desc().nullsFirst())
      .where(sql`is_matter_live`),
    foreignKey({
      columns: [table.firmId, table.matterId],
      foreignColumns: [matters.firmId, matters.id],
      name: 'matter_assignees_firm_matter_fk',
    }),
    foreignKey({ columns: [table.firmId, table.userId], foreignColumns: [users.firmId, users.id], name: 'matter_assignees_firm_user_fk' }),
  ],
);

/** The firm's practice areas (Litigation, Corporate…), chosen for matters. */
export const practiceAreas = pgTable(
  'practice_areas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    unique('practice_areas_firm_id_key').on(table.firmId, table.id),
    index('practice_areas_firm_idx').on(table.firmId, table.name),
  ],
);

export const matterPracticeAreas = pgTable(
  'matter_practice_areas',
  {
    firmId: uuid('firm_id').notNull(),
    matterId: uuid('matter_id').notNull(),
    practiceAreaId: uuid('practice_area_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.matterId, table.practiceAreaId] }),
    foreignKey({
      columns: [table.firmId, table.matterId],
      foreignColumns: [matters.firmId, matters.id],
      name: 'matter_practice_areas_matter_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.practiceAreaId],
      foreignColumns: [practiceAreas.firmId, practiceAreas.id],
      name: 'matter_practice_areas_area_fk',
    }),
  ],
);

/**
 * A matter's fee earners and practice areas by name, as the matters list shows them: one row per
 * matter, kept by triggers on assignments, areas and renames (migration 0017). A list page reads its
 * rows by key instead of two lookups per matter; kept beside matters rather than on them, so the
 * matter rows a search rechecks stay as narrow as they are.
 */
export const matterListNames = pgTable(
  'matter_list_names',
  {
    matterId: uuid('matter_id').primaryKey(),
    firmId: uuid('firm_id').notNull(),
    assignedTo: jsonb('assigned_to')
      .$type<{ userId: string; name: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    practiceAreas: jsonb('practice_areas')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.matterId],
      foreignColumns: [matters.firmId, matters.id],
      name: 'matter_list_names_matter_fk',
    }),
  ],
);

/** People and companies on a matter besides the client: related parties and opposing parties. */
export const matterParties = pgTable(
  'matter_parties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    matterId: uuid('matter_id').notNull(),
    partyRole: text('party_role', { enum: ['related', 'opposing'] }).notNull(),
    partyType: text('party_type', { enum: ['individual', 'company'] })
      .notNull()
      .default('individual'),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ columns: [table.firmId, table.matterId], foreignColumns: [matters.firmId, matters.id], name: 'matter_parties_matter_fk' }),
    index('matter_parties_matter_idx').on(table.firmId, table.matterId),
    // The conflict check finds the records behind a similar name (conflict_names) by name.
    index('matter_parties_firm_name_idx').on(table.firmId, table.name),
  ],
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
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('activity_types_firm_idx').on(table.firmId), unique('activity_types_firm_id_key').on(table.firmId, table.id)],
);
