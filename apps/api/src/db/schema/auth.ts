import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { firms, roles, users } from './firms.ts';
import { clients, portalAccounts } from './clients.ts';

/** A signed-in session. Tokens carry its id; revoking the row ends the session everywhere. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    userId: uuid('user_id').references(() => users.id),
    portalAccountId: uuid('portal_account_id').references(() => portalAccounts.id),
    kind: text('kind', { enum: ['firm', 'portal'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where it signed in from (issue 39's signed-in devices): the request's origin, as audit events take it. */
    ipAddress: text('ip_address').default(sql`nullif(current_setting('app.client_ip', true), '')`),
    userAgent: text('user_agent').default(sql`nullif(current_setting('app.user_agent', true), '')`),
    /** Its last request, written at most every five minutes. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * Single-use secrets sent by email: verification, password reset, team invitation, portal
 * invitation (naming the client and account it lets sign up), portal reset, portal sign-in link and
 * the short-lived challenge between a portal sign-in's first and second factor. Only a SHA-256 of the secret is stored, so a database leak reveals no usable link.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    purpose: text('purpose', {
      enum: [
        'verify_email',
        'reset_password',
        'invitation',
        'portal_invitation',
        'portal_reset',
        'portal_sign_in_link',
        'portal_second_factor',
        'firm_second_factor',
        'change_email',
        'undo_email_change',
        'passkey_ticket_used',
      ],
    }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id),
    portalAccountId: uuid('portal_account_id').references(() => portalAccounts.id),
    roleId: uuid('role_id').references(() => roles.id),
    clientId: uuid('client_id').references(() => clients.id),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auth_tokens_firm_idx').on(table.firmId)],
);

/**
 * Failed sign-ins per account and address (address '*': from anywhere), keyed by a hash of the
 * sign-in scope and email so unknown emails are slowed down exactly like real accounts. Not a
 * tenant table: it exists before any firm is known.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    accountKey: text('account_key').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.accountKey, table.address] })],
);

/**
 * A staff member's single-use recovery codes (issue 39): each signs in once in place of the
 * authenticator app's code. Only an HMAC of the code is kept; a new set replaces the old.
 */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('user_recovery_codes_code_key').on(table.userId, table.codeHash)],
);

/**
 * A member's passkeys (issue 39): WebAuthn credentials that sign in without a password, or stand for
 * the second step after one. The public key and the signature counter the authenticator keeps.
 */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The credential's id as the authenticator gives it (base64url). */
    credentialId: text('credential_id').notNull(),
    /** Its COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('user_passkeys_credential_key').on(table.credentialId),
    index('user_passkeys_user_idx').on(table.firmId, table.userId),
  ],
);
