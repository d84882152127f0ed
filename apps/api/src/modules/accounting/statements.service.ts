import type { balanceSheetQuerySchema, profitAndLossQuerySchema } from '@matterhorn/shared';
import type { z } from 'zod';
import { READ_ONLY, type Database } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { buildBalanceSheet } from './balance-sheet.ts';
import { buildProfitAndLoss } from './profit-and-loss.ts';

/** The profit and loss account and the balance sheet, each read in one snapshot of the books. */
export function createStatementService(database: Database) {
  return {
    profitAndLoss: (principal: FirmPrincipal, query: z.output<typeof profitAndLossQuerySchema>) =>
      database.withFirm(principal.firmId, (tx) => buildProfitAndLoss(tx, principal.firmId, query), {
        ...READ_ONLY,
        isolation: 'repeatable read',
      }),
    balanceSheet: (principal: FirmPrincipal, query: z.output<typeof balanceSheetQuerySchema>) =>
      database.withFirm(principal.firmId, (tx) => buildBalanceSheet(tx, principal.firmId, query), {
        ...READ_ONLY,
        isolation: 'repeatable read',
      }),
  };
}
