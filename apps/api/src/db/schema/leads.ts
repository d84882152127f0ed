import { sql } from 'drizzle-orm';
import { check, foreignKey, index, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { firms, users } from './firms.ts';
import { intakeForms } from './intake-forms.ts';
import { practiceAreas } from './matters.ts';

/**
 * A prospective client (issue 45, ADR 80), from an intake form or entered by staff, through the
 * pipeline of packages/shared/src/leads/lead-status.ts. The conflict check's decision is copied
 * here when recorded (the check itself stays the engine's record, carried to the client and matter).
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    leadType: text('lead_type').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    companyName: text('company_name'),
    /** The company's name, or the person's names (their email when they gave none): lists sort and search by it. */
    displayName: text('display_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    postalCode: text('postal_code'),
    matterDescription: text('matter_description'),
    /** [{ name, partyType }] */
    opposingParties: jsonb('opposing_parties').notNull().default([]),
    practiceAreaId: uuid('practice_area_id'),
    source: text('source').notNull(),
    referrerName: text('referrer_name'),
    intakeFormId: uuid('intake_form_id'),
    /** The page's key for one filled form: a second send of it finds the first lead. */
    submissionKey: uuid('submission_key'),
    /** The form's definition as sent, and the answers: { formName, formVersion, fields, answers, submittedAt }. */
    submission: jsonb('submission'),
    assigneeUserId: uuid('assignee_user_id'),
    status: text('status').notNull().default('new'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    notEngagedReason: text('not_engaged_reason'),
    engagedAt: timestamp('engaged_at', { withTimezone: true }),
    conflictCheckId: uuid('conflict_check_id'),
    /** The names the latest check searched: a change of the lead's names makes it stale. */
    conflictNames: jsonb('conflict_names'),
    conflictDecision: text('conflict_decision'),
    conflictDecisionNotes: text('conflict_decision_notes'),
    conflictDecidedAt: timestamp('conflict_decided_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: uuid('deleted_by_user_id'),
  },
  (table) => [
    unique('leads_firm_id_key').on(table.firmId, table.id),
    uniqueIndex('leads_submission_key')
      .on(table.firmId, table.submissionKey)
      .where(sql`submission_key is not null`),
    index('leads_firm_status_idx')
      .on(table.firmId, table.status, table.createdAt)
      .where(sql`deleted_at is null`),
    index('leads_firm_created_idx')
      .on(table.firmId, table.createdAt)
      .where(sql`deleted_at is null`),
    foreignKey({ columns: [table.firmId, table.assigneeUserId], foreignColumns: [users.firmId, users.id], name: 'leads_assignee_fk' }),
    foreignKey({
      columns: [table.firmId, table.intakeFormId],
      foreignColumns: [intakeForms.firmId, intakeForms.id],
      name: 'leads_form_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.practiceAreaId],
      foreignColumns: [practiceAreas.firmId, practiceAreas.id],
      name: 'leads_practice_area_fk',
    }),
    check('leads_status_check', sql`${table.status} in ('new', 'contacted', 'consultationBooked', 'engaged', 'notEngaged')`),
    check('leads_source_check', sql`${table.source} in ('form', 'phone', 'referral', 'walkIn')`),
    check('leads_type_check', sql`${table.leadType} in ('individual', 'company')`),
    check('leads_not_engaged_reason_check', sql`${table.status} <> 'notEngaged' or ${table.notEngagedReason} is not null`),
    check(
      'leads_conflict_decision_check',
      sql`${table.conflictDecision} is null or ${table.conflictDecision} in ('no_conflict', 'proceed_despite_conflict', 'declined')`,
    ),
  ],
);

/** What happened to a lead, for its timeline: written once, never changed. */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    leadId: uuid('lead_id').notNull(),
    kind: text('kind').notNull(),
    summary: text('summary').notNull(),
    body: text('body'),
    /** Null when the visitor's form or the system acted. */
    actorUserId: uuid('actor_user_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ columns: [table.firmId, table.leadId], foreignColumns: [leads.firmId, leads.id], name: 'lead_events_lead_fk' }),
    foreignKey({ columns: [table.firmId, table.actorUserId], foreignColumns: [users.firmId, users.id], name: 'lead_events_actor_fk' }),
    index('lead_events_lead_idx').on(table.firmId, table.leadId, table.occurredAt),
  ],
);
