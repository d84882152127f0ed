import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { authTokens, firms, users } from '../../db/schema/index.ts';

/** The member as My account shows and checks them: name, email, photo, password hash and firm name. */
export async function findMember(tx: Tx, firmId: string, userId: string) {
  const [row] = await tx
    .select({
      name: users.name,
      email: users.email,
      photo: users.photo,
      passwordHash: users.passwordHash,
      emailOptOuts: users.emailOptOuts,
      firmName: firms.name,
    })
    .from(users)
    .innerJoin(firms, eq(firms.id, users.firmId))
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
  return row ?? null;
}

export async function updateMemberDetails(tx: Tx, firmId: string, userId: string, values: { name: string; photo: string | null }) {
  await tx
    .update(users)
    .set(values)
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
}

export async function setEmailOptOuts(tx: Tx, firmId: string, userId: string, optOuts: string[]) {
  await tx
    .update(users)
    .set({ emailOptOuts: optOuts })
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
}

/** Moves the member's sign-in to another email; a new address proven by its link counts as verified. */
export async function setMemberEmail(tx: Tx, firmId: string, userId: string, email: string) {
  await tx
    .update(users)
    .set({ email, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
}

/** The new email a change waits to be confirmed for (the latest usable link), or null. */
export async function findPendingEmail(tx: Tx, firmId: string, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ email: authTokens.email })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.firmId, firmId),
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, 'change_email'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}

/** Voids the member's outstanding links of one kind: a newer request or a finished change makes them stale. */
export async function voidLinksOf(tx: Tx, firmId: string, userId: string, purpose: 'change_email' | 'undo_email_change') {
  await tx
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.firmId, firmId), eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}
