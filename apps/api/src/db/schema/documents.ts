import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
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
import { DOCUMENT_FOLDER_KINDS, DOCUMENT_SCAN_STATUSES, DOCUMENT_TEXT_STATUSES } from '@matterhorn/shared';
import { clients, portalAccounts } from './clients.ts';
import { firms, users } from './firms.ts';
import { matters } from './matters.ts';

/**
 * Documents (PRODUCT.md module 11). Folders form a tree per firm; a document is a name in a folder
 * with an append-only list of versions, each a file in the file store (platform/files).
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A folder. Kinds: `firm` (a firm-wide folder at the top, e.g. Precedents), `templates` (the firm's
 * Word templates, one per firm), `client` and `matter` (made by triggers with the client and the
 * matter, named after them and renamed with them), `from-client` (inside each matter folder: where
 * the client's portal uploads land) and `folder` (a free subfolder). client_id and matter_id are
 * those of the client or matter folder it sits in, copied down so access and sharing read one row.
 */
export const documentFolders = pgTable(
  'document_folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    parentFolderId: uuid('parent_folder_id'),
    kind: text('kind', { enum: DOCUMENT_FOLDER_KINDS }).notNull(),
    name: text('name').notNull(),
    clientId: uuid('client_id'),
    matterId: uuid('matter_id'),
    /** Shared with the client of its matter: what is added to it later is shared too. */
    isSharedWithClient: boolean('is_shared_with_client').notNull().default(false),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    sharedByUserId: uuid('shared_by_user_id').references(() => users.id),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** In the recycle bin: restorable, and nothing in it can be changed. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: uuid('deleted_by_user_id').references(() => users.id),
  },
  (table) => [
    unique('document_folders_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.parentFolderId],
      foreignColumns: [table.firmId, table.id],
      name: 'document_folders_firm_parent_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.clientId],
      foreignColumns: [clients.firmId, clients.id],
      name: 'document_folders_firm_client_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.matterId],
      foreignColumns: [matters.firmId, matters.id],
      name: 'document_folders_firm_matter_fk',
    }),
    // Two live folders a user named never share a name in one place (the top level counts as one
    // place); client and matter folders carry their client's and matter's names, which may repeat.
    uniqueIndex('document_folders_live_name_key')
      .on(table.firmId, sql`coalesce(parent_folder_id, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`lower(name)`)
      .where(sql`deleted_at is null and kind in ('firm', 'templates', 'folder')`),
    uniqueIndex('document_folders_client_key')
      .on(table.firmId, table.clientId)
      .where(sql`kind = 'client'`),
    uniqueIndex('document_folders_matter_key')
      .on(table.firmId, table.matterId)
      .where(sql`kind = 'matter'`),
    uniqueIndex('document_folders_from_client_key')
      .on(table.firmId, table.matterId)
      .where(sql`kind = 'from-client'`),
    uniqueIndex('document_folders_templates_key')
      .on(table.firmId)
      .where(sql`kind = 'templates'`),
    index('document_folders_parent_idx').on(table.firmId, table.parentFolderId, table.name),
    // The recycle bin's folders, which every search leaves out: few, so found without reading the rest.
    index('document_folders_binned_idx')
      .on(table.firmId)
      .where(sql`deleted_at is not null`),
  ],
);

/**
 * A document: its name, where it is, and who has it checked out. current_version_number is the
 * newest version's number; content_text is that version's extracted text (null until extracted),
 * and search_vector indexes the name, tags, description and text for search.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    folderId: uuid('folder_id').notNull(),
    clientId: uuid('client_id'),
    matterId: uuid('matter_id'),
    name: text('name').notNull(),
    category: text('category'),
    description: text('description'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Lower-case name, tags and description: what a name search matches (trigram-indexed). */
    searchName: text('search_name').notNull().default(''),
    contentText: text('content_text'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', search_name || ' ' || coalesce(left(content_text, 250000), ''))`,
    ),
    currentVersionNumber: integer('current_version_number').notNull().default(1),
    isSharedWithClient: boolean('is_shared_with_client').notNull().default(false),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    sharedByUserId: uuid('shared_by_user_id').references(() => users.id),
    checkedOutByUserId: uuid('checked_out_by_user_id').references(() => users.id),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    checkoutExpiresAt: timestamp('checkout_expires_at', { withTimezone: true }),
    /** The version the holder of the check-out started from. */
    checkoutBaseVersion: integer('checkout_base_version'),
    /** At least one version was checked in against an older version and waits for a person to resolve it. */
    hasConflict: boolean('has_conflict').notNull().default(false),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: uuid('deleted_by_user_id').references(() => users.id),
  },
  (table) => [
    unique('documents_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.folderId],
      foreignColumns: [documentFolders.firmId, documentFolders.id],
      name: 'documents_firm_folder_fk',
    }),
    foreignKey({ columns: [table.firmId, table.clientId], foreignColumns: [clients.firmId, clients.id], name: 'documents_firm_client_fk' }),
    foreignKey({ columns: [table.firmId, table.matterId], foreignColumns: [matters.firmId, matters.id], name: 'documents_firm_matter_fk' }),
    uniqueIndex('documents_live_name_key')
      .on(table.firmId, table.folderId, sql`lower(name)`)
      .where(sql`deleted_at is null`),
    index('documents_folder_name_idx')
      .on(table.firmId, table.folderId, table.name, table.id)
      .where(sql`deleted_at is null`),
    index('documents_folder_updated_idx')
      .on(table.firmId, table.folderId, table.updatedAt.desc().nullsFirst(), table.id)
      .where(sql`deleted_at is null`),
    index('documents_matter_idx')
      .on(table.firmId, table.matterId)
      .where(sql`deleted_at is null`),
    index('documents_search_name_trgm_idx').using('gin', sql`${table.searchName} gin_trgm_ops`),
    index('documents_search_vector_idx').using('gin', table.searchVector),
  ],
);

