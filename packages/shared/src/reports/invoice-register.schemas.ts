import { z } from 'zod';
import { INVOICE_STATUSES } from '../invoices/invoice.schemas.ts';
import { fromNotAfterTo, FROM_AFTER_TO, reportFilterFields, reportQueryBase } from './report.schemas.ts';

export const invoiceRegisterQuerySchema = z
  .object({
    ...reportQueryBase,
    From: reportFilterFields.From.describe('Invoices issued from this day (YYYY-MM-DD).'),
    To: reportFilterFields.To.describe('Invoices issued up to this day.'),
    ClientId: reportFilterFields.ClientId,
    MatterId: reportFilterFields.MatterId.describe('Invoices covering this matter.'),
    CurrencyCode: reportFilterFields.CurrencyCode,
    Status: z
      .enum(INVOICE_STATUSES, { error: `Status must be one of ${INVOICE_STATUSES.join(', ')}` })
      .optional()
      .describe('Invoices in this status only.'),
  })
  .refine(fromNotAfterTo, { message: FROM_AFTER_TO, path: ['From'] });
