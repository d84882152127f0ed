import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

export type PortalFeedRow = { id: string; createdAt: string };

export async function findLivePortalFeed(tx: Tx, firmId: string, portalAccountId: string) {
  const [row] = await rowsOf<PortalFeedRow>(
    tx.execute(sql`select id, to_json(created_at) #>> '{}' as "createdAt" from portal_calendar_feeds
      where firm_id = ${firmId} and portal_account_id = ${portalAccountId} and revoked_at is null
      order by created_at desc limit 1`),
  );
  return row ?? null;
}

/** Retires the account's live feeds (their URLs stop working); answers how many. */
export async function revokePortalFeeds(tx: Tx, firmId: string, portalAccountId: string) {
  const rows = await rowsOf<{ id: string }>(
    tx.execute(sql`update portal_calendar_feeds set revoked_at = now()
      where firm_id = ${firmId} and portal_account_id = ${portalAccountId} and revoked_at is null returning id`),
  );
  return rows.length;
}

export async function insertPortalFeed(tx: Tx, firmId: string, portalAccountId: string, tokenHash: string) {
  const [row] = await rowsOf<PortalFeedRow>(
    tx.execute(sql`insert into portal_calendar_feeds (firm_id, portal_account_id, token_hash) values (${firmId}, ${portalAccountId}, ${tokenHash})
      returning id, to_json(created_at) #>> '{}' as "createdAt"`),
  );
  return row!;
}

/** Identity lookup (before the firm is known): a live feed by its token's hash. */
export async function findLivePortalFeedByHash(tx: Tx, tokenHash: string) {
  const [row] = await rowsOf<{ firmId: string; portalAccountId: string }>(
    tx.execute(sql`select firm_id as "firmId", portal_account_id as "portalAccountId" from portal_calendar_feeds
      where token_hash = ${tokenHash} and revoked_at is null`),
  );
  return row ?? null;
}

/** The account's client, while the firm still lets them into the portal; the firm's name and time zone. */
export async function findFeedClient(tx: Tx, firmId: string, portalAccountId: string) {
  const [row] = await rowsOf<{ clientId: string; firmName: string; timeZone: string }>(
    tx.execute(sql`select p.client_id as "clientId", f.name as "firmName", f.time_zone as "timeZone"
      from portal_accounts p join clients c on c.firm_id = p.firm_id and c.id = p.client_id and c.is_portal_enabled and c.deleted_at is null
        join firms f on f.id = p.firm_id
      where p.firm_id = ${firmId} and p.id = ${portalAccountId} and p.status = 'active'`),
  );
  return row ?? null;
}

export type PortalHearingRow = {
  courtUpdateId: string;
  matterName: string;
  court: string;
  suitNumber: string;
  date: string;
  /** The firm's wall-clock time as a UTC instant, or null for a date without a time. */
  startsAt: string | null;
  purpose: string | null;
  /** When the hearing last changed (ISO): its last edit, or its delete. */
  updatedAt: string;
  /** Its revision in the calendar feed (SEQUENCE). */
  sequence: number;
  isCancelled: boolean;
};

/**
 * The client's hearings from `fromDate` on: the next adjourned dates of the court updates the firm
 * shared with the client on their live matters (the portal's rule for court dates), soonest first,
 * with the cancelled ones among them (a shared update deleted, or its next hearing taken away by an
 * edit), so the client's calendar marks them cancelled instead of keeping them.
 */
export function findPortalHearings(tx: Tx, firmId: string, clientId: string, fromDate: string, limit: number) {
  const part = (date: SQL, time: SQL, isCancelled: boolean, condition: SQL) => sql`
    select cu.id as "courtUpdateId", m.matter_name as "matterName", c.name as court, cu.suit_number as "suitNumber",
        ${date}::text as date, to_char(${time}, 'HH24:MI') as "time",
        case when ${time} is null then null else to_json((${date} + ${time}) at time zone f.time_zone) #>> '{}' end as "startsAt",
        cu.next_adjourned_purpose as purpose, to_json(greatest(cu.updated_at, cu.deleted_at)) #>> '{}' as "updatedAt",
        cu.calendar_sequence as "sequence", ${sql.raw(isCancelled ? 'true' : 'false')} as "isCancelled"
      from court_updates cu
        join matters m on m.id = cu.matter_id and m.firm_id = ${firmId} and m.client_id = ${clientId} and m.deleted_at is null
        join courts c on c.id = cu.court_id
        join firms f on f.id = cu.firm_id
      where cu.firm_id = ${firmId} and cu.client_id = ${clientId} and cu.is_shared_with_client and ${condition}
        and ${date} >= ${fromDate}::date`;
  const cancelledDate = sql`coalesce(cu.next_adjourned_date, cu.cancelled_next_date)`;
  return rowsOf<PortalHearingRow>(
    tx.execute(sql`${part(sql`cu.next_adjourned_date`, sql`cu.next_adjourned_time`, false, sql`cu.deleted_at is null`)}
      union all
      ${part(
        cancelledDate,
        sql`coalesce(cu.next_adjourned_time, cu.cancelled_next_time)`,
        true,
        sql`(cu.deleted_at is not null or cu.next_adjourned_date is null) and ${cancelledDate} is not null`,
      )}
      order by date, "time" nulls last, "courtUpdateId"
      limit ${limit}`),
  );
}
