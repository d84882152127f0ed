import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { clients, firms, matters, users } from '../../db/schema/index.ts';

/** The dashboard's counts in one round trip. */
export async function findDashboardCounts(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({
      firmName: firms.name,
      activeClientCount: sql<number>`(select count(*)::int from ${clients} where ${clients.firmId} = ${firmId} and ${clients.deletedAt} is null and ${clients.status} = 'active')`,
      openMatterCount: sql<number>`(select count(*)::int from ${matters} where ${matters.firmId} = ${firmId} and ${matters.deletedAt} is null and ${matters.status} = 'Open')`,
      closedMatterCount: sql<number>`(select count(*)::int from ${matters} where ${matters.firmId} = ${firmId} and ${matters.deletedAt} is null and ${matters.status} = 'Closed')`,
      teamMemberCount: sql<number>`(select count(*)::int from ${users} where ${users.firmId} = ${firmId} and ${users.isActive})`,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row ?? null;
}

export async function countMattersByBillingType(tx: Tx, firmId: string) {
  return tx
    .select({ billingType: matters.billingType, count: sql<number>`count(*)::int` })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), isNull(matters.deletedAt), eq(matters.status, 'Open')))
    .groupBy(matters.billingType)
    .orderBy(matters.billingType);
}

export async function findRecentMatters(tx: Tx, firmId: string, limit: number) {
  return tx
    .select({
      id: matters.id,
      matterName: matters.matterName,
      clientName: clients.displayName,
      matterOpenDate: matters.matterOpenDate,
    })
    .from(matters)
    .innerJoin(clients, eq(clients.id, matters.clientId))
    .where(and(eq(matters.firmId, firmId), isNull(matters.deletedAt)))
    .orderBy(desc(matters.createdAt))
    .limit(limit);
}
