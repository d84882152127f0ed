import { sql } from 'drizzle-orm';
import { IS_BILLABLE } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { expenses, firms, flatFees, invoices, matters, timeEntries } from '../../db/schema/index.ts';
import { isUnbilledBillableExpense } from '../expenses/expenses.api.ts';
import { isBilledFlatFee } from '../flat-fees/flat-fees.api.ts';
import { isBilledTimeEntry } from '../time-entries/time-entries.api.ts';

export type UnbilledScope = { clientId: string; matterIds: string[]; workUpTo: string };

const onDraft = (invoiceId: unknown) =>
  sql`exists (select 1 from ${invoices} held where held.firm_id = ${firms.id} and held.id = ${invoiceId}
    and held.status = 'Draft' and held.deleted_at is null)`;

/**
 * What stands in the way of drafting a client's matters up to a day, in one statement: work of
 * theirs already on a draft, unbilled work kept in another currency than the firm's home currency
 * today (an invoice never adds two), and billable time on an hourly matter without a rate.
 */
export async function findUnbilledObstacles(tx: Tx, firmId: string, scope: UnbilledScope) {
  const matterIds = sql`${`{${scope.matterIds.join(',')}}`}::uuid[]`;
  const entries = sql`${timeEntries.firmId} = ${firms.id} and ${timeEntries.clientId} = ${scope.clientId}
    and ${timeEntries.matterId} = any(${matterIds}) and ${timeEntries.timeEntryDate} <= ${scope.workUpTo}
    and ${timeEntries.deletedAt} is null and ${timeEntries.isBillable} = ${IS_BILLABLE.billable}`;
  const costs = sql`${expenses.firmId} = ${firms.id} and ${expenses.clientId} = ${scope.clientId}
    and ${expenses.matterId} = any(${matterIds}) and ${expenses.expenseDate} <= ${scope.workUpTo} and ${expenses.deletedAt} is null`;
  const fees = sql`${flatFees.firmId} = ${firms.id} and ${flatFees.clientId} = ${scope.clientId}
    and ${flatFees.matterId} = any(${matterIds}) and ${flatFees.flatFeeDate} <= ${scope.workUpTo} and ${flatFees.deletedAt} is null`;
  const [row] = await rowsOf<{ isOnDraft: boolean; hasOtherCurrency: boolean; hasTimeWithoutRate: boolean }>(
    tx.execute(sql`select (exists (select 1 from ${timeEntries} where ${entries} and ${onDraft(timeEntries.invoiceId)})
        or exists (select 1 from ${expenses} where ${costs} and ${onDraft(expenses.invoiceId)})
        or exists (select 1 from ${flatFees} where ${fees} and ${onDraft(flatFees.invoiceId)})) as "isOnDraft",
      (exists (select 1 from ${timeEntries} where ${entries} and not ${isBilledTimeEntry}
          and coalesce(${timeEntries.homeCurrencyId}, ${firms.homeCurrencyId}) is distinct from ${firms.homeCurrencyId})
        or exists (select 1 from ${expenses} where ${costs} and ${isUnbilledBillableExpense}
          and coalesce(${expenses.homeCurrencyId}, ${firms.homeCurrencyId}) is distinct from ${firms.homeCurrencyId})
        or exists (select 1 from ${flatFees} where ${fees} and not ${isBilledFlatFee}
          and coalesce(${flatFees.currencyId}, ${firms.homeCurrencyId}) is distinct from ${firms.homeCurrencyId})) as "hasOtherCurrency",
      exists (select 1 from ${timeEntries} join ${matters}
          on ${matters.firmId} = ${timeEntries.firmId} and ${matters.id} = ${timeEntries.matterId} and ${matters.billingType} = 'Hourly'
        where ${entries} and not ${isBilledTimeEntry} and ${timeEntries.userRate} = 0) as "hasTimeWithoutRate"
    from ${firms} where ${firms.id} = ${firmId}`),
  );
  return row!;
}
