import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { clients, firms } from '../../db/schema/index.ts';

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
