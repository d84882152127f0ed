import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
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
  const [lock, earlier] = claimStatements(request.firmId, request.key);
  await tx.execute(lock);
  return earlierOf(await rowsOf(tx.execute(earlier)));
}

/**
 * The claim as two statements, which the request's flight sends behind the session check (ADR 38):
 * the lock, taken only once the check has scoped the transaction to this firm (a refused session
 * takes no lock), then the earlier request's answer. Two statements, not one: a statement reads
 * the snapshot it started with, so a select that waited on the lock would not see the answer the
 * holder committed meanwhile.
 */
export const claimStatements = (firmId: string, key: string): [SQL, SQL] => [
  sql`select pg_advisory_xact_lock(hashtextextended(${`${firmId}:${key}`}, 0)) where current_setting('app.firm_id', true) = ${firmId}`,
  sql`select caller_id as "callerId", request_hash as "requestHash", status_code as "statusCode", response
    from ${idempotencyKeys} where firm_id = ${firmId}::uuid and key = ${key}`,
];

/** The claim's answer: the earlier request, null if none. */
export const earlierOf = (rows: Record<string, unknown>[] | undefined): Earlier | null => (rows?.[0] as Earlier | undefined) ?? null;

export async function saveAnswer(tx: Tx, request: IdempotentRequest, answer: IdempotentAnswer): Promise<void> {
  await tx.insert(idempotencyKeys).values({ ...request, ...answer });
}
