import { sql, type SQL } from 'drizzle-orm';

/** The filters the time and matter reports share, by activity date. */
export type ActivityFilters = {
  from?: string | undefined;
  to?: string | undefined;
  feeEarnerId?: string | undefined;
  clientId?: string | undefined;
  matterId?: string | undefined;
  practiceAreaId?: string | undefined;
  /** Only items of matters without a practice area. */
  noPracticeArea?: boolean | undefined;
};

/**
 * The conditions an item table's rows pass: the firm's live rows dated in the range, of the fee
 * earner, client, matter and practice area the filters name. `table` is the table's name or alias
 * in the query; `columns` name its date and fee-earner columns.
 */
export function activityConditions(
  table: string,
  firmId: string,
  filters: ActivityFilters,
  columns: { date: string; feeEarner: string | null },
): SQL {
  const column = (name: string) => sql.raw(`${table}.${name}`);
  const areaOfMatter = sql`select 1 from matter_practice_areas area where area.firm_id = ${column('firm_id')}
    and area.matter_id = ${column('matter_id')}`;
  return sql.join(
    [
      sql`${column('firm_id')} = ${firmId}`,
      sql`${column('deleted_at')} is null`,
      filters.from ? sql`${column(columns.date)} >= ${filters.from}` : undefined,
      filters.to ? sql`${column(columns.date)} <= ${filters.to}` : undefined,
      filters.feeEarnerId && columns.feeEarner ? sql`${column(columns.feeEarner)} = ${filters.feeEarnerId}` : undefined,
      filters.clientId ? sql`${column('client_id')} = ${filters.clientId}` : undefined,
      filters.matterId ? sql`${column('matter_id')} = ${filters.matterId}` : undefined,
      filters.practiceAreaId ? sql`exists (${areaOfMatter} and area.practice_area_id = ${filters.practiceAreaId})` : undefined,
      filters.noPracticeArea ? sql`not exists (${areaOfMatter})` : undefined,
    ].filter((condition): condition is SQL => condition !== undefined),
    sql` and `,
  );
}

/** The client, matter and practice-area filters on a matter row `matter` (an alias), for items read by matter: always a condition. */
export function matterScopeOf(matter: string, filters: ActivityFilters): SQL {
  const column = (name: string) => sql.raw(`${matter}.${name}`);
  const areaOfMatter = sql`select 1 from matter_practice_areas area where area.firm_id = ${column('firm_id')} and area.matter_id = ${column('id')}`;
  return sql.join(
    [
      sql`true`,
      filters.clientId ? sql`${column('client_id')} = ${filters.clientId}` : undefined,
      filters.matterId ? sql`${column('id')} = ${filters.matterId}` : undefined,
      filters.practiceAreaId ? sql`exists (${areaOfMatter} and area.practice_area_id = ${filters.practiceAreaId})` : undefined,
      filters.noPracticeArea ? sql`not exists (${areaOfMatter})` : undefined,
    ].filter((condition): condition is SQL => condition !== undefined),
    sql` and `,
  );
}

/** A matter as the reports name it: its number, then its name. */
export const matterNameOf = (matter: string) => sql.raw(`coalesce(${matter}.matter_number || ' ', '') || ${matter}.matter_name`);

/**
 * The names of a subquery `summed` of sums by client_id, matter_id and fee_earner_id (summed by ids
 * first: sorting a year's entries by name is slow), joined and in the order the reports list them.
 */
export const namedMatterAndFeeEarnerGroups = (firmId: string) => sql`
  join clients client on client.firm_id = ${firmId} and client.id = summed.client_id
  join matters matter on matter.firm_id = ${firmId} and matter.id = summed.matter_id
  join users fee_earner on fee_earner.firm_id = ${firmId} and fee_earner.id = summed.fee_earner_id
  order by client.display_name, matter.matter_name, fee_earner.name, summed.fee_earner_id, summed.matter_id`;
