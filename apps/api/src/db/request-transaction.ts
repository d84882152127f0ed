import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './transaction-types.ts';

/**
 * A request's one transaction (ADR 38): opened with its session check in one flight, joined by
 * every withFirm of the request's firm, ended once by the request.
 */
export type RequestTransaction = {
  firmId: string;
  tx: Tx;
  /** A section ran that did not declare itself read-only: the commit is awaited before the answer. */
  hasWritten: boolean;
  /** A section failed: PostgreSQL may have aborted the transaction, and what ran before must not commit. */
  hasFailed: boolean;
  isEnded: boolean;
  /**
   * The answer shows a row this request wrote (a folder made on first use): even a GET's commit is
   * awaited before it answers, or the user's next request, on another connection, may not find it.
   */
  isAnswerWritten?: boolean;
  /** Statements sent without waiting (the idempotency answer): the commit goes out behind them. */
  pending: Promise<unknown>[];
  /** Commit (or roll back, if a section failed); rejects if PostgreSQL refused the commit. */
  end(outcome: 'commit' | 'rollback'): Promise<void>;
};

const current = new AsyncLocalStorage<RequestTransaction>();

/** Runs fn so that every withFirm of the transaction's firm inside it joins the transaction. */
export const runInRequestTransaction = <T>(transaction: RequestTransaction, fn: () => Promise<T>): Promise<T> =>
  current.run(transaction, fn);

/** The open request transaction of this async context, if any. */
export const openRequestTransaction = (): RequestTransaction | undefined => {
  const transaction = current.getStore();
  return transaction && !transaction.isEnded ? transaction : undefined;
};

/** The transaction-local settings a section asks for, as one statement (set_config(…, true)). */
export const settingsStatement = (settings: Record<string, string>): SQL =>
  sql`select ${sql.join(
    Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
    sql`, `,
  )}`;

/**
 * A section of the request joins its transaction: no savepoint and no second begin. Settings it
 * asks for are sent ahead of its first statement without waiting (one flight on a pipelined
 * connection); a failure marks the whole request transaction for rollback.
 */
export async function joinRequestTransaction<T>(
  transaction: RequestTransaction,
  fn: (tx: Tx) => Promise<T>,
  options: { readOnly?: boolean; settings?: Record<string, string> },
): Promise<T> {
  if (transaction.hasFailed) throw new Error('The request transaction already failed: no further statements run in it');
  if (!options.readOnly) transaction.hasWritten = true;
  const settings =
    options.settings && Object.keys(options.settings).length > 0 ? transaction.tx.execute(settingsStatement(options.settings)) : null;
  // Its rejection surfaces below (the statements behind it fail too); never as an unhandled one.
  settings?.catch(() => undefined);
  try {
    const result = await fn(transaction.tx);
    if (settings) await settings;
    return result;
  } catch (error) {
    transaction.hasFailed = true;
    throw error;
  }
}

/** The answer shows what the open request transaction wrote: its commit is awaited first, even a GET's. */
export const commitBeforeAnswering = (): void => {
  const transaction = openRequestTransaction();
  if (transaction) transaction.isAnswerWritten = true;
};

/**
 * Ends the request's transaction once its handler is done: a write's commit is awaited before the
 * answer. A read's (a GET, or a request whose sections all declared READ_ONLY) is sent after the
 * answer (see route-access.ts): its commit cannot change what it read, and what a GET records on
 * the side (the portal's "viewed") is not what it answers — unless it is (isAnswerWritten).
 */
export async function finishRequestTransaction(transaction: RequestTransaction, isRead: boolean): Promise<void> {
  if (transaction.isEnded) return;
  if (transaction.hasFailed) await transaction.end('rollback');
  else if ((!isRead || transaction.isAnswerWritten) && (transaction.hasWritten || transaction.pending.length > 0))
    await transaction.end('commit');
}
