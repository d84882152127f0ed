import { z } from 'zod';
import { INVOICE_STATUSES } from '../invoices/invoice.schemas.ts';
import { fromNotAfterTo, FROM_AFTER_TO, reportFilterFields, reportQueryBase } from './report.schemas.ts';

/** The register's Status filter: one status, or every issued invoice (what the firm has billed). */
export const INVOICE_REGISTER_STATUSES = ['Issued', ...INVOICE_STATUSES] as const;
export type InvoiceRegisterStatus = (typeof INVOICE_REGISTER_STATUSES)[number];

export const invoiceRegisterQuerySchema = z
  .object({
    ...reportQueryBase,
    From: reportFilterFields.From.describe('Invoices issued from this day (YYYY-MM-DD).'),
    To: reportFilterFields.To.describe('Invoices issued up to this day.'),
    ClientId: reportFilterFields.ClientId,
    MatterId: reportFilterFields.MatterId.describe('Invoices covering this matter.'),
    CurrencyCode: reportFilterFields.CurrencyCode,
    Status: z
      .enum(INVOICE_REGISTER_STATUSES, { error: `Status must be one of ${INVOICE_REGISTER_STATUSES.join(', ')}` })
      .optional()
      .describe('Invoices in this status only; Issued: every invoice issued to the client (approved, sent, partly paid or paid).'),
  })
  .refine(fromNotAfterTo, { message: FROM_AFTER_TO, path: ['From'] });
