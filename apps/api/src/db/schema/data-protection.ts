import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { clients, portalAccounts } from './clients.ts';
import { firms, users } from './firms.ts';

/** The firm's data-protection settings (NDPA 2023, ADR 92); a firm without a row has the defaults. */
export const dataProtectionSettings = pgTable(
  'data_protection_settings',
  {
    firmId: uuid('firm_id')
      .primaryKey()
      .references(() => firms.id),
    /** Days the firm gives itself to answer a data-subject request (NDPA 2023: without undue delay; 30 by default). */
    requestDueDays: integer('request_due_days').notNull().default(30),
    /** Years a closed matter's files are kept after it closed, before the retention review lists them. */
    closedMatterFileYears: integer('closed_matter_file_years').notNull().default(7),
    /** The firm's data-protection officer (NDPA 2023 s. 32), named on the portal beside the privacy notice. */
    officerName: text('officer_name'),
    officerEmail: text('officer_email'),
    officerPhone: text('officer_phone'),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('data_protection_settings_due_days_check', sql`${table.requestDueDays} between 1 and 365`),
    check('data_protection_settings_file_years_check', sql`${table.closedMatterFileYears} between 1 and 100`),
    check('data_protection_settings_officer_check', sql`(${table.officerName} is null) = (${table.officerEmail} is null)`),
  ],
);

/**
 * A data-subject request (NDPA 2023 ss. 34-38): who asked (a client, a client's contact, a lead or
 * an opposing party), for what, when it came and when it is due, and how it ended. The person's
 * name is kept as it was until an erasure replaces it.
 */
export const dataSubjectRequests = pgTable(
  'data_subject_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    subjectName: text('subject_name').notNull(),
    kind: text('kind').notNull(),
    receivedOn: date('received_on').notNull(),
    dueOn: date('due_on').notNull(),
    status: text('status').notNull().default('open'),
    notes: text('notes').notNull().default(''),
    /** What was done, or why it was refused, in words. */
    outcome: text('outcome'),
    /** A refused erasure's blockers: [{ code, message }]. */
    blockers: jsonb('blockers').notNull().default([]),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByUserId: uuid('closed_by_user_id').references(() => users.id),
  },
  (table) => [
    check('data_subject_requests_subject_type_check', sql`${table.subjectType} in ('client', 'clientContact', 'lead', 'opposingParty')`),
    check('data_subject_requests_kind_check', sql`${table.kind} in ('access', 'correction', 'erasure')`),
    check('data_subject_requests_status_check', sql`${table.status} in ('open', 'completed', 'refused')`),
    check('data_subject_requests_due_check', sql`${table.dueOn} >= ${table.receivedOn}`),
    check('data_subject_requests_closed_check', sql`(${table.status} = 'open') = (${table.closedAt} is null)`),
    index('data_subject_requests_firm_due_idx').on(table.firmId, table.status, table.dueOn),
    index('data_subject_requests_subject_idx').on(table.firmId, table.subjectType, table.subjectId),
  ],
);

