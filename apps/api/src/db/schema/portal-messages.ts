import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { portalAccounts } from './clients.ts';
import { documents } from './documents.ts';
import { firms, users } from './firms.ts';
import { matters } from './matters.ts';

/**
 * A secure message between a firm and its client on one of the client's matters (PRODUCT.md
 * module 14). Written by a firm user or by the client's portal account, never edited. Each side's
 * reading is stamped once (the read receipts), and `notified_at` records the e-mail that told the
 * other side a message was waiting (never its content), so the digest tells of each message once.
 */
export const portalMessages = pgTable(
  'portal_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id').notNull(),
    matterId: uuid('matter_id').notNull(),
    senderKind: text('sender_kind', { enum: ['firm', 'client'] }).notNull(),
    senderUserId: uuid('sender_user_id').references(() => users.id),
    senderPortalAccountId: uuid('sender_portal_account_id').references(() => portalAccounts.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the other side first read it: the client for a firm's message, any firm user for the client's. */
    readAt: timestamp('read_at', { withTimezone: true }),
    readByUserId: uuid('read_by_user_id').references(() => users.id),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.matterId],
      foreignColumns: [matters.firmId, matters.id],
      name: 'portal_messages_firm_matter_fk',
    }),
    check(
      'portal_messages_sender_check',
      sql`(${table.senderKind} = 'firm' and ${table.senderUserId} is not null and ${table.senderPortalAccountId} is null)
        or (${table.senderKind} = 'client' and ${table.senderPortalAccountId} is not null and ${table.senderUserId} is null)`,
    ),
    check('portal_messages_body_check', sql`length(${table.body}) between 1 and 5000`),
    index('portal_messages_matter_idx').on(table.firmId, table.matterId, table.createdAt),
    index('portal_messages_unnotified_idx')
      .on(table.firmId)
      .where(sql`${table.readAt} is null and ${table.notifiedAt} is null`),
  ],
);

/**
 * A file on a message. The file itself is a document filed in the matter (the client's in its
 * "From client" folder), so it is scanned, stored and kept like every upload; the attachment names
 * the version sent, which never changes. Never edited or deleted, like the message.
 */
export const portalMessageAttachments = pgTable(
  'portal_message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    messageId: uuid('message_id')
      .notNull()
      .references(() => portalMessages.id),
    documentId: uuid('document_id').notNull(),
    versionNumber: integer('version_number').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.documentId],
      foreignColumns: [documents.firmId, documents.id],
      name: 'portal_message_attachments_firm_document_fk',
    }),
    unique('portal_message_attachments_message_document_key').on(table.messageId, table.documentId),
    index('portal_message_attachments_message_idx').on(table.firmId, table.messageId),
  ],
);
