import { billingIncrementOf, IS_BILLABLE } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { timeEntries } from '../../db/schema/index.ts';
import { findFirmBilling, findMatterRate } from './time-entries.repository.ts';
import { amountsOf, billedDurationOf, withMatterRate } from './time-entries.rules.ts';

export type ImportedTimeEntry = {
  clientId: string;
  matterId: string;
  activityTypeId: string;
  userId: string;
  timeEntryDate: string;
  duration: string;
  /** Blank: the fee earner's rate on the matter, as the popup takes it. */
  userRate: string | null;
  isBillable: boolean;
  description: string;
};

/**
 * Time entries from a bulk import (issue 39), by the popup's rules: a blank rate is the fee earner's
 * rate on the matter (refused when there is none), hours are billed rounded up to the firm's
 * increment, amounts in the home currency. One insert for the batch; answers the ids in order.
 * Throws the popup's refusal for a row that breaks a rule (the caller tries such rows one by one).
 */
export async function importTimeEntries(tx: Tx, firmId: string, enteredByUserId: string, entries: ImportedTimeEntry[]): Promise<string[]> {
  if (entries.length === 0) return [];
  const firm = await findFirmBilling(tx, firmId);
  const increment = billingIncrementOf(firm?.billingIncrement);
  const rates = new Map<string, string | null>();
  const values = [];
  for (const entry of entries) {
    const isBillable = entry.isBillable ? IS_BILLABLE.billable : IS_BILLABLE.notBillable;
    const key = `${entry.matterId}:${entry.userId}`;
    if (!rates.has(key)) rates.set(key, await findMatterRate(tx, firmId, entry.matterId, entry.userId));
    const rated = withMatterRate({ isBillable, userRate: entry.userRate ?? '0' }, rates.get(key)!);
    const duration = billedDurationOf(entry.duration, increment, null);
    values.push({
      firmId,
      clientId: entry.clientId,
      matterId: entry.matterId,
      activityTypeId: entry.activityTypeId,
      userId: entry.userId,
      enteredByUserId,
      manualTimeEntry: true,
      isBillable,
      description: entry.description,
      timeEntryDate: entry.timeEntryDate,
      duration,
      recordedDuration: entry.duration,
      homeCurrencyId: firm?.homeCurrencyId ?? null,
      foreignCurrencyId: null,
      exchangeRate: '1',
      utbmsTaskCode: null,
      ...amountsOf({ isBillable, userRate: rated.userRate, duration }, '1'),
    });
  }
  const rows = await tx.insert(timeEntries).values(values).returning({ id: timeEntries.id });
  return rows.map((row) => row.id);
}
