import { addMoney, type BillRunSkipReason, compareMoney, type CreateInvoiceParsed } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findUnbilledExpenses } from '../expenses/expenses.api.ts';
import { findUnbilledFlatFees } from '../flat-fees/flat-fees.api.ts';
import { findUnbilledTimeEntries } from '../time-entries/time-entries.api.ts';
import { insertDraftInvoice } from './create-invoice.ts';
import { findUnbilledObstacles, type UnbilledScope } from './unbilled-draft.repository.ts';

export type UnbilledDraftRequest = UnbilledScope & {
  /** Unbilled work below this (home currency) drafts nothing; null: any amount. */
  minimumAmount: string | null;
};

export type UnbilledDraftOutcome =
  | { outcome: 'Drafted'; invoiceId: string; total: string; unbilledAmount: string; itemCount: number }
  | { outcome: 'Skipped'; reason: BillRunSkipReason; unbilledAmount: string; itemCount: number };

/**
 * One draft invoice of every unbilled item of a client's matters dated on or before a day, by the
 * create call's own rules (its lock on the items, lines at each item's rate and home-currency
 * amount, the firm's tax and terms), in the caller's transaction; or why none was drafted. An item
 * a concurrent draft took first is simply not read here: the caller serialises drafts per client.
 */
export async function draftUnbilledInvoice(tx: Tx, principal: FirmPrincipal, request: UnbilledDraftRequest): Promise<UnbilledDraftOutcome> {
  const firmId = principal.firmId;
  const filter = { clientId: request.clientId, matterIds: request.matterIds, to: request.workUpTo };
  const timeEntries = await findUnbilledTimeEntries(tx, firmId, filter);
  const expenses = await findUnbilledExpenses(tx, firmId, filter);
  const flatFees = await findUnbilledFlatFees(tx, firmId, filter);
  const itemCount = timeEntries.length + expenses.length + flatFees.length;
  const unbilledAmount = addMoney(
    '0',
    ...timeEntries.map((entry) => entry.homeTotalAmount),
    ...expenses.map((expense) => expense.homeAmount),
    ...flatFees.map((fee) => fee.amount),
  );
  const skipped = (reason: BillRunSkipReason): UnbilledDraftOutcome => ({ outcome: 'Skipped', reason, unbilledAmount, itemCount });
  const obstacles = await findUnbilledObstacles(tx, firmId, request);
  if (itemCount === 0) return skipped(obstacles.isOnDraft ? 'alreadyOnDraft' : 'nothingUnbilled');
  if (obstacles.hasOtherCurrency) return skipped('currencyMismatch');
  if (obstacles.hasTimeWithoutRate) return skipped('noRate');
  if (request.minimumAmount !== null && compareMoney(unbilledAmount, request.minimumAmount) < 0) return skipped('belowMinimum');
  const input: CreateInvoiceParsed = {
    clientId: request.clientId,
    matterIds: request.matterIds,
    timeEntryIds: timeEntries.map((entry) => entry.id),
    expenseIds: expenses.map((expense) => expense.id),
    flatFeeIds: flatFees.map((fee) => fee.id),
    lineAdjustments: [],
    discountValue: null,
    taxPercent: null,
    notes: null,
    paymentInstructions: null,
  };
  const { id, total } = await insertDraftInvoice(tx, principal, input);
  return { outcome: 'Drafted', invoiceId: id, total, unbilledAmount, itemCount };
}
