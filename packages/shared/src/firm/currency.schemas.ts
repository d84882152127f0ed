import { z } from 'zod';

// Apart from the firm schemas: every currency picker parses its list with this alone.

export const currencySchema = z.object({
  id: z.number().describe('The currency’s id, as other calls name it (homeCurrencyId, foreignCurrencyId).'),
  currencyName: z.string().describe('The currency’s name, e.g. Nigerian Naira.'),
  isoCurrenyCode: z.string().describe('Its ISO 4217 code, e.g. NGN (SPEC’s spelling of the name).'),
  symbol: z.string().describe('Its symbol, e.g. ₦.'),
});
export type Currency = z.infer<typeof currencySchema>;
