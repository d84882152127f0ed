import { z } from 'zod';
import { isoDate, requiredMultilineText } from '../common/fields.ts';

// Apart from the credit note's view (which every invoice carries), so pages that read invoices
// without crediting them do not download the form's schema.

/** POST /api/admin/invoice/create-credit-note/{id}. */
export const createCreditNoteSchema = z.strictObject({
  reason: requiredMultilineText('Reason', 500).describe(
    'Why the invoice is credited (required, at most 500 characters); printed on the credit note.',
  ),
  lineIds: z
    .array(z.uuid({ error: 'Lines must be valid ids' }), { error: 'Lines must be a list of ids' })
    .max(5000, 'At most 5,000 lines')
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])])
    .describe(
      'The invoice lines to credit (ids from the invoice’s fees, expenses and flatFees); empty or left out: every line not yet credited.',
    ),
  releaseItems: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false)
    .describe('True: the credited lines’ time entries, expenses and flat fees return to unbilled, to be billed again; left out: false.'),
  creditDate: isoDate('Credit date')
    .nullish()
    .describe('The credit note’s date, when it posts to the ledger (YYYY-MM-DD); left out: today in the firm’s time zone.'),
});
export type CreateCreditNoteInput = z.input<typeof createCreditNoteSchema>;
