import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clientContacts, clients, portalAccounts } from './clients.ts';
import { firms, users } from './firms.ts';

/**
 * Each change of a client contact's SMS or WhatsApp opt-in (ADR 90), kept as the record of who
 * recorded it (a member of the firm, or the client on the portal) and when: the newest row per
 * contact and channel is the one that counts. A null contact is the client itself.
 */
export const clientMessageOptIns = pgTable(
  'client_message_opt_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Orders the changes made in one transaction (they share its now()). */
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id').notNull(),
    clientContactId: uuid('client_contact_id').references(() => clientContacts.id),
    channel: text('channel').notNull(),
    isOptedIn: boolean('is_opted_in').notNull(),
    phoneNumber: text('phone_number'),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id),
    recordedByPortalAccountId: uuid('recorded_by_portal_account_id').references(() => portalAccounts.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ columns: [table.firmId, table.clientId], foreignColumns: [clients.firmId, clients.id] }),
    check('client_message_opt_ins_channel_check', sql`${table.channel} in ('sms', 'whatsapp')`),
    check('client_message_opt_ins_phone_check', sql`${table.phoneNumber} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('client_message_opt_ins_opted_in_number_check', sql`not ${table.isOptedIn} or ${table.phoneNumber} is not null`),
    check('client_message_opt_ins_recorder_check', sql`num_nonnulls(${table.recordedByUserId}, ${table.recordedByPortalAccountId}) = 1`),
    index('client_message_opt_ins_client_idx').on(table.firmId, table.clientId, table.sequence.desc()),
  ],
);

/** A firm's own text for a client update; a firm without one sends the default (shared CLIENT_MESSAGE_TEMPLATE_DEFAULTS). */
export const clientMessageTemplates = pgTable(
  'client_message_templates',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    templateKey: text('template_key').notNull(),
    body: text('body').notNull(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.firmId, table.templateKey] }),
    check('client_message_templates_body_check', sql`char_length(${table.body}) between 1 and 300`),
  ],
);
