import { sql, type SQL } from 'drizzle-orm';
import type { BillableHoursKind } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { canDayTotalsAnswer, dayTotalsIn, isBilledTimeEntry } from '../time-entries/time-entries.api.ts';
import { activityConditions, matterNameOf, namedMatterAndFeeEarnerGroups, type ActivityFilters } from './report-filters.repository.ts';

/** SPEC.md §9: a time entry's is_billable, 4 billable and 2 not. */
const BILLABLE = 4;
const NOT_BILLABLE = 2;

const timeEntriesIn = (firmId: string, filters: ActivityFilters) =>
  activityConditions('time_entries', firmId, filters, { date: 'time_entry_date', feeEarner: 'user_id' });

/** Which entries each kind of figure counts: billed is the time-entries module's own rule. */
const KIND_CONDITIONS: Record<BillableHoursKind, SQL> = {
  billable: sql`time_entries.is_billable = ${BILLABLE}`,
  nonBillable: sql`time_entries.is_billable = ${NOT_BILLABLE}`,
  billed: sql`time_entries.is_billable = ${BILLABLE} and ${isBilledTimeEntry}`,
  unbilled: sql`time_entries.is_billable = ${BILLABLE} and not ${isBilledTimeEntry}`,
};

/** The same kinds in the time day totals, which keep each day's billed and unbilled time apart by that rule. */
const DAY_KIND_CONDITIONS: Record<BillableHoursKind, SQL> = {
  billable: sql`day.is_billable = ${BILLABLE}`,
  nonBillable: sql`day.is_billable = ${NOT_BILLABLE}`,
  billed: sql`day.is_billable = ${BILLABLE} and day.is_billed`,
  unbilled: sql`day.is_billable = ${BILLABLE} and not day.is_billed`,
};

export type BillableHoursFigures = {
  billableHours: string;
  billableValue: string;
  nonBillableHours: string;
  billedHours: string;
  billedValue: string;
  unbilledHours: string;
  unbilledValue: string;
};

export type BillableHoursGroupRow = BillableHoursFigures & {
  clientName: string;
  matterId: string;
  matterName: string;
  feeEarnerId: string;
  feeEarnerName: string;
};

// Non-billable time is stored at no rate and no amount (SPEC.md): it has hours only.
const figuresOf = (conditions: Record<BillableHoursKind, SQL>, hours: SQL, amount: SQL) =>
  Object.entries(conditions).map(([kind, condition]) => {
    const hoursSum = sql`coalesce(sum(${hours}) filter (where ${condition}), 0)::numeric(20, 4)::text as ${sql.identifier(`${kind}Hours`)}`;
    if (kind === 'nonBillable') return hoursSum;
    return sql`${hoursSum}, coalesce(sum(${amount}) filter (where ${condition}), 0)::numeric(20, 2)::text as ${sql.identifier(`${kind}Value`)}`;
  });
const figures = figuresOf(KIND_CONDITIONS, sql`time_entries.duration`, sql`time_entries.home_total_amount`);
const dayFigures = figuresOf(DAY_KIND_CONDITIONS, sql`day.hours`, sql`day.amount`);

const FIGURE_NAMES = Object.keys(KIND_CONDITIONS).flatMap((kind) =>
  kind === 'nonBillable' ? [`${kind}Hours`] : [`${kind}Hours`, `${kind}Value`],
);

/**
 * Each fee earner's hours and values: from the time day totals (a year of a large firm's entries is a
 * few thousand of their rows), or from the entries when the filter names a client, matter or
 * practice area, which the totals do not keep.
 */
export function findBillableHoursByFeeEarner(tx: Tx, firmId: string, filters: ActivityFilters) {
  const summed = canDayTotalsAnswer(filters)
    ? sql`select day.fee_earner_id, ${sql.join(dayFigures, sql`, `)}
        from time_entry_day_totals day where ${dayTotalsIn(firmId, filters)}
        group by day.fee_earner_id having sum(day.entries) > 0`
    : sql`select time_entries.user_id as fee_earner_id, ${sql.join(figures, sql`, `)}
        from time_entries where ${timeEntriesIn(firmId, filters)} group by time_entries.user_id`;
  return rowsOf<BillableHoursFigures & { feeEarnerId: string; feeEarnerName: string }>(
    tx.execute(sql`
      select summed.fee_earner_id as "feeEarnerId", fee_earner.name as "feeEarnerName",
        ${sql.join(
          FIGURE_NAMES.map((name) => sql`summed.${sql.identifier(name)}`),
          sql`, `,
        )}
      from (${summed}) summed
      join users fee_earner on fee_earner.firm_id = ${firmId} and fee_earner.id = summed.fee_earner_id
      order by fee_earner.name, summed.fee_earner_id`),
  );
}

