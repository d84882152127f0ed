import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';

export type IdempotentRequest = { firmId: string; key: string; callerId: string; requestHash: string };
export type IdempotentAnswer = { statusCode: number; response: unknown };
type Earlier = { callerId: string; requestHash: string } & IdempotentAnswer;

/**
 * Locks the firm's key for this transaction: waits while another transaction holds it, then reads
 * what that one committed (nothing, if it rolled back). A transaction-scoped advisory lock keeps the
 * claim and the answer in one row written once, with the request's own writes.
 */
export async function lockKey(tx: Tx, request: IdempotentRequest): Promise<Earlier | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${request.firmId}:${request.key}`}, 0))`);
  const [earlier] = await tx
    .select({
      callerId: idempotencyKeys.callerId,
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.firmId, request.firmId), eq(idempotencyKeys.key, request.key)));
  return earlier ?? null;
}

export async function saveAnswer(tx: Tx, request: IdempotentRequest, answer: IdempotentAnswer): Promise<void> {
  await tx.insert(idempotencyKeys).values({ ...request, ...answer });
}
