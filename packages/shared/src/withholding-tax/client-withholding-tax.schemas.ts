import { z } from 'zod';
import { WITHHOLDING_TAX_CATEGORIES, WITHHOLDING_TAX_MESSAGES } from './withholding-tax.rules.ts';

// A client's WHT treatment on its own, so the client's overview loads none of the schedule's or the invoice's schemas.

/** A percentage from 0 to 100 with at most 2 decimals, as text ("10", "7.5"). */
export const ratePercent = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} is required` })
    .transform((value) => String(value).trim())
    .refine((value) => /^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100, WITHHOLDING_TAX_MESSAGES.rateFormat);

/** POST /api/withholding-tax/update-client/{clientId}. */
export const clientWithholdingTaxInputSchema = z.strictObject({
  category: z
    .enum(WITHHOLDING_TAX_CATEGORIES, { error: 'Choose company, government or individual' })
    .describe('How the client is treated for WHT: company, government or individual (the firm’s rate for that kind applies).'),
  rateOverride: ratePercent('Rate')
    .nullish()
    .transform((value) => (value === undefined || value === '' ? null : value))
    .describe(
      'The client’s own rate in percent when it differs from the firm’s for its kind ("0": it deducts none); null: the firm’s rate.',
    ),
});
export type ClientWithholdingTaxInput = z.input<typeof clientWithholdingTaxInputSchema>;

export const clientWithholdingTaxSchema = z.object({
  clientId: z.string().describe('The client’s id.'),
  category: z.enum(WITHHOLDING_TAX_CATEGORIES).describe('How the client is treated for WHT.'),
  isCategoryDefault: z.boolean().describe('true when nobody set it: the kind follows the client’s type (individual, else company).'),
  rateOverride: z.string().nullable().describe('The client’s own rate in percent; null: the firm’s rate for its kind.'),
  firmRate: z.string().describe('The firm’s rate for the client’s kind, in percent.'),
  rate: z.string().describe('The rate that applies: rateOverride, else firmRate, in percent ("10").'),
});
export type ClientWithholdingTax = z.infer<typeof clientWithholdingTaxSchema>;

export const clientIdParamsSchema = z.object({ clientId: z.uuid({ error: 'Client not found' }).describe('The client’s id.') });
