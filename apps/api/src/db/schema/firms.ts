import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { currencies } from './reference.ts';

/** A law firm: the tenant. Its row is visible only inside its own firm context. */
export const firms = pgTable(
  'firms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    portalSlug: text('portal_slug'),
    country: text('country'),
    homeCurrencyId: integer('home_currency_id').references(() => currencies.id),
    multicurrency: boolean('multicurrency').notNull().default(false),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Hours are billed rounded up to this unit (0: the exact time). PRODUCT.md module 5. */
    billingIncrement: numeric('billing_increment', { precision: 4, scale: 2 }).notNull().default('0.10'),
    /** Invoicing (PRODUCT.md module 9): number prefix, default payment terms, tax and approval. */
    invoiceNumberPrefix: text('invoice_number_prefix').notNull().default('INV-'),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    taxName: text('tax_name'),
    taxPercent: numeric('tax_percent', { precision: 7, scale: 4 }).notNull().default('0'),
    taxAppliesTo: text('tax_applies_to').notNull().default('both'),
    invoiceApprovalRequired: boolean('invoice_approval_required').notNull().default(false),
    /** The bill-of-charges clock (Legal Practitioners Act s.16(2)); null: on exactly when the home currency is NGN. */
    billOfChargesClock: boolean('bill_of_charges_clock'),
    defaultPaymentInstructions: text('default_payment_instructions'),
    /** The bills' accent (#RRGGBB): heading rule and table headings on the PDF, public page and email; null: the product's own colours. */
    invoiceAccentColour: text('invoice_accent_colour'),
    /** Printed at the foot of every page of the bill, its public page and email (at most 500 characters); null: none. */
    invoiceFooter: text('invoice_footer'),
    /** Pre-bill review flags work older than this many days on a draft (the narrative check's limit). */
    staleWorkDays: integer('stale_work_days').notNull().default(90),
    /** The calendar month (1 = January) the firm's fiscal year starts in: statements' "current year" and budgets turn on it. */
    fiscalYearStartMonth: smallint('fiscal_year_start_month').notNull().default(1),
    /** Portal users must pass an authenticator-app code after their password or sign-in link. */
    portalRequiresTotp: boolean('portal_requires_totp').notNull().default(false),
    /** Every member must sign in with an authenticator app too (issue 39): each sets it up at their next sign-in. */
    requireTwoStep: boolean('require_two_step').notNull().default(false),
    /** The firm's tax identification number (e.g. a Nigerian TIN), printed on its bills when set. */
    taxNumber: text('tax_number'),
    /**
     * The period lock (issue 36): no journal entry may be dated on or before this day, whichever module
     * posts it (a trigger on journal_entries, migration 0060); null: every period is open.
     */
    booksClosedThrough: date('books_closed_through'),
    /** Refuse a time entry that would take a matter past 100% of its hours, fees or total budget (issue 36). */
    blockTimePastBudget: boolean('block_time_past_budget').notNull().default(false),
    /** A fee earner's available hours on a working day, unless their own is set: utilisation's denominator (issue 37). */
    availableHoursPerDay: numeric('available_hours_per_day', { precision: 4, scale: 2 }).notNull().default('8'),
    /** The firm's working days, ISO weekdays (1 = Monday … 7 = Sunday): the days utilisation counts as available. */
    workingDays: smallint('working_days')
      .array()
      .notNull()
      .default(sql`'{1,2,3,4,5}'::smallint[]`),
    /** How dates print on what the firm sends (invoices, credit notes); screens keep SPEC.md's DD/MM/YYYY. */
    dateFormat: text('date_format').notNull().default('DD/MM/YYYY'),
    /** LEDES's LAW_FIRM_ID as the firm's clients know it; null: its tax number, else its name. */
    ledesFirmId: text('ledes_firm_id'),
    /** Days a deleted record waits in the recycle bin before the purge job removes it (issue 39). */
    recycleBinRetentionDays: smallint('recycle_bin_retention_days').notNull().default(30),
    /** Suggested time (issue 44): members' work in Matterhorn is recorded and proposed as draft time; off, nothing is recorded. */
    suggestsTime: boolean('suggests_time').notNull().default(true),
    /** A member's session ends after this long without a request (issue 39). */
    idleTimeoutMinutes: integer('idle_timeout_minutes').notNull().default(480),
    /** …and this long after its sign-in, active or not. */
    maxSessionHours: integer('max_session_hours').notNull().default(12),
    logo: text('logo'),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    ownerUserId: uuid('owner_user_id'),
    setupCompletedAt: timestamp('setup_completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('firms_portal_slug_key')
      .on(table.portalSlug)
      .where(sql`${table.portalSlug} is not null`),
    check('firms_tax_applies_to_check', sql`${table.taxAppliesTo} in ('fees', 'expenses', 'both')`),
    check('firms_payment_terms_check', sql`${table.paymentTermsDays} between 0 and 365`),
    check('firms_tax_number_length_check', sql`char_length(${table.taxNumber}) <= 50`),
    check('firms_billing_increment_check', sql`${table.billingIncrement} in (0, 0.01, 0.05, 0.1, 0.25)`),
    check('firms_fiscal_year_start_month_check', sql`${table.fiscalYearStartMonth} between 1 and 12`),
    check('firms_available_hours_check', sql`${table.availableHoursPerDay} > 0 and ${table.availableHoursPerDay} <= 24`),
    check('firms_working_days_check', sql`${table.workingDays} <@ '{1,2,3,4,5,6,7}'::smallint[]`),
    check('firms_date_format_check', sql`${table.dateFormat} in ('DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'D MMM YYYY')`),
    check('firms_ledes_firm_id_length_check', sql`char_length(${table.ledesFirmId}) <= 20`),
    check('firms_recycle_bin_retention_check', sql`${table.recycleBinRetentionDays} between 1 and 365`),
    check('firms_idle_timeout_check', sql`${table.idleTimeoutMinutes} between 15 and 1440`),
    check('firms_max_session_hours_check', sql`${table.maxSessionHours} between 1 and 720`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    name: text('name').notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('roles_firm_name_key').on(table.firmId, table.name)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    defaultHourlyRate: numeric('default_hourly_rate', { precision: 14, scale: 2 }),
    /** The firm's short code for the fee earner (TK-001), given on insert by a trigger when left blank (migration 0056): LEDES's TIMEKEEPER_ID. */
    timekeeperCode: text('timekeeper_code').notNull().default(''),
    /** LEDES's TIMEKEEPER_CLASSIFICATION: PT partner, AS associate, OC of counsel, LA legal assistant, OT other. */
    ledesClassification: text('ledes_classification', { enum: ['PT', 'AS', 'OC', 'LA', 'OT'] }),
    /** The fee earner's own available hours on a working day; null: the firm's. */
    availableHoursPerDay: numeric('available_hours_per_day', { precision: 4, scale: 2 }),
    isActive: boolean('is_active').notNull().default(true),
    /** The member's photo as a small data URL (My account), or null: their initials. */
    photo: text('photo'),
    /** The optional emails (NOTIFICATION_CHOICES' keys) the member chose not to receive; empty: all of them. */
    emailOptOuts: text('email_opt_outs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Two-step sign-in (issue 39): the authenticator-app secret, encrypted under APP_SECRET; confirmed once `totp_enabled_at` is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last code's time step accepted: an older or the same code never signs in again. */
    totpLastStep: integer('totp_last_step'),
    /** The member's last recovery step (ADR 0095): a browser remembered for the second step before it asks again. */
    browsersForgottenAt: timestamp('browsers_forgotten_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_firm_idx').on(table.firmId),
    unique('users_firm_id_key').on(table.firmId, table.id),
    unique('users_firm_timekeeper_key').on(table.firmId, table.timekeeperCode),
    check('users_ledes_classification_check', sql`${table.ledesClassification} in ('PT', 'AS', 'OC', 'LA', 'OT')`),
    check('users_available_hours_check', sql`${table.availableHoursPerDay} > 0 and ${table.availableHoursPerDay} <= 24`),
  ],
);
