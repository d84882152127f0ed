import { and, asc, eq, gte, inArray, isNull, lte, not } from 'drizzle-orm';
import { IS_BILLABLE, TIME_ENTRY_STATUS } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { activityTypes, timeEntries } from '../../db/schema/index.ts';
import { createInvoiceLock } from '../../platform/invoice-locks/invoice-lock.ts';
import { nameByKey } from '../../platform/lists/list-names.ts';
import { listColumns } from './time-entry-list.repository.ts';
import { isBilledTimeEntry } from './time-entry-billing.repository.ts';

/**
 * What other modules may know and do about time entries (an invoice, the dashboard, reports): the
 * rule of what is billed, and the lock an invoice takes on its entries. The invoices module will get
 * the billing surface from app.ts; nothing else of this module is another's to import.
 */
export { isBilledTimeEntry };

export const TIME_ENTRY_BILLING_MESSAGES = {
  notFree: 'Some of these time entries are already billed or no longer exist',
} as const;

export type TimeEntryBilling = ReturnType<typeof createTimeEntryBilling>;

/** The invoice lock on time entries: billed, an entry also takes SPEC.md's status 5 (3 again when released). */
export const createTimeEntryBilling = () =>
  createInvoiceLock({
    table: timeEntries,
    isBilled: isBilledTimeEntry,
    onBilled: { status: TIME_ENTRY_STATUS.billed },
    onReleased: { status: TIME_ENTRY_STATUS.unbilled },
    notFree: TIME_ENTRY_BILLING_MESSAGES.notFree,
  });

/** Which unbilled items an invoice looks at: a client's, optionally some matters, a date range, or exactly some ids. */
export type UnbilledItemFilter = {
  clientId: string;
  matterIds?: string[];
  from?: string | undefined;
  to?: string | undefined;
  ids?: string[];
  /** Instead of the unbilled ones: the items this invoice has locked (to snapshot them into its lines). */
  invoiceId?: string;
};

/**
 * A client's billable time entries not on an invoice (the invoice's unbilled items), oldest first,
 * as the time-entry list shows them, with the activity's UTBMS code for the invoice's LEDES lines.
 */
export async function findUnbilledTimeEntries(tx: Tx, firmId: string, filter: UnbilledItemFilter) {
  const rows = await tx
    .select({ ...listColumns, activityCode: nameByKey<string | null>(activityTypes, activityTypes.utbmsCode, timeEntries.activityTypeId) })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.firmId, firmId),
        isNull(timeEntries.deletedAt),
        eq(timeEntries.clientId, filter.clientId),
        eq(timeEntries.isBillable, IS_BILLABLE.billable),
        filter.invoiceId ? eq(timeEntries.invoiceId, filter.invoiceId) : not(isBilledTimeEntry),
        filter.matterIds?.length ? inArray(timeEntries.matterId, filter.matterIds) : undefined,
        filter.ids ? inArray(timeEntries.id, filter.ids) : undefined,
        filter.from ? gte(timeEntries.timeEntryDate, filter.from) : undefined,
        filter.to ? lte(timeEntries.timeEntryDate, filter.to) : undefined,
      ),
    )
    .orderBy(asc(timeEntries.timeEntryDate), asc(timeEntries.createdAt), asc(timeEntries.id));
  return rows.map(({ activityCode, ...row }) => ({ ...row, createdAt: row.createdAt.toISOString(), activityCode }));
}
