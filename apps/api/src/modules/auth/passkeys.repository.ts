import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { userPasskeys } from '../../db/schema/index.ts';

const listed = { id: userPasskeys.id, name: userPasskeys.name, createdAt: userPasskeys.createdAt, lastUsedAt: userPasskeys.lastUsedAt };

export function findPasskeysOf(tx: Tx, firmId: string, userId: string) {
  return tx
    .select({ ...listed, credentialId: userPasskeys.credentialId, transports: userPasskeys.transports })
    .from(userPasskeys)
    .where(and(eq(userPasskeys.firmId, firmId), eq(userPasskeys.userId, userId)))
    .orderBy(asc(userPasskeys.createdAt));
}

export async function insertPasskey(tx: Tx, values: typeof userPasskeys.$inferInsert) {
  const [row] = await tx.insert(userPasskeys).values(values).returning(listed);
  return row!;
}

export async function deletePasskey(tx: Tx, firmId: string, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.firmId, firmId), eq(userPasskeys.userId, userId), eq(userPasskeys.id, id)))
    .returning({ id: userPasskeys.id });
  return rows.length === 1;
}

/** An administrator's reset of a member's factors removes their passkeys too. */
export async function deletePasskeysOf(tx: Tx, firmId: string, userId: string): Promise<number> {
  const rows = await tx
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.firmId, firmId), eq(userPasskeys.userId, userId)))
    .returning({ id: userPasskeys.id });
  return rows.length;
}

/** Whose a credential is, read through the identity lookup before the firm is known. */
export async function findPasskeyOwner(tx: Tx, credentialId: string) {
  const [row] = await tx
    .select({ id: userPasskeys.id, firmId: userPasskeys.firmId, userId: userPasskeys.userId })
    .from(userPasskeys)
    .where(eq(userPasskeys.credentialId, credentialId));
  return row ?? null;
}

export async function findPasskey(tx: Tx, firmId: string, id: string) {
  const [row] = await tx
    .select()
    .from(userPasskeys)
    .where(and(eq(userPasskeys.firmId, firmId), eq(userPasskeys.id, id)))
    .for('update');
  return row ?? null;
}

export async function recordPasskeyUse(tx: Tx, firmId: string, id: string, counter: number) {
  await tx
    .update(userPasskeys)
    .set({ counter, lastUsedAt: sql`now()` })
    .where(and(eq(userPasskeys.firmId, firmId), eq(userPasskeys.id, id)));
}
