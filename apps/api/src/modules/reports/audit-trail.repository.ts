import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { substringPattern } from '../../platform/lists/list-statements.ts';

export type AuditTrailFilters = {
  timeZone: string;
  from?: string | undefined;
  to?: string | undefined;
  userId?: string | undefined;
  action?: string | undefined;
  recordType?: string | undefined;
  text?: string | undefined;
};

/**
 * The records whose name the trail shows beside their id, each by its primary key (a page's rows
 * only, or one pass over the table for a text search): `id` is the record's id as a uuid.
 */
const RECORD_NAMES: ReadonlyArray<{ recordType: string; table: string; name: string }> = [
  { recordType: 'client', table: 'clients', name: 'display_name' },
  { recordType: 'matter', table: 'matters', name: `coalesce(matter_number || ' ', '') || matter_name` },
  { recordType: 'invoice', table: 'invoices', name: 'invoice_number' },
  { recordType: 'role', table: 'roles', name: 'name' },
  { recordType: 'teamMember', table: 'users', name: 'name' },
  { recordType: 'practiceArea', table: 'practice_areas', name: 'name' },
  { recordType: 'court', table: 'courts', name: 'name' },
  { recordType: 'expenseCategory', table: 'expense_categories', name: 'name' },
  { recordType: 'activityType', table: 'activity_types', name: 'activity_type' },
  { recordType: 'ledgerAccount', table: 'ledger_accounts', name: `number || ' ' || name` },
  { recordType: 'bankAccount', table: 'bank_accounts', name: 'name' },
  { recordType: 'taxRate', table: 'tax_rates', name: 'name' },
  { recordType: 'trustAccount', table: 'trust_accounts', name: 'name' },
];

/** Where the record's table has no name, what the event itself says (an invoice's number, a name, an email). */
const NAME_IN_DETAILS = sql`coalesce(event.details->>'invoiceNumber', event.details->>'name', event.details->'after'->>'name',
  event.details->'before'->>'name', event.details->>'email')`;

const UUID_TEXT = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** The record's current name, looked up by its type (only that branch runs), else from the event's details. */
function recordNameOf(firmId: string): SQL {
  const byType = RECORD_NAMES.map(
    ({ recordType, table, name }) =>
      sql`when ${recordType} then (select ${sql.raw(name)} from ${sql.raw(table)} named where named.firm_id = ${firmId} and named.id = event.record_uuid)`,
  );
  return sql`coalesce(case event.entity_type ${sql.join(byType, sql` `)} end,
    case when event.entity_type = 'firm' then (select name from firms where id = ${firmId}) end, ${NAME_IN_DETAILS})`;
}

/** The ids of the named records whose name contains the text: each table read once, the events then matched by a hash. */
function recordsNamed(firmId: string, pattern: string): SQL {
  return sql.join(
    RECORD_NAMES.map(
      ({ table, name }) =>
        sql`select id::text from ${sql.raw(table)} named where named.firm_id = ${firmId} and ${sql.raw(name)} ilike ${pattern}`,
    ),
    sql` union all `,
  );
}

/**
 * The firm's events the filters choose. From and To are whole days in the firm's time zone, turned
 * into moments so the (firm_id, created_at) index reads only the period. Text: the details as JSON
 * text, the record's id or name, the address and the device, in any case — a scan of the period's
 * events (no text index yet).
 */
