import type { Tx } from '../../db/database.ts';
import { flatFees } from '../../db/schema/index.ts';
import { createInvoiceLock, type UnbilledItemFilter } from '../../platform/invoice-locks/invoice-lock.ts';
import { findUnbilledFlatFeeRows, insertFlatFee, isBilledFlatFee } from './flat-fees.repository.ts';
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

/** A client's flat fees not on an invoice (or those an invoice has locked), oldest first, as the flat-fee list shows them. */
export const findUnbilledFlatFees = async (tx: Tx, firmId: string, filter: UnbilledItemFilter) =>
  (await findUnbilledFlatFeeRows(tx, firmId, filter)).map(listItemOf);

/**
 * The flat fee an opening invoice bills (a receivable brought over from a previous system): what
 * the client still owed, on the matter, for the fee earner named (the invoices module's import).
 */
export async function recordOpeningFlatFee(
  tx: Tx,
  firmId: string,
  addedByUserId: string,
  fee: { clientId: string; matterId: string; userId: string; date: string; description: string; amount: string; currencyId: number | null },
): Promise<string> {
  return insertFlatFee(tx, firmId, addedByUserId, {
    clientId: fee.clientId,
    matterId: fee.matterId,
    userId: fee.userId,
    activityTypeId: null,
    flatFeeDate: fee.date,
    description: fee.description,
    note: null,
    amount: fee.amount,
    currencyId: fee.currencyId,
  });
}
