import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { firms, users } from './firms.ts';

/**
 * Consultations with prospective clients (leads, issue 45; ADR 83). A lead is named by its id only:
 * the leads module owns its table and is reached through its public surface.
 */
export const consultationSettings = pgTable('consultation_settings', {
  firmId: uuid('firm_id')
    .primaryKey()
    .references(() => firms.id),
  lengthMinutes: integer('length_minutes').notNull(),
  /** [{ weekday 1–7, start 'HH:MM', end 'HH:MM' }] on the firm's clock. */
  workingHours: jsonb('working_hours').$type<{ weekday: number; start: string; end: string }[]>().notNull(),
  noticeDays: integer('notice_days').notNull(),
  horizonDays: integer('horizon_days').notNull(),
  feeAmount: numeric('fee_amount', { precision: 14, scale: 2 }),
  feeCurrency: text('fee_currency'),
  isFeeRequired: boolean('is_fee_required').notNull().default(false),
  officeAddress: text('office_address'),
  videoLink: text('video_link'),
  updatedByUserId: uuid('updated_by_user_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A consultation: a time on the assignee's calendar, on the firm's wall clock. While its fee is being
 * paid it holds the time until holdExpiresAt. Two live ones never share an assignee's start (the
 * unique index backs up the booking's locked overlap check) and a lead has one live one at a time.
 */
export const consultations = pgTable(
  'consultations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    leadId: uuid('lead_id').notNull(),
    assigneeUserId: uuid('assignee_user_id').notNull(),
    startLocal: timestamp('start_local', { mode: 'string' }).notNull(),
    endLocal: timestamp('end_local', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    feeAmount: numeric('fee_amount', { precision: 14, scale: 2 }),
    feeCurrency: text('fee_currency'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    location: text('location'),
    videoLink: text('video_link'),
    bookedThrough: text('booked_through').notNull(),
    bookedByUserId: uuid('booked_by_user_id'),
    calendarEventId: uuid('calendar_event_id'),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('consultations_firm_id_key').on(table.firmId, table.id),
    foreignKey({
      columns: [table.firmId, table.assigneeUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'consultations_assignee_fk',
    }),
    check('consultations_status_check', sql`${table.status} in ('AwaitingPayment', 'Confirmed', 'Cancelled', 'Lapsed')`),
    check('consultations_order_check', sql`${table.endLocal} > ${table.startLocal}`),
    check('consultations_booked_through_check', sql`${table.bookedThrough} in ('link', 'staff')`),
    uniqueIndex('consultations_assignee_start_key')
      .on(table.firmId, table.assigneeUserId, table.startLocal)
      .where(sql`status in ('AwaitingPayment', 'Confirmed')`),
    uniqueIndex('consultations_live_lead_key')
      .on(table.firmId, table.leadId)
      .where(sql`status in ('AwaitingPayment', 'Confirmed')`),
    index('consultations_assignee_range_idx').on(table.firmId, table.assigneeUserId, table.startLocal),
    index('consultations_lead_idx').on(table.firmId, table.leadId, table.createdAt),
  ],
);

/** A lead's booking link: the token is kept only as its SHA-256; sending a new one retires the old. */
export const consultationBookingLinks = pgTable(
  'consultation_booking_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    leadId: uuid('lead_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    sentTo: text('sent_to').notNull(),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.createdByUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'consultation_links_creator_fk',
    }),
    uniqueIndex('consultation_booking_links_token_key').on(table.tokenHash),
    index('consultation_booking_links_lead_idx').on(table.firmId, table.leadId),
  ],
);

/** An online payment of a consultation's fee, found by our reference when the gateway's webhook names it. */
export const consultationPayments = pgTable(
  'consultation_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    consultationId: uuid('consultation_id').notNull(),
    reference: text('reference').notNull(),
    gateway: text('gateway').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currencyCode: text('currency_code').notNull(),
    status: text('status').notNull().default('pending'),
    transactionId: text('transaction_id'),
    fee: numeric('fee', { precision: 14, scale: 2 }),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * Money the payment holds for the firm to refund (in its currency): a fee paid again, or paid after
     * the consultation was cancelled, is the lead's money, never income. Null when it holds none.
     */
    refundAmount: numeric('refund_amount', { precision: 14, scale: 2 }),
  },
  (table) => [
    foreignKey({
      columns: [table.firmId, table.consultationId],
      foreignColumns: [consultations.firmId, consultations.id],
      name: 'consultation_payments_consultation_fk',
    }),
    check('consultation_payments_status_check', sql`${table.status} in ('pending', 'succeeded', 'failed', 'refused')`),
    uniqueIndex('consultation_payments_reference_key').on(table.reference),
    index('consultation_payments_consultation_idx').on(table.firmId, table.consultationId),
  ],
);