function chosenEvents(firmId: string, filters: AuditTrailFilters): SQL {
  const pattern = filters.text ? substringPattern(filters.text) : null;
  const conditions = [
    sql`event.firm_id = ${firmId}`,
    filters.from ? sql`event.created_at >= (${filters.from}::date)::timestamp at time zone ${filters.timeZone}` : undefined,
    filters.to ? sql`event.created_at < (${filters.to}::date + 1)::timestamp at time zone ${filters.timeZone}` : undefined,
    filters.userId ? sql`event.actor_user_id = ${filters.userId}` : undefined,
    filters.action ? sql`event.action = ${filters.action}` : undefined,
    filters.recordType ? sql`event.entity_type = ${filters.recordType}` : undefined,
    pattern
      ? sql`(event.details::text ilike ${pattern} or event.entity_id ilike ${pattern} or event.ip_address ilike ${pattern}
          or event.user_agent ilike ${pattern} or event.entity_id in (${recordsNamed(firmId, pattern)}))`
      : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  return sql`select event.* from audit_events event where ${sql.join(conditions, sql` and `)}`;
}

/** A moment as the trail prints it: DD/MM/YYYY HH:MM:SS in the firm's time zone. */
const momentText = (column: SQL, timeZone: string) => sql`to_char(${column} at time zone ${timeZone}, 'DD/MM/YYYY HH24:MI:SS')`;

export type AuditSummaryRow = { recordType: string; action: string; events: number; first: string; last: string };

/** The events by record type and action: how many, the first and the last. */
export async function findAuditSummary(tx: Tx, firmId: string, filters: AuditTrailFilters) {
  const rows = await rowsOf<Omit<AuditSummaryRow, 'events'> & { events: string }>(
    tx.execute(sql`
      select event.entity_type as "recordType", event.action, count(*)::text as events,
        ${momentText(sql`min(event.created_at)`, filters.timeZone)} as first, ${momentText(sql`max(event.created_at)`, filters.timeZone)} as last
      from (${chosenEvents(firmId, filters)}) event
      group by event.entity_type, event.action
      order by event.entity_type, event.action`),
  );
  return rows.map((row): AuditSummaryRow => ({ ...row, events: Number(row.events) }));
}

export type AuditEventRow = {
  id: number;
  at: string;
  actorName: string | null;
  action: string;
  recordType: string;
  recordId: string | null;
  recordName: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
};

/**
 * The events themselves, newest first, a page at a time. The page is found on the events' ids
 * alone (a deep page skips ids, not whole events), then read in full with the names. With a text
 * search, which reads every event of the period anyway, the count comes in the same pass.
 */
export async function findAuditEvents(tx: Tx, firmId: string, filters: AuditTrailFilters, page: { size: number; offset: number }) {
  const countedAlong = Boolean(filters.text);
  const [rows, counted] = await Promise.all([
    rowsOf<AuditEventRow & { totalCount?: string }>(
      tx.execute(sql`
        select event.id, ${momentText(sql`event.created_at`, filters.timeZone)} as at, actor.name as "actorName", event.action,
          event.entity_type as "recordType", event.entity_id as "recordId", ${recordNameOf(firmId)} as "recordName",
          event.ip_address as "ipAddress", event.user_agent as "userAgent", event.details${countedAlong ? sql`, paged.total_count as "totalCount"` : sql``}
        from (
          select chosen.id, chosen.created_at${countedAlong ? sql`, count(*) over () as total_count` : sql``}
          from (${chosenEvents(firmId, filters)}) chosen
          order by chosen.created_at desc, chosen.id desc
          limit ${page.size} offset ${page.offset}
        ) paged
        join lateral (
          select found.*, case when found.entity_id ~ ${UUID_TEXT} then found.entity_id::uuid end as record_uuid
          from audit_events found where found.firm_id = ${firmId} and found.id = paged.id
        ) event on true
        left join users actor on actor.firm_id = ${firmId} and actor.id = event.actor_user_id
        order by paged.created_at desc, paged.id desc`),
    ),
    countedAlong ? null : countEvents(tx, firmId, filters),
  ]);
  // A page past the last event carries no count of its own.
  const count = counted ?? (rows[0] ? Number(rows[0].totalCount) : page.offset > 0 ? await countEvents(tx, firmId, filters) : 0);
  return { rows: rows.map(({ totalCount: _totalCount, ...row }) => ({ ...row, id: Number(row.id) })), count };
}

async function countEvents(tx: Tx, firmId: string, filters: AuditTrailFilters): Promise<number> {
  const [row] = await rowsOf<{ count: string }>(
    tx.execute(sql`select count(*)::text as count from (${chosenEvents(firmId, filters)}) event`),
  );
  return Number(row!.count);
}

/** The name of the team member the User filter names, if they are the firm's. */
export async function findTeamMemberName(tx: Tx, firmId: string, userId: string): Promise<string | null> {
  const [row] = await rowsOf<{ name: string }>(tx.execute(sql`select name from users where firm_id = ${firmId} and id = ${userId}`));
  return row?.name ?? null;
}

const UTC_MOMENT = sql`'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/**
 * The firm's audit chain walked oldest first (issue 39): how many records, the newest one's hash,
 * and the first record whose content no longer matches its hash (audit_event_hash, migration 0075)
 * or that does not follow the record before it (its place, or the previous hash it names).
 */
export async function verifyAuditChain(tx: Tx, firmId: string) {
  const [summary] = await rowsOf<{ recordsChecked: number; lastHash: string | null }>(
    tx.execute(sql`select count(*)::int as "recordsChecked",
        (select row_hash from audit_events where firm_id = ${firmId} order by chain_position desc limit 1) as "lastHash"
      from audit_events where firm_id = ${firmId}`),
  );
  const [firstBreak] = await rowsOf<{
    id: string;
    chainPosition: number;
    action: string;
    createdAt: string;
    reason: 'contentChanged' | 'linkBroken';
  }>(
    tx.execute(sql`with walked as (
        select event.id, event.chain_position, event.action, event.created_at, event.row_hash, event.previous_hash,
          audit_event_hash(event) as recomputed,
          lag(event.row_hash) over (order by event.chain_position) as linked_hash,
          row_number() over (order by event.chain_position) as expected_position
        from audit_events event where event.firm_id = ${firmId}
      )
      select id::text, chain_position::int as "chainPosition", action, to_char(created_at at time zone 'UTC', ${UTC_MOMENT}) as "createdAt",
        case when row_hash <> recomputed then 'contentChanged' else 'linkBroken' end as reason
      from walked
      where row_hash <> recomputed or previous_hash is distinct from linked_hash or chain_position <> expected_position
      order by chain_position limit 1`),
  );
  return { ...summary!, firstBreak: firstBreak ?? null };
}
