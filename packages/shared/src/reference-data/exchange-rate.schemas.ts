import { z } from 'zod';
import { isoDate } from '../common/fields.ts';

// Apart from the other reference data: a form that converts a foreign amount (an expense) then carries
// this file, not the firm profile and sign-up schemas reference-data.schemas.ts builds on.

export const exchangeRateQuerySchema = z.object({
  HomeCurrencyId: z.coerce.number().int().positive().optional(),
  ForeignCurrencyId: z.coerce.number({ error: 'Foreign currency is required' }).int().positive('Foreign currency is required'),
  BusinessId: z.string().optional(),
  Date: isoDate('Date').optional(),
});
/** The rate that turns an amount in the foreign currency into the firm's home currency. */
export const exchangeRateSchema = z.object({
  exchangeRate: z.string(),
  homeCurrencyId: z.number(),
  foreignCurrencyId: z.number(),
  effectiveDate: z.string().nullable(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const exchangeRateEntrySchema = z.object({
  id: z.string(),
  foreignCurrencyId: z.number(),
  foreignCurrencyCode: z.string(),
  rate: z.string(),
  effectiveDate: z.string(),
});
export type ExchangeRateEntry = z.infer<typeof exchangeRateEntrySchema>;
export const exchangeRateInputSchema = z.strictObject({
  foreignCurrencyId: z.coerce.number({ error: 'Foreign currency is required' }).int().positive('Foreign currency is required'),
  rate: z
    .union([z.string(), z.number()], { error: 'Rate is required' })
    .transform((value) => String(value).trim())
    .refine((value) => /^\d{1,10}(\.\d{1,8})?$/.test(value) && Number(value) > 0, 'Rate must be a positive number with at most 8 decimals'),
  effectiveDate: isoDate('Effective date'),
});
