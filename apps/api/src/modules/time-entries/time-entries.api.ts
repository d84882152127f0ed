import { TIME_ENTRY_STATUS } from '@matterhorn/shared';
import { timeEntries } from '../../db/schema/index.ts';
import { createInvoiceLock } from '../../platform/invoice-locks/invoice-lock.ts';
import { isBilledTimeEntry } from './time-entry-billing.repository.ts';
import { findUnbilledTimeEntries } from './time-entry-list.repository.ts';

/**
 * What other modules may know and do about time entries (an invoice, the dashboard, reports): the
 * rule of what is billed, and the lock an invoice takes on its entries. The invoices module will get
 * the billing surface from app.ts; nothing else of this module is another's to import.
 */
export { isBilledTimeEntry };
/** A client's billable time entries not on an invoice (or those an invoice has locked), as the list shows them. */
export { findUnbilledTimeEntries };
/** How the reports and the dashboard read the time day totals. */
export { canDayTotalsAnswer, dayTotalsIn } from './time-entry-day-totals.repository.ts';
/** A fee earner's time from a day costed again once their cost rate from that day is set (the team module). */
export { recostTimeFrom } from './time-entry-costs.repository.ts';

/** Recording time by the popup's rules (Suggested time records an accepted suggestion through it). */
export { createTimeEntryService, type TimeEntryService } from './time-entries.service.ts';

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
/** A departing member's timers, stopped and handed to a colleague (the team module's deactivation). */
export { findAllTimersState, handTimerOver } from './time-entry-logs.repository.ts';
/** Time entries from a bulk import, by the popup's rules (the bulk-import module). */
export { importTimeEntries, type ImportedTimeEntry } from './time-entry-import.ts';
/** Pre-bill review's move to another matter and correction of the narrative of an entry not yet billed. */
export { reviseUnbilledTimeEntry } from './time-entry-review.repository.ts';
