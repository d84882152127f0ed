import { and, asc, eq, gte, inArray, isNull, lte, not } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { flatFees } from '../../db/schema/index.ts';
import { createInvoiceLock } from '../../platform/invoice-locks/invoice-lock.ts';
import type { UnbilledItemFilter } from '../time-entries/time-entries.api.ts';
import { flatFeeList, isBilledFlatFee } from './flat-fees.repository.ts';
import { listItemOf } from './flat-fees.service.ts';

/**
 * What other modules may know and do about flat fees (an invoice, the dashboard, reports): the one
 * rule of what is billed, and the lock an invoice takes on its flat fees.
 */
export { isBilledFlatFee };

export const FLAT_FEE_BILLING_MESSAGES = {
  notFree: 'Some of these flat fees are already billed or no longer exist',
} as const;

export type FlatFeeBilling = ReturnType<typeof createFlatFeeBilling>;

export const createFlatFeeBilling = () =>
  createInvoiceLock({ table: flatFees, isBilled: isBilledFlatFee, notFree: FLAT_FEE_BILLING_MESSAGES.notFree });

/** A client's flat fees not on an invoice (the invoice's unbilled items), oldest first, as the flat-fee list shows them. */
export async function findUnbilledFlatFees(tx: Tx, firmId: string, filter: UnbilledItemFilter) {
  const rows = await tx
    .select(flatFeeList.columns)
    .from(flatFees)
    .where(
      and(
        eq(flatFees.firmId, firmId),
        isNull(flatFees.deletedAt),
        eq(flatFees.clientId, filter.clientId),
        filter.invoiceId ? eq(flatFees.invoiceId, filter.invoiceId) : not(isBilledFlatFee),
        filter.matterIds?.length ? inArray(flatFees.matterId, filter.matterIds) : undefined,
        filter.ids ? inArray(flatFees.id, filter.ids) : undefined,
        filter.from ? gte(flatFees.flatFeeDate, filter.from) : undefined,
        filter.to ? lte(flatFees.flatFeeDate, filter.to) : undefined,
      ),
    )
    .orderBy(asc(flatFees.flatFeeDate), asc(flatFees.createdAt), asc(flatFees.id));
  return rows.map(listItemOf);
}
