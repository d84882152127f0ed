import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { clients, firms, matters, portalAccounts } from '../../db/schema/index.ts';
import { firmToday, firmTodayText } from '../../platform/firm-clock.ts';

/**
 * The signed-in portal account's own profile: its person's name and sign-in email (issue 64: a
 * client's second contact saw the first's), the client it acts for, and the firm.
 */
export async function findPortalAccountProfile(tx: Tx, clientId: string, portalAccountId: string) {
  const [row] = await tx
    .select({
      clientId: clients.id,
      // A contact invited by name is that person; the client's own account is the client.
      name: sql<string>`coalesce(nullif(btrim(${portalAccounts.contactName}), ''), ${clients.displayName})`,
      email: portalAccounts.email,
      clientName: clients.displayName,
      company: sql<string>`coalesce(${firms.portalSlug}, '')`,
      firmName: firms.name,
      firmLogo: firms.logo,
    })
    .from(portalAccounts)
    .innerJoin(clients, and(eq(clients.id, portalAccounts.clientId), eq(clients.firmId, portalAccounts.firmId)))
    .innerJoin(firms, eq(firms.id, clients.firmId))
    .where(and(eq(portalAccounts.id, portalAccountId), eq(portalAccounts.clientId, clientId), isNull(clients.deletedAt)));
  return row ?? null;
}

/** Public branding for a portal's sign-in page. */
export async function findFirmBranding(tx: Tx, slug: string) {
  const [row] = await tx
    .select({ firmName: firms.name, firmLogo: firms.logo, company: sql<string>`${firms.portalSlug}` })
    .from(firms)
    .where(eq(firms.portalSlug, slug));
  return row ?? null;
}

/** The client's own matters in the firm, open ones first, each with its fee earners' names. */
export function findPortalClientMatters(tx: Tx, firmId: string, clientId: string) {
  return tx
    .select({
      matterId: matters.id,
      matterNumber: sql<string>`coalesce(${matters.matterNumber}, '')`,
      matterName: matters.matterName,
      status: matters.status,
      // Spelled out: drizzle leaves a one-table select's columns unqualified, which a correlated subquery cannot take.
      feeEarners: sql<string[]>`coalesce((
        select array_agg(assignee.name order by assignee.name)
        from matter_assignees assignment join users assignee on assignee.id = assignment.user_id
        where assignment.firm_id = ${firmId} and assignment.matter_id = "matters"."id"
      ), '{}')`,
    })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.clientId, clientId), isNull(matters.deletedAt)))
    .orderBy(desc(sql`${matters.status} = 'Open'`), desc(matters.matterOpenDate), asc(matters.matterName));
}

/** What the firm shared with the client never reaches them from a deleted matter, note or court update. */
const liveMatterOfClient = (firmId: string, clientId: string) =>
  sql`m.firm_id = ${firmId} and m.client_id = ${clientId} and m.deleted_at is null`;

/**
 * The client's hearings from the firm's today on: the next adjourned dates of court updates the
 * firm shared with the client, soonest first.
 */
export function findPortalCourtDates(tx: Tx, firmId: string, clientId: string, limit: number) {
  return rowsOf<PortalCourtDateRow>(
    tx.execute(sql`select cu.id as "courtUpdateId", m.id as "matterId", m.matter_name as "matterName", c.name as court,
        cu.suit_number as "suitNumber", cu.next_adjourned_date::text as date, to_char(cu.next_adjourned_time, 'HH24:MI') as time,
        cu.next_adjourned_purpose as purpose
      from court_updates cu
        join matters m on m.id = cu.matter_id and ${liveMatterOfClient(firmId, clientId)}
        join courts c on c.id = cu.court_id
        join firms f on f.id = cu.firm_id
      where cu.firm_id = ${firmId} and cu.client_id = ${clientId} and cu.is_shared_with_client and cu.deleted_at is null
        and cu.next_adjourned_date >= ${firmToday(sql`f.time_zone`)}
      order by cu.next_adjourned_date, cu.next_adjourned_time nulls last, cu.id
      limit ${limit}`),
  );
}
export type PortalCourtDateRow = {
  courtUpdateId: string;
  matterId: string;
  matterName: string;
  court: string;
  suitNumber: string;
  date: string;
  time: string | null;
  purpose: string | null;
};

/** The notes and court updates the firm shared on the client's matters (one matter, or all), newest first. */
export function findPortalSharedUpdates(tx: Tx, firmId: string, clientId: string, filter: { matterId?: string; limit: number }) {
  const matter = filter.matterId ? sql`and m.id = ${filter.matterId}` : sql``;
  return rowsOf<PortalSharedUpdateRow>(
    tx.execute(sql`select * from (
        select 'note' as kind, n.id, m.id as "matterId", m.matter_name as "matterName", n.note_date::text as date, n.created_at,
          n.title, n.body_html as "bodyHtml", null as court, null as "suitNumber", null as judge, null as outcome,
          null as "nextAdjournedDate", null as "nextAdjournedTime", null as "nextAdjournedPurpose", null as "nextSteps"
        from progress_notes n join matters m on m.id = n.matter_id and ${liveMatterOfClient(firmId, clientId)} ${matter}
        where n.firm_id = ${firmId} and n.client_id = ${clientId} and n.is_shared_with_client and n.deleted_at is null
        union all
        select 'courtUpdate', cu.id, m.id, m.matter_name, cu.hearing_date::text, cu.created_at,
          c.name || ' – ' || cu.suit_number, null, c.name, cu.suit_number, cu.judge, cu.outcome,
          cu.next_adjourned_date::text, to_char(cu.next_adjourned_time, 'HH24:MI'), cu.next_adjourned_purpose, cu.next_steps
        from court_updates cu join matters m on m.id = cu.matter_id and ${liveMatterOfClient(firmId, clientId)} ${matter}
          join courts c on c.id = cu.court_id
        where cu.firm_id = ${firmId} and cu.client_id = ${clientId} and cu.is_shared_with_client and cu.deleted_at is null
      ) shared
      order by date desc, created_at desc, id
      limit ${filter.limit}`),
  );
}
export type PortalSharedUpdateRow = {
  kind: 'note' | 'courtUpdate';
  id: string;
  matterId: string;
  matterName: string;
  date: string;
  title: string;
  bodyHtml: string | null;
  court: string | null;
  suitNumber: string | null;
  judge: string | null;
  outcome: string | null;
  nextAdjournedDate: string | null;
  nextAdjournedTime: string | null;
  nextAdjournedPurpose: string | null;
  nextSteps: string | null;
};

/** The statement's heading: the client's and the firm's names, and the firm's today. */
export async function findStatementHeading(tx: Tx, firmId: string, clientId: string) {
  const [row] = await tx
    .select({
      clientName: clients.displayName,
      firmName: firms.name,
      today: firmTodayText(firms.timeZone),
    })
    .from(clients)
    .innerJoin(firms, eq(firms.id, clients.firmId))
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId)));
  return row ?? null;
}