/** Each fee earner's hours and values on each matter: summed by ids first, then named (names sort a year's entries slowly). */
export function findBillableHoursByMatterAndFeeEarner(tx: Tx, firmId: string, filters: ActivityFilters) {
  return rowsOf<BillableHoursGroupRow>(
    tx.execute(sql`
      select client.display_name as "clientName", summed.matter_id as "matterId", ${matterNameOf('matter')} as "matterName",
        summed.fee_earner_id as "feeEarnerId", fee_earner.name as "feeEarnerName",
        ${sql.join(
          FIGURE_NAMES.map((name) => sql`summed.${sql.identifier(name)}`),
          sql`, `,
        )}
      from (
        select time_entries.client_id, time_entries.matter_id, time_entries.user_id as fee_earner_id, ${sql.join(figures, sql`, `)}
        from time_entries where ${timeEntriesIn(firmId, filters)}
        group by time_entries.client_id, time_entries.matter_id, time_entries.user_id
      ) summed
      ${namedMatterAndFeeEarnerGroups(firmId)}`),
  );
}

/** Σ hours and Σ values of every time entry in the filter, straight off the table: the tie-out. */
export async function sumTimeEntries(tx: Tx, firmId: string, filters: ActivityFilters) {
  const [row] = await rowsOf<{ hours: string; value: string }>(
    tx.execute(sql`select coalesce(sum(duration), 0)::numeric(20, 4)::text as hours,
        coalesce(sum(home_total_amount), 0)::numeric(20, 2)::text as value
      from time_entries where ${timeEntriesIn(firmId, filters)}`),
  );
  return row!;
}

export type BillableHoursEntryRow = {
  date: string;
  clientName: string;
  matterName: string;
  feeEarnerName: string;
  description: string;
  isBillable: boolean;
  isBilled: boolean;
  hours: string;
  value: string;
};

/** The time entries behind a figure (the drill-down), oldest first, a page at a time, with their count and sums. */
export async function findBillableHoursEntries(
  tx: Tx,
  firmId: string,
  filters: ActivityFilters & { kind?: BillableHoursKind | undefined },
  page: { size: number; offset: number },
) {
  const where = sql`${timeEntriesIn(firmId, filters)}${filters.kind ? sql` and ${KIND_CONDITIONS[filters.kind]}` : sql``}`;
  const [rows, [summary]] = await Promise.all([
    rowsOf<BillableHoursEntryRow>(
      tx.execute(sql`
        select to_char(time_entries.time_entry_date, 'YYYY-MM-DD') as date, client.display_name as "clientName",
          ${matterNameOf('matter')} as "matterName", fee_earner.name as "feeEarnerName", time_entries.description,
          time_entries.is_billable = ${BILLABLE} as "isBillable", ${isBilledTimeEntry} as "isBilled",
          time_entries.duration::text as hours, time_entries.home_total_amount::text as value
        from time_entries
        join clients client on client.firm_id = ${firmId} and client.id = time_entries.client_id
        join matters matter on matter.firm_id = ${firmId} and matter.id = time_entries.matter_id
        join users fee_earner on fee_earner.firm_id = ${firmId} and fee_earner.id = time_entries.user_id
        where ${where}
        order by time_entries.time_entry_date, time_entries.created_at, time_entries.id
        limit ${page.size} offset ${page.offset}`),
    ),
    rowsOf<{ count: string; hours: string; value: string }>(
      tx.execute(sql`select count(*)::text as count, coalesce(sum(duration), 0)::numeric(20, 4)::text as hours,
          coalesce(sum(home_total_amount), 0)::numeric(20, 2)::text as value
        from time_entries where ${where}`),
    ),
  ]);
  return { rows, count: Number(summary!.count), hours: summary!.hours, value: summary!.value };
}
