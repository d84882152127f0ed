import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { activityTypes, currencies, users } from '../../db/schema/index.ts';
import type { TimeEntrySort } from './time-entries.rules.ts';
import { selectTimeEntryWindow, type TimeEntryKeyset, type TimeEntryListFilters } from './time-entry-list.repository.ts';

/** One exported row, every value as the CSV shows it; the few names of the firm's staff, activities and currencies are looked up once. */
export type TimeEntryExportRow = {
  id: string;
  sort_key: string[];
  time_entry_date: string;
  client_name: string;
  matter_label: string;
  activity_type_id: string;
  description: string;
  user_id: string;
  duration: string;
  is_billable: number;
  foreign_user_rate: string;
  total_amount: string;
  currency_id: number | null;
  is_locked: boolean;
  utbms_task_code: string | null;
};

/** The firm's fee earners, activity types and the currencies: small sets, read once per export. */
export async function findExportNames(tx: Tx, firmId: string) {
  const [people, activities, money] = [
    await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.firmId, firmId)),
    await tx.select({ id: activityTypes.id, name: activityTypes.activityType }).from(activityTypes).where(eq(activityTypes.firmId, firmId)),
    await tx.select({ id: currencies.id, code: currencies.isoCode }).from(currencies),
  ];
  return {
    users: new Map(people.map((row) => [row.id, row.name])),
    activities: new Map(activities.map((row) => [row.id, row.name])),
    currencies: new Map(money.map((row) => [row.id, row.code])),
  };
}

/**
 * The next `limit` rows after `after` in list order: a keyset (row comparison on the sort columns
 * and the id), so each batch starts where the last one ended instead of counting past the rows
 * before it. Raw rows with text values: mapping thousands of rows through the ORM cost more CPU
 * than the query. Sort values come back as text, keeping their full precision (microseconds).
 */
export async function findTimeEntryExportBatch(
  tx: Tx,
  firmId: string,
  filters: TimeEntryListFilters,
  sort: TimeEntrySort,
  limit: number,
  after: TimeEntryKeyset | null,
) {
  const { page, keys, order } = selectTimeEntryWindow(tx, firmId, filters, sort, { limit, after });
  const sortKey = sql.join(
    keys.map((key) => sql`${key.column}::text`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    select page.id, array[${sortKey}] as sort_key, page.time_entry_date::text as time_entry_date,
      (select display_name from clients looked_up where looked_up.id = page.client_id) as client_name,
      (select coalesce(matter_number || ' ', '') || matter_name from matters looked_up where looked_up.id = page.matter_id) as matter_label,
      page.activity_type_id, page.description, page.user_id, page.duration::text as duration, page.is_billable,
      page.foreign_user_rate::text as foreign_user_rate, page.total_amount::text as total_amount,
      coalesce(page.foreign_currency_id, page.home_currency_id) as currency_id,
      (page.invoice_id is not null or page.status = 5) as is_locked, page.utbms_task_code
    from ${page}
    order by ${sql.join(order, sql`, `)}`);
  const rows = (result as unknown as { rows: TimeEntryExportRow[] }).rows;
  const last = rows.at(-1);
  return { rows, next: last ? { values: last.sort_key, id: last.id } : null };
}
