import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { calendarFeeds, courtCalendarSettings } from '../../db/schema/index.ts';

export type FeedScope = 'mine' | 'firm';

export async function insertCalendarFeed(tx: Tx, values: { firmId: string; userId: string; tokenHash: string; scope: FeedScope }) {
  const [row] = await tx
    .insert(calendarFeeds)
    .values(values)
    .returning({ id: calendarFeeds.id, scope: calendarFeeds.scope, createdAt: calendarFeeds.createdAt });
  return row!;
}

/** Retires the user's live feeds; answers the ids retired. */
export async function revokeCalendarFeeds(tx: Tx, firmId: string, userId: string): Promise<string[]> {
  const rows = await tx
    .update(calendarFeeds)
    .set({ revokedAt: new Date() })
    .where(and(eq(calendarFeeds.firmId, firmId), eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .returning({ id: calendarFeeds.id });
  return rows.map((row) => row.id);
}

export async function findLiveCalendarFeed(tx: Tx, firmId: string, userId: string) {
  const [row] = await tx
    .select({ id: calendarFeeds.id, scope: calendarFeeds.scope, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.firmId, firmId), eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .orderBy(desc(calendarFeeds.createdAt))
    .limit(1);
  return row ?? null;
}

/** Identity lookup (before the firm is known): a live feed by its token's hash. */
export async function findLiveFeedByTokenHash(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select({ firmId: calendarFeeds.firmId, userId: calendarFeeds.userId, scope: calendarFeeds.scope })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(calendarFeeds.revokedAt)));
  return row ?? null;
}

/** Whether the user is active, and their role's permissions (what a feed's scope is checked against). */
export async function findFeedOwner(tx: Tx, firmId: string, userId: string) {
  const result = await tx.execute(sql`
    select u.is_active as "isActive", coalesce(r.permissions, '{}') as "permissions"
    from users u left join roles r on r.firm_id = u.firm_id and r.id = u.role_id
    where u.firm_id = ${firmId} and u.id = ${userId}`);
  return (result as unknown as { rows: { isActive: boolean; permissions: string[] }[] }).rows[0] ?? null;
}

export const DEFAULT_CALENDAR_SETTINGS = { reminderDaysBefore: [1], isDailyDigestEnabled: true };

export async function findCalendarSettings(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({
      reminderDaysBefore: courtCalendarSettings.reminderDaysBefore,
      isDailyDigestEnabled: courtCalendarSettings.isDailyDigestEnabled,
    })
    .from(courtCalendarSettings)
    .where(eq(courtCalendarSettings.firmId, firmId));
  return row ?? DEFAULT_CALENDAR_SETTINGS;
}

export async function upsertCalendarSettings(
  tx: Tx,
  firmId: string,
  values: { reminderDaysBefore: number[]; isDailyDigestEnabled: boolean },
) {
  await tx
    .insert(courtCalendarSettings)
    .values({ firmId, ...values })
    .onConflictDoUpdate({ target: courtCalendarSettings.firmId, set: { ...values, updatedAt: new Date() } });
}
