import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';
import { idempotencyKeys } from '../db/schema/index.ts';

type Claim = { firmId: string; key: string };

/** Claims the key; answers the earlier request's row when the key was already taken. */
export async function claimIdempotencyKey(tx: Tx, claim: Claim & { method: string; path: string }) {
  const inserted = await tx.insert(idempotencyKeys).values(claim).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  if (inserted.length === 1) return null;
  const [earlier] = await tx
    .select({
      method: idempotencyKeys.method,
      path: idempotencyKeys.path,
      statusCode: idempotencyKeys.statusCode,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.firmId, claim.firmId), eq(idempotencyKeys.key, claim.key)));
  return earlier ?? null;
}

export async function saveIdempotentAnswer(tx: Tx, answer: Claim & { statusCode: number; response: unknown }) {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, response: answer.response })
    .where(and(eq(idempotencyKeys.firmId, answer.firmId), eq(idempotencyKeys.key, answer.key)));
}

export async function forgetIdempotencyKey(tx: Tx, claim: Claim) {
  await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.firmId, claim.firmId), eq(idempotencyKeys.key, claim.key)));
}
