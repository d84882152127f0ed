import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { firms } from './firms.ts';

/**
 * The outbox: each email a business transaction decided to send, written in that transaction and
 * sent by a job after it commits (never from inside it). `sealed_content` (body, link, attachments)
 * is encrypted with the app secret, because it may carry a one-time link whose hash alone is kept
 * elsewhere; it is cleared once the message is sent. `about_kind`/`about_id` name what the email is
 * about (an invoice, a trust request, a team invitation) so its screen can show a failure and retry.
 */
export const outgoingMessages = pgTable(
  'outgoing_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    sealedContent: text('sealed_content'),
    aboutKind: text('about_kind'),
    aboutId: uuid('about_id'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('outgoing_messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('outgoing_messages_about_idx').on(table.firmId, table.aboutKind, table.aboutId, table.createdAt),
  ],
);
