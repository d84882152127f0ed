import { z } from 'zod';

// Apart from the firm schemas: every currency picker parses its list with this alone.

export const currencySchema = z.object({
  id: z.number(),
  currencyName: z.string(),
  isoCurrenyCode: z.string(),
  symbol: z.string(),
});
export type Currency = z.infer<typeof currencySchema>;
