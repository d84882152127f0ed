import { sql, type SQL } from 'drizzle-orm';
import { TIME_ENTRY_STATUS } from '@matterhorn/shared';
import { timeEntries } from '../../db/schema/index.ts';

/**
 * The one rule of what is billed, in SQL: an entry on an invoice (SPEC.md's status 5 goes with it).
 * A billed entry's date, client, matter and duration are frozen and it cannot be deleted.
 */
export const isBilledTimeEntry: SQL = sql`(${timeEntries.invoiceId} is not null or ${timeEntries.status} = ${TIME_ENTRY_STATUS.billed})`;
