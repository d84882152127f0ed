import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clientContacts, clients } from './clients.ts';
import { firms, users } from './firms.ts';
import { matters } from './matters.ts';

/**
 * Client updates by SMS and WhatsApp (ADR 89): every message, written in the business transaction
 * as queued and handed to its provider by a job after commit, with the provider's delivery status
 * from its verified callback. A provider's message id names one message of ours.
 */
export const clientMessages = pgTable(
  'client_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    matterId: uuid('matter_id'),
    /** The client the message is about (its contact, or the client itself when clientContactId is null). */
    clientId: uuid('client_id'),
    clientContactId: uuid('client_contact_id').references(() => clientContacts.id),
    channel: text('channel').notNull(),
    toNumber: text('to_number').notNull(),
    templateKey: text('template_key').notNull(),
    /** The event it tells of (ADR 90): one message per event, channel and number, ever. */
    eventKey: text('event_key'),
    body: text('body').notNull(),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** While queued: when the job may hand it over (again). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    statusAt: timestamp('status_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({ columns: [table.firmId, table.matterId], foreignColumns: [matters.firmId, matters.id] }),
    foreignKey({ columns: [table.firmId, table.clientId], foreignColumns: [clients.firmId, clients.id] }),
    uniqueIndex('client_messages_event_key')
      .on(table.firmId, table.eventKey, table.channel, table.toNumber)
      .where(sql`event_key is not null`),
    check('client_messages_channel_check', sql`${table.channel} in ('sms', 'whatsapp')`),
    check('client_messages_provider_check', sql`${table.provider} in ('termii', 'twilio')`),
    check('client_messages_status_check', sql`${table.status} in ('queued', 'sent', 'delivered', 'failed', 'undelivered')`),
    check('client_messages_to_check', sql`${table.toNumber} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('client_messages_queued_check', sql`(${table.status} = 'queued') = (${table.nextAttemptAt} is not null)`),
    uniqueIndex('client_messages_provider_message_key')
      .on(table.provider, table.providerMessageId)
      .where(sql`provider_message_id is not null`),
    index('client_messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`status = 'queued'`),
    index('client_messages_firm_created_idx').on(table.firmId, table.createdAt.desc()),
    index('client_messages_matter_idx')
      .on(table.firmId, table.matterId)
      .where(sql`matter_id is not null`),
  ],
);
