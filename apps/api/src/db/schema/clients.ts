import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { firms } from './firms.ts';

/** A client of the firm: an individual (first/last name) or a company (company name). */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientType: text('client_type', { enum: ['individual', 'company'] }).notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    companyName: text('company_name'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    isPortalEnabled: boolean('is_portal_enabled').notNull().default(false),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('clients_firm_idx').on(table.firmId, table.createdAt)],
);

/** A client's sign-in to the firm's portal; the same email may be a client of two firms. */
export const portalAccounts = pgTable(
  'portal_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('portal_accounts_firm_email_key').on(table.firmId, table.email),
    uniqueIndex('portal_accounts_client_key').on(table.clientId),
  ],
);
