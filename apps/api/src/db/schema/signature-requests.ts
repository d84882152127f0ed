import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
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
import { clients } from './clients.ts';
import { documents } from './documents.ts';
import { firms, users } from './firms.ts';

/**
 * A document's PDF sent for signature (issue 45, ADR 79). The version sent and its SHA-256 are
 * recorded at send time: every signature checks the document still has them. Status follows the
 * shared state machine (signature-request-states.ts): Sent → Sealing (everyone signed; a job writes
 * the sealed PDF) → Completed, or Declined / Voided / Expired.
 */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    documentId: uuid('document_id').notNull(),
    documentVersionNumber: integer('document_version_number').notNull(),
    documentSha256: text('document_sha256').notNull(),
    title: text('title').notNull(),
    message: text('message'),
    signingOrder: text('signing_order').notNull(),
    status: text('status').notNull().default('Sent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    voidedByUserId: uuid('voided_by_user_id'),
    voidReason: text('void_reason'),
    /** The stamped PDF with its certificate page, before the seal (ADR 79 says why not after). */
    signedDocumentSha256: text('signed_document_sha256'),
    signedVersionNumber: integer('signed_version_number'),
    /** The sealing job's lease: another run leaves the request alone until it passes. */
    sealingLeaseUntil: timestamp('sealing_lease_until', { withTimezone: true }),
    sealingAttempts: integer('sealing_attempts').notNull().default(0),
  },
  (table) => [
    unique('signature_requests_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.documentId],
      foreignColumns: [documents.firmId, documents.id],
      name: 'signature_requests_document_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.createdByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'signature_requests_created_by_fk',
    }),
    index('signature_requests_firm_created_idx').on(table.firmId, table.createdAt.desc()),
    index('signature_requests_document_idx').on(table.firmId, table.documentId),
    index('signature_requests_open_idx')
      .on(table.firmId, table.status)
      .where(sql`status in ('Sent', 'Sealing')`),
    check('signature_requests_status_check', sql`status in ('Sent', 'Sealing', 'Completed', 'Declined', 'Voided', 'Expired')`),
    check('signature_requests_order_check', sql`signing_order in ('inOrder', 'allAtOnce')`),
  ],
);

/**
 * A signer of a request. Their link's token (32 random bytes) is found by its SHA-256; the token
 * itself is kept only sealed under APP_SECRET (the portal hands it to the signer signed in there).
 * Each step's time, address and browser are kept in signature_request_events.
 */
export const signatureRequestSigners = pgTable(
  'signature_request_signers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    requestId: uuid('request_id').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    kind: text('kind').notNull(),
    clientContactId: uuid('client_contact_id'),
    /** The client of the contact, or of the document: whose portal accounts may open the link. */
    clientId: uuid('client_id'),
    leadId: uuid('lead_id'),
    userId: uuid('user_id'),
    status: text('status').notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    reminderCount: integer('reminder_count').notNull().default(0),
    /** What they adopted when signing: { kind: 'typed', text } or { kind: 'drawn', image } (a PNG data URL). */
    signatureMark: jsonb('signature_mark'),
    initialsMark: jsonb('initials_mark'),
  },
  (table) => [
    unique('signature_request_signers_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.requestId],
      foreignColumns: [signatureRequests.firmId, signatureRequests.id],
      name: 'signature_request_signers_request_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.clientId],
      foreignColumns: [clients.firmId, clients.id],
      name: 'signature_request_signers_client_fk',
    }),
    uniqueIndex('signature_request_signers_token_hash_key').on(table.tokenHash),
    uniqueIndex('signature_request_signers_position_key').on(table.firmId, table.requestId, table.position),
    index('signature_request_signers_client_idx')
      .on(table.firmId, table.clientId)
      .where(sql`client_id is not null`),
    check('signature_request_signers_status_check', sql`status in ('Waiting', 'Sent', 'Viewed', 'Consented', 'Signed', 'Declined')`),
    check('signature_request_signers_signed_check', sql`(status = 'Signed') = (signed_at is not null and signature_mark is not null)`),
  ],
);

/** A place on a page for a signer, in fractions of the page from its top-left corner. */
export const signatureRequestFields = pgTable(
  'signature_request_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    requestId: uuid('request_id').notNull(),
    signerId: uuid('signer_id').notNull(),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    page: integer('page').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.requestId],
      foreignColumns: [signatureRequests.firmId, signatureRequests.id],
      name: 'signature_request_fields_request_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.signerId],
      foreignColumns: [signatureRequestSigners.firmId, signatureRequestSigners.id],
      name: 'signature_request_fields_signer_fk',
    }),
    index('signature_request_fields_request_idx').on(table.firmId, table.requestId, table.position),
    check('signature_request_fields_kind_check', sql`kind in ('signature', 'initials', 'date', 'name')`),
  ],
);

/** The request's history, never changed: each step with who, when, from which address and browser (the certificate page prints it). */
export const signatureRequestEvents = pgTable(
  'signature_request_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    requestId: uuid('request_id').notNull(),
    signerId: uuid('signer_id'),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorName: text('actor_name').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    detail: text('detail'),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.requestId],
      foreignColumns: [signatureRequests.firmId, signatureRequests.id],
      name: 'signature_request_events_request_fk',
    }),
    index('signature_request_events_request_idx').on(table.firmId, table.requestId, table.at),
  ],
);

/**
 * The firm's sealing certificate, made by Matterhorn (an RSA key and a self-signed X.509 certificate
 * naming the firm): the key and certificate as a PKCS#12, sealed under APP_SECRET like a saved card's token.
 */
export const firmSigningCertificates = pgTable(
  'firm_signing_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    p12Sealed: text('p12_sealed').notNull(),
    certificatePem: text('certificate_pem').notNull(),
    fingerprintSha256: text('fingerprint_sha256').notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('firm_signing_certificates_firm_key').on(table.firmId)],
);
