import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { sessions, users } from '../../db/schema/index.ts';

const isOpen = (firmId: string, userId: string) =>
  and(eq(sessions.firmId, firmId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** The member's open sessions, most recently active first. */
export function findOpenSessions(tx: Tx, firmId: string, userId: string) {
  return tx
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      signedInAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
    })
    .from(sessions)
    .where(isOpen(firmId, userId))
    .orderBy(desc(sessions.lastActiveAt), desc(sessions.createdAt));
}

/** Ends the member's open sessions: one, every one but one, or all; answers how many. */
export async function revokeOpenSessions(
  tx: Tx,
  firmId: string,
  userId: string,
  which: { only: string } | { except: string } | 'all',
): Promise<number> {
  const chosen = which === 'all' ? undefined : 'only' in which ? eq(sessions.id, which.only) : ne(sessions.id, which.except);
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(isOpen(firmId, userId), chosen))
    .returning({ id: sessions.id });
  return ended.length;
}

/** The session's last request, when the one written is more than five minutes old. */
export async function touchSession(tx: Tx, firmId: string, sessionId: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ lastActiveAt: sql`now()` })
    .where(and(eq(sessions.firmId, firmId), eq(sessions.id, sessionId), lt(sessions.lastActiveAt, sql`now() - interval '5 minutes'`)));
}

export async function findMemberName(tx: Tx, firmId: string, userId: string) {
  const [row] = await tx
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
  return row?.name ?? null;
}
