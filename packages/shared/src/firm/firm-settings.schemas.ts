import { z } from 'zod';
import { DATE_FORMATS } from '../common/document-dates.ts';
import { defineRoute } from '../common/route-contract.ts';
import { optionalText } from '../common/fields.ts';
import { invoiceSettingsInputSchema } from '../invoices/invoice.schemas.ts';
import { firmProfileInputSchema } from '../reference-data/reference-data.schemas.ts';
import { updateTrustSettingsSchema } from '../trust/trust.schemas.ts';
import { BILLING_INCREMENTS } from '../time-entries/billing-increment.ts';

export const IDLE_TIMEOUT_MESSAGE = 'Idle timeout must be between 15 minutes and 24 hours';
export const MAX_SESSION_MESSAGE = 'Maximum session age must be between 1 hour and 30 days';
export const RETENTION_MESSAGE = 'Recycle bin retention must be between 1 and 365 days';
export const NEXT_INVOICE_NUMBER_MESSAGE = 'Next invoice number must be a whole number from 1';

const wholeNumber = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** Settings › General: the firm's profile, numbering, terms, sign-in and retention rules on one page (issue 39). */
export const firmSettingsSchema = z.object({
  firmName: z.string().describe('The firm’s name, as invoices and the portal show it.'),
  logo: z.string().nullable().describe('The firm’s logo as a data URL, or null.'),
  address: z.string().nullable().describe('The firm’s postal address, or null.'),
  phone: z.string().nullable().describe('The firm’s phone number, or null.'),
  email: z.string().nullable().describe('The firm’s contact email, or null.'),
  taxNumber: z.string().nullable().describe('The firm’s tax identification number, printed on its bills; null when none.'),
  portalSlug: z.string().nullable().describe('The firm’s portal address, or null until set up.'),
  country: z.string().nullable().describe('The firm’s country, or null until set up.'),
  timeZone: z.string().describe('The firm’s IANA time zone: what "today" means for its dates.'),
  dateFormat: z.enum(DATE_FORMATS).describe('How dates print on invoices and credit notes; screens show DD/MM/YYYY.'),
  homeCurrencyId: z.number().nullable().describe('The currency the firm keeps its books in (a currency id), or null until set up.'),
  multicurrency: z.boolean().describe('True: entries may be billed in currencies other than the home one.'),
  billingIncrement: z.enum(BILLING_INCREMENTS).describe('Recorded hours are billed rounded up to this many hours ("0": exact time).'),
  invoiceNumberPrefix: z.string().describe('Put before each new invoice’s number ("INV-").'),
  nextInvoiceNumber: z.number().describe('The number the next issued invoice takes (after the prefix).'),
  paymentTermsDays: z.number().describe('Days from the issue date to the due date of an invoice that names none.'),
  ledesFirmId: z.string().nullable().describe('LEDES’s LAW_FIRM_ID on e-billing files; null: the tax number, else the firm’s name.'),
  trustApprovalThreshold: z
    .string()
    .nullable()
    .describe('A trust disbursement, refund or invoice payment above this amount waits for a second person; null: never.'),
  suggestsTime: z.boolean().describe('True: members’ work in Matterhorn is recorded and proposed to them as Suggested time.'),
  recycleBinRetentionDays: z.number().describe('Days a deleted record stays in the recycle bin before it is purged.'),
  idleTimeoutMinutes: z.number().describe('A member is signed out after this many minutes without a request.'),
  maxSessionHours: z.number().describe('A member signs in again this many hours after signing in, active or not.'),
});
export type FirmSettings = z.infer<typeof firmSettingsSchema>;

const profile = firmProfileInputSchema.shape;
const invoicing = invoiceSettingsInputSchema.shape;

/** PUT /api/admin/firm/settings: any of the fields; a field left out keeps its value (each is wrapped in optional() so a left-out one stays out, where a blank one clears). */
export const firmSettingsInputSchema = z.strictObject({
  firmName: profile.firmName.optional(),
  logo: profile.logo.optional(),
  address: profile.address.optional(),
  phone: profile.phone.optional(),
  email: profile.email.optional(),
  taxNumber: invoicing.taxNumber.optional(),
  portalSlug: profile.portalSlug.optional(),
  country: profile.country.optional(),
  timeZone: profile.timeZone.optional(),
  dateFormat: z
    .enum(DATE_FORMATS, { error: 'Choose a date format from the list' })
    .optional()
    .describe('How dates print on invoices and credit notes: DD/MM/YYYY, MM/DD/YYYY, YYYY-MM-DD or D MMM YYYY.'),
  homeCurrencyId: profile.homeCurrencyId.optional(),
  multicurrency: profile.multicurrency.optional(),
  billingIncrement: profile.billingIncrement,
  invoiceNumberPrefix: invoicing.invoiceNumberPrefix.optional(),
  nextInvoiceNumber: wholeNumber(NEXT_INVOICE_NUMBER_MESSAGE, 1, 999_999_999)
    .optional()
    .describe('The number the next issued invoice takes; it may only go up (409 below a number already issued).'),
  paymentTermsDays: invoicing.paymentTermsDays.optional(),
  ledesFirmId: optionalText('LEDES firm id', 20)
    .optional()
    .describe('LEDES’s LAW_FIRM_ID (at most 20 characters); blank or null: the tax number, else the firm’s name.'),
  trustApprovalThreshold: updateTrustSettingsSchema.shape.approvalThreshold.optional(),
  suggestsTime: z
    .boolean({ error: 'Suggested time must be on or off' })
    .optional()
    .describe('True: members’ work is recorded and proposed as Suggested time; false: nothing is recorded and what was is deleted.'),
  recycleBinRetentionDays: wholeNumber(RETENTION_MESSAGE, 1, 365)
    .optional()
    .describe('Days a deleted record stays in the recycle bin, 1–365 (default 30).'),
  idleTimeoutMinutes: wholeNumber(IDLE_TIMEOUT_MESSAGE, 15, 1440)
    .optional()
    .describe('Minutes without a request after which a member is signed out, 15–1440 (default 480, 8 hours).'),
  maxSessionHours: wholeNumber(MAX_SESSION_MESSAGE, 1, 720)
    .optional()
    .describe('Hours after signing in that a member must sign in again, 1–720 (default 12); open sessions follow it at once.'),
});
export type FirmSettingsInput = z.input<typeof firmSettingsInputSchema>;

export const firmSettingsContracts = {
  view: defineRoute({ method: 'GET', path: '/api/admin/firm/settings', response: firmSettingsSchema }),
  update: defineRoute({ method: 'PUT', path: '/api/admin/firm/settings', body: firmSettingsInputSchema, response: firmSettingsSchema }),
};
