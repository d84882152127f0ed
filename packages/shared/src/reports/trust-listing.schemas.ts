import { z } from 'zod';
import { queryBoolean } from '../common/fields.ts';
import { reportFilterFields, reportQueryBase } from './report.schemas.ts';

/** How far back the dormant-balance filter may look: ten years. */
export const DORMANT_MONTHS_MAX = 120;

export const trustListingQuerySchema = z.object({
  ...reportQueryBase,
  AsOfDate: reportFilterFields.AsOfDate.describe('Balances as of this day (YYYY-MM-DD), by movement date; default the firm’s today.'),
  ClientId: reportFilterFields.ClientId,
  MatterId: reportFilterFields.MatterId,
  CurrencyCode: reportFilterFields.CurrencyCode,
  DormantMonths: z.coerce
    .number({ error: 'DormantMonths must be a number' })
    .int('DormantMonths must be a whole number of months')
    .min(1, 'DormantMonths must be at least 1')
    .max(DORMANT_MONTHS_MAX, `DormantMonths must be at most ${DORMANT_MONTHS_MAX}`)
    .describe('Dormant balances only: those with no movement for this many months up to the as-of date.')
    .optional(),
  TrustAccountId: z
    .union([z.uuid({ error: 'TrustAccountId must be a valid id' }), z.literal('')])
    .optional()
    .transform((value) => value || undefined)
    .describe('One trust account’s ledgers (the drill-down from a balance).'),
  GeneralFunds: queryBoolean.describe(
    '"true": only the clients’ general trust funds, the ledgers without a matter (the drill-down from one).',
  ),
});
