import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { clients, firms, matters } from '../../db/schema/index.ts';

export async function findPortalClientProfile(tx: Tx, clientId: string) {
  const [row] = await tx
    .select({
      clientId: clients.id,
      name: clients.displayName,
      email: sql<string>`coalesce(${clients.email}, '')`,
      company: sql<string>`coalesce(${firms.portalSlug}, '')`,
      firmName: firms.name,
      firmLogo: firms.logo,
    })
    .from(clients)
    .innerJoin(firms, eq(firms.id, clients.firmId))
    .where(and(eq(clients.id, clientId), isNull(clients.deletedAt)));
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