/**
 * One version of a document: never overwritten, never deleted (a trigger refuses it). A check-in
 * against a version that is no longer the newest is kept as its own version with is_conflict set.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    documentId: uuid('document_id').notNull(),
    versionNumber: integer('version_number').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id),
    /** Set when the client uploaded it through the portal. */
    uploadedByPortalAccountId: uuid('uploaded_by_portal_account_id').references(() => portalAccounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
    scanStatus: text('scan_status', { enum: DOCUMENT_SCAN_STATUSES }).notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    /** The signature clamd named, for a quarantined version. */
    scanSignature: text('scan_signature'),
    textStatus: text('text_status', { enum: DOCUMENT_TEXT_STATUSES }).notNull().default('pending'),
    extractedText: text('extracted_text'),
    extractedAt: timestamp('extracted_at', { withTimezone: true }),
    /**
     * Reading attempts started, counted before each starts: a file that fails (or kills the process)
     * three times is parked as failed instead of being retried into a crash loop. Reset by a retry.
     */
    textAttempts: integer('text_attempts').notNull().default(0),
    /** The version a check-in started from; a restore's source version. */
    basedOnVersion: integer('based_on_version'),
    restoredFromVersion: integer('restored_from_version'),
    isConflict: boolean('is_conflict').notNull().default(false),
    conflictResolvedAt: timestamp('conflict_resolved_at', { withTimezone: true }),
    conflictResolvedByUserId: uuid('conflict_resolved_by_user_id').references(() => users.id),
    /** A document generated from a template: which template document, its version, and the values used. */
    templateDocumentId: uuid('template_document_id'),
    templateVersion: integer('template_version'),
    mergeValues: jsonb('merge_values').$type<Record<string, string>>(),
  },
  (table) => [
    unique('document_versions_document_number_key').on(table.documentId, table.versionNumber),
    unique('document_versions_storage_key_key').on(table.storageKey),
    foreignKey({
      columns: [table.firmId, table.documentId],
      foreignColumns: [documents.firmId, documents.id],
      name: 'document_versions_firm_document_fk',
    }),
    // What the processing job looks for each minute: versions still to be scanned or read.
    index('document_versions_waiting_idx')
      .on(table.firmId, table.createdAt, table.id)
      .where(sql`scan_status = 'scanning' or text_status = 'pending'`),
  ],
);

/** When the client viewed or downloaded a shared document through the portal: what the firm sees. */
export const documentClientAccesses = pgTable(
  'document_client_accesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    documentId: uuid('document_id').notNull(),
    versionNumber: integer('version_number').notNull(),
    portalAccountId: uuid('portal_account_id')
      .notNull()
      .references(() => portalAccounts.id),
    action: text('action', { enum: ['viewed', 'downloaded'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.documentId],
      foreignColumns: [documents.firmId, documents.id],
      name: 'document_client_accesses_firm_document_fk',
    }),
    index('document_client_accesses_document_idx').on(table.firmId, table.documentId, table.at.desc()),
  ],
);
