import type { z } from 'zod';
import { TAX_RATE_MESSAGES, type TaxRate, type taxRateInputSchema, type TaxRateList } from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { percentText } from './vat-return.rules.ts';
import * as repository from './tax-rates.repository.ts';

type Input = z.output<typeof taxRateInputSchema>;

const viewOf = (row: repository.TaxRateRow): TaxRate => ({ ...row, ratePercent: percentText(row.ratePercent) });

/** Runs a write in a savepoint, so a taken name and rate answers 409 and leaves the transaction usable. */
async function saving<T>(tx: Tx, write: (inner: Tx) => Promise<T>): Promise<T> {
  try {
    return await tx.transaction((inner) => write(inner as Tx));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TAX_RATE_MESSAGES.taken);
    throw error;
  }
}

/** The firm's tax rates (issue 36): a Nigerian firm starts with VAT at 7.5%. Deactivated, never deleted. */
export function createTaxRateService(database: Database) {
  return {
    list: (principal: FirmPrincipal): Promise<TaxRateList> =>
      database.withFirm(
        principal.firmId,
        async (tx) => ({ rates: (await repository.findTaxRates(tx, principal.firmId)).map(viewOf) }),
        READ_ONLY,
      ),

    create: (principal: FirmPrincipal, input: Input): Promise<TaxRate> =>
      database.withFirm(principal.firmId, async (tx) => {
        const id = await saving(tx, (inner) => repository.insertTaxRate(inner, principal.firmId, input));
        const rate = viewOf((await repository.findTaxRate(tx, principal.firmId, id))!);
        await recordAuditEvent(tx, principal, 'taxRate.created', id, { after: rate });
        return rate;
      }),

    update: (principal: FirmPrincipal, id: string, input: Input): Promise<TaxRate> =>
      database.withFirm(principal.firmId, async (tx) => {
        const existing = await repository.findTaxRate(tx, principal.firmId, id, { lock: true });
        if (!existing) throw notFound('Tax rate');
        await saving(tx, (inner) => repository.updateTaxRate(inner, principal.firmId, id, input));
        const rate = viewOf((await repository.findTaxRate(tx, principal.firmId, id))!);
        await recordAuditEvent(tx, principal, 'taxRate.updated', id, { before: viewOf(existing), after: rate });
        return rate;
      }),
  };
}
