import { z } from 'zod';
import { isoDate } from '../common/fields.ts';

// Apart from the other reference data: a form that converts a foreign amount (an expense) then carries
// this file, not the firm profile and sign-up schemas reference-data.schemas.ts builds on.

export const exchangeRateQuerySchema = z.object({
  HomeCurrencyId: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe('The firm’s home currency id, as SPEC sends it; any other currency is refused (400). Left out: the firm’s.'),
  ForeignCurrencyId: z.coerce
    .number({ error: 'Foreign currency is required' })
    .int()
    .positive('Foreign currency is required')
    .describe('The currency to convert from (a currency id); the home currency itself answers rate 1.'),
  BusinessId: z
    .string()
    .optional()
    .describe(
      'SPEC’s firm scope, kept for compatibility: when sent it must be the caller’s firm id (else 403); the firm is always the caller’s own.',
    ),
  Date: isoDate('Date').optional().describe('The day the rate is for (YYYY-MM-DD); left out: today in the firm’s time zone.'),
});
/** The rate that turns an amount in the foreign currency into the firm's home currency. */
export const exchangeRateSchema = z.object({
  exchangeRate: z
    .string()
    .describe('Home-currency units one unit of the foreign currency buys, as decimal text without trailing zeros (up to 8 decimals).'),
  homeCurrencyId: z.number().describe('The firm’s home currency (a currency id).'),
  foreignCurrencyId: z.number().describe('The currency asked about (a currency id).'),
  effectiveDate: z
    .string()
    .nullable()
    .describe(
      'The day the rate answered took effect (YYYY-MM-DD): the newest set on or before the date asked; null for the home currency.',
    ),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const exchangeRateEntrySchema = z.object({
  id: z.string().describe('The rate’s id (a UUID).'),
  foreignCurrencyId: z.number().describe('The foreign currency (a currency id).'),
  foreignCurrencyCode: z.string().describe('The foreign currency’s ISO 4217 code, e.g. USD.'),
  rate: z
    .string()
    .describe('Home-currency units one unit of the foreign currency buys, as decimal text without trailing zeros (up to 8 decimals).'),
  effectiveDate: z.string().describe('The day the rate takes effect (YYYY-MM-DD); it applies until a newer one does.'),
});
export type ExchangeRateEntry = z.infer<typeof exchangeRateEntrySchema>;
export const exchangeRateInputSchema = z.strictObject({
  foreignCurrencyId: z.coerce
    .number({ error: 'Foreign currency is required' })
    .int()
    .positive('Foreign currency is required')
    .describe('The foreign currency (a currency id from get-currency-list); not the home currency.'),
  rate: z
    .union([z.string(), z.number()], { error: 'Rate is required' })
    .transform((value) => String(value).trim())
    .refine((value) => /^\d{1,10}(\.\d{1,8})?$/.test(value) && Number(value) > 0, 'Rate must be a positive number with at most 8 decimals')
    .describe('Home-currency units one unit of the foreign currency buys: more than 0, at most 8 decimals (text or number).'),
  effectiveDate: isoDate('Effective date').describe(
    'The day the rate takes effect (YYYY-MM-DD); the same currency and day again replaces the rate.',
  ),
});
