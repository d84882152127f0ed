import type { Tx } from '../../db/database.ts';
import { flatFees } from '../../db/schema/index.ts';
import { createInvoiceLock, type UnbilledItemFilter } from '../../platform/invoice-locks/invoice-lock.ts';
import { findUnbilledFlatFeeRows, isBilledFlatFee } from './flat-fees.repository.ts';
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