/** A month's retention review (one per firm and month, found by the monthly job): what is due, and the administrator's approval. */
export const retentionReviews = pgTable(
  'retention_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    /** The month reviewed, YYYY-MM. */
    period: text('period').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedByUserId: uuid('approved_by_user_id').references(() => users.id),
  },
  (table) => [
    unique('retention_reviews_firm_period_key').on(table.firmId, table.period),
    unique('retention_reviews_firm_id_key').on(table.firmId, table.id),
    check('retention_reviews_period_check', sql`${table.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('retention_reviews_status_check', sql`${table.status} in ('pending', 'approved')`),
    check('retention_reviews_approved_check', sql`(${table.status} = 'approved') = (${table.approvedAt} is not null)`),
  ],
);

/** One record a review found past its retention period, and what became of it once approved. */
export const retentionReviewItems = pgTable(
  'retention_review_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    reviewId: uuid('review_id').notNull(),
    recordType: text('record_type').notNull(),
    recordId: uuid('record_id').notNull(),
    recordName: text('record_name').notNull(),
    /** Why it is due, in words (the rule and the date it ran from). */
    reason: text('reason').notNull(),
    dueSince: date('due_since').notNull(),
    outcome: text('outcome'),
  },
  (table) => [
    foreignKey({ columns: [table.firmId, table.reviewId], foreignColumns: [retentionReviews.firmId, retentionReviews.id] }),
    unique('retention_review_items_record_key').on(table.reviewId, table.recordType, table.recordId),
    check('retention_review_items_record_type_check', sql`${table.recordType} in ('client', 'matterFiles')`),
    check(
      'retention_review_items_outcome_check',
      sql`${table.outcome} is null or ${table.outcome} in ('anonymised', 'filesRemoved', 'kept')`,
    ),
    index('retention_review_items_review_idx').on(table.firmId, table.reviewId),
  ],
);

/**
 * A personal-data breach (NDPA 2023 s. 40): what happened, what and whose data, when the firm
 * found it — the regulator must be told within 72 hours of that — and when and whom it told.
 */
export const breachIncidents = pgTable(
  'breach_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    dataAffected: text('data_affected').notNull(),
    peopleAffected: text('people_affected').notNull(),
    discoveredAt: timestamp('discovered_at', { withTimezone: true }).notNull(),
    regulatorNotifiedAt: timestamp('regulator_notified_at', { withTimezone: true }),
    regulatorNotifiedTo: text('regulator_notified_to'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('breach_incidents_firm_id_key').on(table.firmId, table.id),
    check('breach_incidents_notified_check', sql`(${table.regulatorNotifiedAt} is null) = (${table.regulatorNotifiedTo} is null)`),
    index('breach_incidents_firm_discovered_idx').on(table.firmId, table.discoveredAt.desc()),
  ],
);

/** The clients a breach touched, to be told, and when each was. */
export const breachIncidentClients = pgTable(
  'breach_incident_clients',
  {
    firmId: uuid('firm_id').notNull(),
    incidentId: uuid('incident_id').notNull(),
    clientId: uuid('client_id').notNull(),
    toldAt: timestamp('told_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.incidentId, table.clientId] }),
    foreignKey({ columns: [table.firmId, table.incidentId], foreignColumns: [breachIncidents.firmId, breachIncidents.id] }),
    foreignKey({ columns: [table.firmId, table.clientId], foreignColumns: [clients.firmId, clients.id] }),
  ],
);

/**
 * A published version of the firm's privacy notice (NDPA 2023 ss. 27-28), numbered 1, 2, 3… per
 * firm. Never edited once published (a trigger refuses an update): a change is a new version, so
 * a consent always names the words that were read.
 */
export const privacyNoticeVersions = pgTable(
  'privacy_notice_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    version: integer('version').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedByUserId: uuid('published_by_user_id').references(() => users.id),
  },
  (table) => [
    unique('privacy_notice_versions_firm_id_key').on(table.firmId, table.id),
    unique('privacy_notice_versions_firm_version_key').on(table.firmId, table.version),
    check('privacy_notice_versions_version_check', sql`${table.version} >= 1`),
  ],
);

/** A portal account's consent to one version of the notice: once per account and version. */
export const privacyNoticeConsents = pgTable(
  'privacy_notice_consents',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    versionId: uuid('version_id').notNull(),
    portalAccountId: uuid('portal_account_id')
      .notNull()
      .references(() => portalAccounts.id, { onDelete: 'cascade' }),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.portalAccountId, table.versionId] }),
    foreignKey({ columns: [table.firmId, table.versionId], foreignColumns: [privacyNoticeVersions.firmId, privacyNoticeVersions.id] }),
    index('privacy_notice_consents_version_idx').on(table.firmId, table.versionId),
  ],
);
