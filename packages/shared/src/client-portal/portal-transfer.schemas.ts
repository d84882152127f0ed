import { z } from 'zod';
import { recordPaymentSchema } from '../invoices/invoice-action.schemas.ts';

// Apart from the portal's views: the Trust and Invoices tabs report transfers, the overview does not.

/**
 * POST /api/client-portal/report-bank-transfer (multipart: these fields, then the proof of payment):
 * the client says they paid an invoice by transfer; the firm confirms it before it counts.
 */
export const reportBankTransferFieldsSchema = recordPaymentSchema
  .pick({ amount: true, paymentDate: true, reference: true })
  .extend({
    InvoiceId: z
      .uuid({ error: 'Choose the invoice you paid' })
      .optional()
      .describe('The sent invoice the transfer paid; give it or TrustRequestId, not both.'),
    /** Instead of an invoice: a trust request the firm sent (the money goes into trust). */
    TrustRequestId: z
      .uuid({ error: 'Choose the trust request you paid' })
      .optional()
      .describe('Instead of an invoice: the trust request the transfer paid (the money goes into trust).'),
  })
  .refine((fields) => Boolean(fields.InvoiceId) !== Boolean(fields.TrustRequestId), {
    error: 'Choose the invoice or the trust request you paid',
    path: ['InvoiceId'],
  });
export type ReportBankTransferFields = z.input<typeof reportBankTransferFieldsSchema>;
