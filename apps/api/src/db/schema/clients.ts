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

/** A client of the firm: an individual (first/last name) or a company (company name). */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    /** The firm's number for the client (CL-00001), given on insert by a trigger when left blank (migration 0056): LEDES's CLIENT_ID. */
    clientNumber: text('client_number').notNull().default(''),
    clientType: text('client_type', { enum: ['individual', 'company'] }).notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    companyName: text('company_name'),
    /** The name shown everywhere and matched by search and conflict checks. */
    displayName: text('display_name')
      .notNull()
      .generatedAlwaysAs(
        sql`case when client_type = 'company' then coalesce(company_name, '') else btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) end`,
      ),
    email: text('email'),
    alternateEmail: text('alternate_email'),
    phone: text('phone'),
    alternatePhone: text('alternate_phone'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    postalCode: text('postal_code'),
    notes: text('notes').notNull().default(''),
    customFields: jsonb('custom_fields').$type<Record<string, string>>().notNull().default({}),
    /** Lower-case name, emails and phones: what the list's search box matches (trigram-indexed). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(coalesce(company_name, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))`,
      ),
    /** The client's tax identification number (LEDES 1998BI's CLIENT_TAX_ID). */
    taxNumber: text('tax_number'),
    /** The LEDES format the client's e-billing portal takes: 1998B, or 1998BI (international, with tax). */
    ledesFormat: text('ledes_format', { enum: ['1998B', '1998BI'] })
      .notNull()
      .default('1998B'),
    /** How a bill run drafts the client's invoices (issue 44): one per matter, or one per client. */
    billingPreference: text('billing_preference', { enum: ['perMatter', 'perClient'] })
      .notNull()
      .default('perMatter'),
    isPortalEnabled: boolean('is_portal_enabled').notNull().default(false),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: uuid('deleted_by_user_id').references(() => users.id),
  },
  (table) => [
    index('clients_firm_idx').on(table.firmId, table.createdAt),
    unique('clients_firm_id_key').on(table.firmId, table.id),
    unique('clients_firm_number_key').on(table.firmId, table.clientNumber),
    check('clients_billing_preference_check', sql`${table.billingPreference} in ('perMatter', 'perClient')`),
    check('clients_ledes_format_check', sql`${table.ledesFormat} in ('1998B', '1998BI')`),
    check('clients_tax_number_length_check', sql`char_length(${table.taxNumber}) <= 20`),
    index('clients_firm_name_idx').on(table.firmId, table.displayName),
    index('clients_name_trgm_idx').using('gin', sql`${table.displayName} gin_trgm_ops`),
    index('clients_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // Created in migration 0010 with INCLUDE (client_type, status, search_text), which drizzle cannot express.
    index('clients_firm_live_idx')
      .on(table.firmId, table.createdAt.desc(), table.id.desc())
      .where(sql`deleted_at is null`),
    index('clients_firm_deleted_idx')
      .on(table.firmId, table.id)
      .where(sql`deleted_at is not null`),
  ],
);

/** A company client's contact people. */
export const clientContacts = pgTable(
  'client_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id').notNull(),
    clientId: uuid('client_id').notNull(),
    name: text('name').notNull(),
    jobTitle: text('job_title'),
    email: text('email'),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** In the recycle bin since (removed from the client on its own, or with its client), and by whom. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: uuid('deleted_by_user_id').references(() => users.id),
  },
  (table) => [
    foreignKey({ columns: [table.firmId, table.clientId], foreignColumns: [clients.firmId, clients.id] }),
    index('client_contacts_client_idx').on(table.firmId, table.clientId),
    // The conflict check finds the records behind a similar name (conflict_names) by name.
    index('client_contacts_firm_name_idx').on(table.firmId, table.name),
  ],
);

/** Fields a firm adds to its clients or matters; values live in the record's custom_fields. */
export const customFieldDefinitions = pgTable(
  'custom_field_definitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    entityType: text('entity_type', { enum: ['client', 'matter'] }).notNull(),
    label: text('label').notNull(),
    fieldType: text('field_type', { enum: ['text', 'number', 'date', 'select'] }).notNull(),
    options: text('options')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isRequired: boolean('is_required').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('custom_field_definitions_firm_idx').on(table.firmId, table.entityType)],
);

/**
 * A sign-in to the firm's portal, one per contact person (or the client's own email): every account
 * of a client sees that client's portal. `invited` has no password until the invitation link is
 * used; a `removed` account is kept for the audit trail and can never sign in again.
 */
export const portalAccounts = pgTable(
  'portal_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    email: text('email').notNull(),
    /** The contact person's name when the firm invited a contact rather than the client's own email. */
    contactName: text('contact_name'),
    passwordHash: text('password_hash'),
    status: text('status', { enum: ['invited', 'active', 'disabled', 'removed'] })
      .notNull()
      .default('active'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** The authenticator-app secret, encrypted under APP_SECRET; confirmed once `totp_enabled_at` is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The 30-second step of the last code accepted: a code works once, not again within its window. */
    totpLastStep: integer('totp_last_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A removed account keeps its row; the email may be invited again.
    uniqueIndex('portal_accounts_firm_email_key')
      .on(table.firmId, table.email)
      .where(sql`${table.status} <> 'removed'`),
    index('portal_accounts_client_idx').on(table.firmId, table.clientId),
    foreignKey({ columns: [table.firmId, table.clientId], foreignColumns: [clients.firmId, clients.id] }).onDelete('no action'),
  ],
);

/**
 * Every conflict check, kept as the firm's evidence that it looked before taking a client or
 * matter on: who searched, for what, what was found and what they decided.
 */
export const conflictChecks = pgTable(
  'conflict_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    searchedByUserId: uuid('searched_by_user_id')
      .notNull()
      .references(() => users.id),
    context: text('context', { enum: ['client', 'matter', 'standalone'] }).notNull(),
    searchedNames: text('searched_names').array().notNull(),
    matches: jsonb('matches').notNull().default([]),
    matchCount: integer('match_count').notNull().default(0),
    decision: text('decision', { enum: ['no_conflict', 'proceed_despite_conflict', 'declined'] }),
    decisionNotes: text('decision_notes'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    clientId: uuid('client_id'),
    matterId: uuid('matter_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('conflict_checks_firm_idx').on(table.firmId, table.createdAt)],
);
