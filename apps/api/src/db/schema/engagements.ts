import { sql } from 'drizzle-orm';
import { check, foreignKey, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { firms, users } from './firms.ts';
import { leads } from './leads.ts';
import { matters, practiceAreas } from './matters.ts';

/**
 * A lead's engagement (issue 45, ADR 84): the terms the firm offers, the letter made from them
 * (its Word and PDF documents, filed in the firm's "Engagement letters" folder until there is a
 * matter), the signature request it went out in, and what Convert opened. One per lead: the lead's
 * row is locked while it converts, and the client and matter ids recorded here make a second
 * conversion answer the first.
 */
export const engagements = pgTable(
  'engagements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    leadId: uuid('lead_id').notNull(),
    practiceAreaId: uuid('practice_area_id'),
    responsibleUserId: uuid('responsible_user_id').notNull(),
    matterName: text('matter_name').notNull(),
    matterDescription: text('matter_description'),
    billingType: text('billing_type').notNull(),
    hourlyRate: numeric('hourly_rate', { precision: 14, scale: 2 }),
    flatRate: numeric('flat_rate', { precision: 14, scale: 2 }),
    contingencyPercentage: numeric('contingency_percentage', { precision: 5, scale: 2 }),
    retainerAmount: numeric('retainer_amount', { precision: 14, scale: 2 }),
    retainerCurrencyCode: text('retainer_currency_code'),
    templateDocumentId: uuid('template_document_id'),
    letterDocxDocumentId: uuid('letter_docx_document_id'),
    letterPdfDocumentId: uuid('letter_pdf_document_id'),
    letterGeneratedAt: timestamp('letter_generated_at', { withTimezone: true }),
    signatureRequestId: uuid('signature_request_id'),
    clientId: uuid('client_id'),
    matterId: uuid('matter_id'),
    trustRequestId: uuid('trust_request_id'),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    convertedByUserId: uuid('converted_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('engagements_firm_id_key').on(table.firmId, table.id),
    unique('engagements_lead_key').on(table.firmId, table.leadId),
    foreignKey({ columns: [table.firmId, table.leadId], foreignColumns: [leads.firmId, leads.id], name: 'engagements_lead_fk' }),
    foreignKey({
      columns: [table.firmId, table.practiceAreaId],
      foreignColumns: [practiceAreas.firmId, practiceAreas.id],
      name: 'engagements_practice_area_fk',
    }),
    foreignKey({
      columns: [table.firmId, table.responsibleUserId],
      foreignColumns: [users.firmId, users.id],
      name: 'engagements_responsible_fk',
    }),
    foreignKey({ columns: [table.firmId, table.clientId], foreignColumns: [clients.firmId, clients.id], name: 'engagements_client_fk' }),
    foreignKey({ columns: [table.firmId, table.matterId], foreignColumns: [matters.firmId, matters.id], name: 'engagements_matter_fk' }),
    check('engagements_billing_type_check', sql`${table.billingType} in ('Hourly', 'Flat Rate', 'Contingency', 'Retainer')`),
    check('engagements_retainer_check', sql`${table.retainerAmount} is null or ${table.retainerCurrencyCode} is not null`),
    check('engagements_converted_check', sql`(${table.convertedAt} is null) = (${table.clientId} is null)`),
  ],
);
